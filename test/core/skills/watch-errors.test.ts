/**
 * An error in a hot reload of the skills folder is reported (RuntimeOptions.onWatchError), not
 * lost: here the owner's own skill under a system skill's name, switched on its own, is deleted by
 * hand, and the registry's 'change' listener that forgets its switch writes to a database another
 * process holds locked past the busy timeout (a long write of another iAs, say). A real runtime
 * with its watcher, a real folder deleted and a real SQLite lock from another connection; how the
 * terminal says it, hidden characters shown.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dataPaths } from '../../../src/core/paths.js';
import { openRuntime, type Runtime } from '../../../src/core/runtime.js';
import { skillWatchErrorText } from '../../../src/shared/skill-watch-error.js';
import { holdWriteLock } from '../../helpers/held-lock.js';
import { scriptSkill, tempDir, writeSkill } from '../../helpers/temp.js';

const systemSkills = path.resolve('resources/skills');

let runtime: Runtime | undefined;
afterEach(async () => {
  await runtime?.close();
  runtime = undefined;
});

describe('an error while the skills folder is watched', () => {
  it('a reload whose change listener finds the database locked by another process is reported', async () => {
    const home = tempDir('ias-watch-');
    let report!: (err: Error) => void;
    const reported = new Promise<Error>((resolve) => (report = resolve));
    // The owner wrote a skill of their own in place of a shipped one, and switched it off.
    const own = writeSkill(dataPaths(home).userSkills, 'query_weather', scriptSkill({ script: 'echo sunny' }));
    runtime = await openRuntime({ home, systemSkills, watch: true, onWatchError: (err) => report(err) });
    runtime.store.skillSettings.setEnabled({ name: 'query_weather', source: 'user' }, false);
    expect(runtime.registry.get('query_weather')).toMatchObject({ source: 'user', overrides: true });

    // Another connection holds the write lock, as a long write of another iAs process would, while
    // the owner's skill is deleted by hand: its switch is to be forgotten.
    const lock = holdWriteLock(runtime.paths.database);
    fs.rmSync(own, { recursive: true });

    const err = (await reported) as Error & { code?: string };
    lock.release();
    expect(err.code).toBe('SQLITE_BUSY');
    expect(skillWatchErrorText(err)).toBe('while watching the skills folder: database is locked');
    // The folder's going was taken in; only the listener's write failed.
    expect(runtime.registry.get('query_weather')?.source).toBe('system');
  });

  it('is said on one line, every hidden character shown', () => {
    const err = new Error('cannot read /skills/\u001b[2Jevil\nwarning: all good');
    expect(skillWatchErrorText(err)).toBe(
      'while watching the skills folder: cannot read /skills/\\u001b[2Jevil\\u000awarning: all good',
    );
    expect(skillWatchErrorText('plain words')).toBe('while watching the skills folder: plain words');
  });
});
