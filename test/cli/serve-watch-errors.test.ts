/**
 * `ias serve` says on stderr an error of a hot reload of the skills folder, rather than losing it:
 * a real process, the owner's own skill under a shipped skill's name (switched on its own) deleted
 * by hand, and the database held locked by this (other) process past the busy timeout while the
 * reload's change listener forgets its switch. In the owner's language (the error's own words as
 * SQLite gives them).
 */
import fs from 'node:fs';
import { afterEach, expect, it } from 'vitest';
import { dataPaths } from '../../src/core/paths.js';
import { openStore } from '../../src/core/store/index.js';
import { holdWriteLock } from '../helpers/held-lock.js';
import { scriptSkill, tempDir, writeSkill } from '../helpers/temp.js';
import { killIfRunning, startServe, stderrShows, stopServe, type ServeProcess } from '../server/serve-process.js';

let running: ServeProcess | undefined;
afterEach(async () => {
  await killIfRunning(running);
  running = undefined;
});

it.each([
  ['English', {}, 'warning: while watching the skills folder: database is locked\n'],
  ['简体中文', { LANG: 'zh_CN.UTF-8' }, '警告：监视技能文件夹时出错：database is locked\n'],
])(
  'ias serve prints a hot reload that failed (the database locked by another process) as a warning, in %s',
  async (_language, env, warning) => {
    const home = tempDir('ias-serve-watch-');
    const paths = dataPaths(home);
    // The owner wrote a skill of their own in place of a shipped one, and switched it off.
    const own = writeSkill(paths.userSkills, 'query_weather', scriptSkill({ script: 'echo sunny' }));
    const store = openStore(paths.database);
    store.skillSettings.setEnabled({ name: 'query_weather', source: 'user' }, false);
    store.close();
    running = await startServe(['--port', '0', '--no-wechat', '--home', home], env);

    // It is deleted by hand while another process holds the database: its switch cannot be forgotten.
    const lock = holdWriteLock(paths.database);
    fs.rmSync(own, { recursive: true });
    await stderrShows(running, warning);
    lock.release();

    expect(await stopServe(running)).toEqual({ code: 0, signal: null });
  },
);
