/**
 * `ias --help` and each command's in the owner's language: 简体中文 from the words table, its
 * headings too; English as commander writes it.
 */
import path from 'node:path';
import type { Command } from 'commander';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { APP_SETTINGS } from '../../src/core/owner-locale.js';
import { openStore } from '../../src/core/store/index.js';
import { chineseHelp, chineseHelpTerms } from '../../src/cli/help-words-zh-CN.js';
import { commandPath, wrapColumns } from '../../src/cli/owner-language-help.js';
import { buildProgram } from '../../src/cli/program.js';
import { ias } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

const chinese = { LANG: 'zh_CN.UTF-8' };

/**
 * `ias … --help` over a data folder of its own (none yet: the system's language decides), never the
 * tester's.
 */
const help = (args: string[], env: Record<string, string> = {}) =>
  ias(['--home', tempDir('ias-home-'), ...args, '--help'], env);

function everyCommand(command: Command): Command[] {
  return [command, ...command.commands.flatMap(everyCommand)];
}

describe('ias --help in the owner’s language', () => {
  it('has 简体中文 for every command, argument and option the program has, and for none it lacks', () => {
    const commands = everyCommand(buildProgram());
    for (const command of commands) {
      const path = commandPath(command);
      const words = chineseHelp[path];
      expect(words?.description, `"${path}"`).toBeTruthy();
      for (const argument of command.registeredArguments) {
        expect(words?.arguments?.[argument.name()], `"${path}" <${argument.name()}>`).toBeTruthy();
      }
      for (const option of command.options.filter((o) => !o.hidden)) {
        expect(words?.options?.[option.long!], `"${path}" ${option.long}`).toBeTruthy();
      }
      expect(Object.keys(words?.options ?? {}).sort()).toEqual(
        command.options
          .filter((o) => !o.hidden)
          .map((o) => o.long!)
          .sort(),
      );
    }
    expect(Object.keys(chineseHelp).sort()).toEqual(commands.map(commandPath).sort());
  });

  it('has 简体中文 for every placeholder the program’s arguments and options have, hidden ones too', () => {
    const commands = everyCommand(buildProgram());
    const names = new Set([
      'options',
      'command',
      ...commands.flatMap((c) => c.registeredArguments.map((a) => a.name())),
      ...commands.flatMap((c) => c.options.flatMap((o) => [...o.flags.matchAll(/[<[]([\w-]+)/g)].map((m) => m[1]!))),
    ]);
    expect([...names].filter((name) => !chineseHelpTerms.placeholders[name])).toEqual([]);
  });

  it('says `ias --help` in 简体中文: headings, descriptions, commander’s own words', () => {
    const root = help([], chinese);
    expect(root.status).toBe(0);
    expect(root.stdout).toMatch(/^用法：ias \[选项\] \[命令\]\n\niAs — 托盘里的助手，通过技能替你做事\n\n选项：\n/);
    expect(root.stdout).toContain('\n命令：\n');
    expect(root.stdout).toMatch(/\n {2}skills +列出、检查和运行技能\n/);
    expect(root.stdout).toMatch(/\n {2}-h, --help +显示命令的帮助\n/);
    expect(root.stdout).toMatch(/\n {2}help \[命令\] +显示命令的帮助\n/);
    expect(root.stdout).toMatch(/\n {2}chat \[选项\] \[消息\] +与 iAs 对话/);
    for (const english of [
      'Usage:',
      'Options:',
      'Commands:',
      '[options]',
      '[command]',
      'display help',
      'data folder',
      'list, check and run',
    ]) {
      expect(root.stdout).not.toContain(english);
    }
  });

  it('says a command’s help in 简体中文, its arguments, defaults and added text too, wrapped by columns', () => {
    const config = help(['skills', 'config'], chinese).stdout;
    expect(config).toMatch(/^用法：ias skills config \[选项\] <名称> \[设置\.\.\.\]\n/);
    expect(config).toContain('查看或设置技能的设置；机密保存在机密存储中，从不显示');
    expect(config).toMatch(/\n参数：\n {2}名称 +技能\n {2}设置 +KEY=VALUE 设置/);
    expect(config).toMatch(/\n {2}--json +输出 JSON\n/);
    for (const english of [
      'Arguments:',
      "show or set a skill's",
      'the skill',
      'KEY=VALUE to set',
      'print JSON',
      '<name>',
      'assignments',
    ]) {
      expect(config).not.toContain(english);
    }

    const serve = help(['serve'], chinese).stdout;
    expect(serve).toMatch(/\n {2}--port <端口> +端口（0 = 任意空闲端口）（默认："3717"）\n/);
    expect(serve).not.toContain('default:');

    const chat = help(['chat'], chinese).stdout;
    expect(chat).toContain('\n  IAS_LLM_BASE_URL  服务的接口地址，通常以 /v1 结尾\n');
    expect(chat).toContain('退出码：0 模型已回复');
    expect(chat).not.toContain('On a terminal');

    // A long description breaks between Chinese characters, as the English one between words.
    const set = help(['provider', 'set'], chinese).stdout;
    expect(set).toContain('\n  --key-stdin ');
    for (const line of set.split('\n')) expect(stringWidth(line), line).toBeLessThanOrEqual(80);
  });

  it('follows the language setting over the system’s, and the help shown after an error too', () => {
    const dir = tempDir('ias-home-');
    const store = openStore(path.join(dir, 'ias.db'));
    store.settings.set(APP_SETTINGS, { language: 'zh-CN' });
    store.close();
    expect(ias(['--home', dir, 'tasks', '--help']).stdout).toContain('列出、立即运行、暂停、恢复或删除定时任务');
    const missing = ias(['--home', dir, 'skills', 'config']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/^错误：缺少必需的参数 '名称'\n\n用法：ias skills config \[选项\] <名称> /);
  });

  it('follows the language setting of a --home given after --help too, in either form', () => {
    const dir = tempDir('ias-home-');
    const store = openStore(path.join(dir, 'ias.db'));
    store.settings.set(APP_SETTINGS, { language: 'zh-CN' });
    store.close();
    // Commander reads the program's options all along the line before it says a help.
    const chat = /^用法：ias chat \[选项\] \[消息\]\n/;
    for (const args of [
      ['chat', '--home', dir, '--help'],
      ['chat', '--help', '--home', dir],
      ['chat', '--help', `--home=${dir}`],
    ]) {
      expect(ias(args).stdout, args.join(' ')).toMatch(chat);
    }
    for (const args of [
      ['--help', '--home', dir],
      ['--help', `--home=${dir}`],
      ['--help', 'chat', '--home', dir],
    ]) {
      expect(ias(args).stdout, args.join(' ')).toMatch(/^用法：ias \[选项\] \[命令\]\n/);
    }
    // The last --home counts, as when the command runs; none after `--`.
    expect(ias(['chat', '--help', '--home', tempDir('ias-home-'), `--home=${dir}`]).stdout).toMatch(chat);
    expect(ias(['chat', '--help', '--home', dir, '--home', tempDir('ias-home-')]).stdout).toMatch(/^Usage: ias chat /);
    expect(ias(['chat', '--help', '--', '--home', dir]).stdout).toMatch(/^Usage: ias chat /);
  });

  it('keeps the English help as commander writes it', () => {
    expect(help(['serve']).stdout).toBe(
      [
        'Usage: ias serve [options]',
        '',
        'run iAs headless: the web UI and its API on http://127.0.0.1, behind an access',
        'token',
        '',
        'Options:',
        '  --host <host>  the address to listen on (anything but loopback exposes iAs to',
        '                 your network) (default: "127.0.0.1")',
        '  --port <port>  the port (0 = any free port) (default: "3717")',
        '  --new-token    make a new access token (the old link stops working)',
        '  --no-wechat    do not run the WeChat bot (approvals go to the web UI)',
        '  -h, --help     display help for command',
        '',
      ].join('\n'),
    );
    const root = help([]).stdout;
    expect(root).toMatch(
      /^Usage: ias \[options\] \[command\]\n\niAs — your assistant in the tray, acting through skills\n/,
    );
    expect(root).toContain('\n  -h, --help                display help for command\n');
    expect(help(['chat']).stdout).toContain('On a terminal, Ctrl-C stops a reply');
    const config = help(['skills', 'config']).stdout;
    expect(config).toMatch(/^Usage: ias skills config \[options\] <name> \[assignments\.\.\.\]\n/);
    expect(config).toMatch(/\nArguments:\n {2}name +the skill\n/);
    expect(help([]).stdout).toContain('\n  --home <dir> ');
  });
});

describe('wrapColumns', () => {
  it('breaks between Chinese characters, keeps words and punctuation with theirs, and loses nothing', () => {
    const text = '保存服务商：预设、接口地址、模型；API 密钥在终端中提示输入（不显示），或用 --key-stdin 通过管道传入';
    const wrapped = wrapColumns(text, 20);
    for (const line of wrapped.split('\n')) {
      expect(stringWidth(line)).toBeLessThanOrEqual(20);
      expect(line).not.toMatch(/^[，。；：、）]|（$/);
    }
    expect(wrapped.replace(/\s/g, '')).toBe(text.replace(/\s/g, ''));
    expect(wrapped).toContain('--key-stdin');
  });
});
