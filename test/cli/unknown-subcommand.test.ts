/**
 * A word that names none of a group's subcommands (`ias tasks bogus`) is an unknown command, said
 * in the owner's language with the group's help after it; not an extra argument of the group's
 * default subcommand, whatever options come before it. The group alone still runs its default.
 */
import { describe, expect, it } from 'vitest';
import { ias } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

const run = (args: string[], env: Record<string, string> = {}) => ias(['--home', tempDir('ias-home-'), ...args], env);

/** Each group, its default subcommand, and the others its help names. */
const GROUPS = [
  ['skills', 'list', ['check', 'run', 'config', 'review']],
  ['tasks', 'list', ['run', 'pause', 'resume', 'delete']],
  ['provider', 'show', ['set', 'test', 'clear-key']],
  ['wechat', 'status', ['login', 'pair', 'logout']],
] as const;

describe('an unknown subcommand', () => {
  it.each(GROUPS)(
    '`ias %s xyzzy` names the word, not its default `%s`, and the group’s subcommands',
    (group, dflt, others) => {
      const { status, stdout, stderr } = run([group, 'xyzzy']);
      expect(status).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toMatch(
        new RegExp(String.raw`^error: unknown command 'xyzzy'\n\nUsage: ias ${group} \[options\] \[command\]\n`),
      );
      expect(stderr).not.toContain('too many arguments');
      expect(stderr).not.toContain(`Usage: ias ${group} ${dflt}`);
      for (const name of [dflt, ...others]) expect(stderr).toMatch(new RegExp(String.raw`\n  ${name}\b`));
    },
  );

  it.each(GROUPS)('`ias %s --json xyzzy` names the word too, options before it or not', (group) => {
    for (const options of [['--json'], ['--json', '--json'], ['--json', '--']]) {
      const { status, stdout, stderr } = run([group, ...options, 'xyzzy']);
      expect(status).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toMatch(
        new RegExp(String.raw`^error: unknown command 'xyzzy'\n\nUsage: ias ${group} \[options\] \[command\]\n`),
      );
    }
    const chinese = run([group, '--json', 'xyzzy'], { LANG: 'zh_CN.UTF-8' });
    expect(chinese.status).toBe(2);
    expect(chinese.stderr).toMatch(
      new RegExp(String.raw`^错误：未知命令 'xyzzy'\n\n用法：ias ${group} \[选项\] \[命令\]\n`),
    );
  });

  it('refuses an option the group lacks before a subcommand it has, not as an argument of its default', () => {
    for (const named of ['list', 'pause', 'help']) {
      const { status, stderr } = run(['tasks', '--json', named, '3']);
      expect(status).toBe(2);
      expect(stderr).toMatch(/^error: unknown option '--json'\n\nUsage: ias tasks \[options\] \[command\]\n/);
    }
    expect(run(['tasks', '--json', 'lst']).stderr).toMatch(/^error: unknown command 'lst'\n\(Did you mean list\?\)\n/);
    expect(run(['skills', '--json', 'list'], { LANG: 'zh_CN.UTF-8' }).stderr).toMatch(
      /^错误：未知选项 '--json'\n\n用法：ias skills \[选项\] \[命令\]\n/,
    );
    // An option the default lacks is commander's to refuse, the word after it unread.
    expect(run(['tasks', '--bogus', 'xyzzy']).stderr).toMatch(/^error: unknown option '--bogus'\n/);
  });

  it('says commander’s "did you mean", and all of it in 简体中文 under a Chinese system', () => {
    expect(run(['tasks', 'lst']).stderr).toMatch(
      /^error: unknown command 'lst'\n\(Did you mean list\?\)\n\nUsage: ias tasks /,
    );
    const chinese = run(['wechat', 'statu'], { LANG: 'zh_CN.UTF-8' });
    expect(chinese.status).toBe(2);
    expect(chinese.stderr).toMatch(
      /^错误：未知命令 'statu'（是否想用 status？）\n\n用法：ias wechat \[选项\] \[命令\]\n/,
    );
    expect(chinese.stderr).toContain('\n命令：\n');
    expect(chinese.stderr).not.toMatch(/error|Usage|Commands/);
  });

  it('leaves the group alone, its default with its options, a named subcommand’s extra argument and help to commander', () => {
    const alone = run(['tasks']);
    expect(alone.status).toBe(0);
    expect(alone.stdout).toContain('No scheduled tasks.');
    const json = run(['tasks', '--json']);
    expect(json.status).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual([]);
    const extra = run(['tasks', 'list', 'xyzzy']);
    expect(extra.status).toBe(2);
    expect(extra.stderr).toMatch(/^error: too many arguments for 'list'\. Expected 0 arguments but got 1\.\n/);
    const help = run(['tasks', 'help', 'run']);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: ias tasks run \[options\] <id>\n/);
  });
});
