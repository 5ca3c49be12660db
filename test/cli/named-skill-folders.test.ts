/**
 * A skills folder named on the command line that is not there is said on stderr, naming it, in the
 * owner's language; the command goes on as before. The default folders say nothing. The real CLI.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ias } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

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
});
