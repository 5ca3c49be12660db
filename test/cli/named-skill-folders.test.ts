/**
 * A skills folder named on the command line that is not there, or is no folder, is said on stderr,
 * naming it, in the owner's language, by the commands that load skills; the command goes on as
 * before. `ias serve` says it will make a missing user folder. The default folders say nothing, nor
 * do commands that load no skills. The real CLI.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ias } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';
import { killIfRunning, startServe, stopServe, type ServeProcess } from '../server/serve-process.js';

let running: ServeProcess | undefined;
afterEach(async () => {
  await killIfRunning(running);
  running = undefined;
});

describe('ias with a skills folder that does not exist', () => {
  it('warns of --system-skills and --user-skills naming each, in English and 简体中文, with the exit code as before', () => {
    const home = tempDir('ias-named-folders-');
    const system = path.join(home, 'no-system');
    const user = path.join(home, 'no-user');
    const args = ['--home', home, '--system-skills', system, '--user-skills', user, 'skills', 'list'];

    const english = ias(args);
    expect(english.status).toBe(0);
    expect(english.stdout).toBe('No skills found.\n');
    expect(english.stderr).toBe(
      `warning: the system skills folder ${system} (--system-skills) does not exist\n` +
        `warning: the user skills folder ${user} (--user-skills) does not exist\n`,
    );

    const chinese = ias(args, { LANG: 'zh_CN.UTF-8' });
    expect(chinese.status).toBe(0);
    expect(chinese.stdout).toBe('没有找到技能。\n');
    expect(chinese.stderr).toBe(
      `警告：系统技能文件夹 ${system}（--system-skills）不存在\n警告：用户技能文件夹 ${user}（--user-skills）不存在\n`,
    );
  });

  it('says nothing of the default folders, nor of folders that are there', () => {
    const home = tempDir('ias-named-folders-');
    const first = ias(['--home', home, 'skills', 'list']);
    expect(first.status).toBe(0);
    expect(first.stderr).not.toContain('does not exist');

    const system = tempDir('ias-named-system-');
    const user = tempDir('ias-named-user-');
    const named = ias(['--home', home, '--system-skills', system, '--user-skills', user, 'skills', 'list']);
    expect(named).toEqual({ status: 0, stdout: 'No skills found.\n', stderr: '' });
    expect(fs.readdirSync(user)).toEqual([]);
  });

  it('warns of a named folder that is a file as not a folder, in English and 简体中文', () => {
    const home = tempDir('ias-named-folders-');
    const user = path.join(home, 'a-file');
    fs.writeFileSync(user, 'not a folder');
    const args = ['--home', home, '--user-skills', user, 'skills', 'list'];

    const english = ias(args);
    expect(english.status).toBe(0);
    // (The listing then says the folder cannot be read, as before.)
    expect(english.stderr.split('\n')[0]).toBe(
      `warning: the user skills folder ${user} (--user-skills) is not a folder`,
    );
    const chinese = ias(args, { LANG: 'zh_CN.UTF-8' });
    expect(chinese.status).toBe(0);
    expect(chinese.stderr.split('\n')[0]).toBe(`警告：用户技能文件夹 ${user}（--user-skills）不是文件夹`);
  });

  it('says nothing for commands that load no skills', () => {
    const home = tempDir('ias-named-folders-');
    const named = ['--home', home, '--system-skills', path.join(home, 'no-system')];
    for (const command of [['audit'], ['provider', 'show'], ['tasks', 'list']]) {
      const run = ias([...named, '--user-skills', path.join(home, 'no-user'), ...command]);
      expect(run.status).toBe(0);
      expect(run.stderr).not.toContain('skills folder');
    }
  });

  it('ias serve says a missing user folder will be made, and makes it', async () => {
    const home = tempDir('ias-named-folders-');
    const user = path.join(home, 'new-user');
    running = await startServe(['--port', '0', '--no-wechat', '--home', home, '--user-skills', user]);
    expect(running.stderr()).toContain(
      `warning: the user skills folder ${user} (--user-skills) does not exist yet: it will be made\n`,
    );
    expect(running.stderr()).not.toContain('does not exist\n');
    expect(fs.statSync(user).isDirectory()).toBe(true);
    expect(await stopServe(running)).toEqual({ code: 0, signal: null });
  });
});
