import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WechatSettings, type PuppetSettings } from '../../src/core/channels/wechat-settings.js';
import { openStore } from '../../src/core/store/index.js';
import { ias, iasAsync, iasProcess } from '../helpers/cli.js';
import { CTRL_C, iasOnTerminal } from '../helpers/terminal.js';
import { onCleanup, tempDir } from '../helpers/temp.js';

const AUTO_LOGIN = path.resolve('test/fixtures/auto-login-puppet.mjs');
const TOKEN = 'puppet_service_Zq8Wv3Lm9Xy2';

/** The puppet settings saved in the data folder's database, as the bot reads them. */
function savedPuppet(home: string): PuppetSettings | undefined {
  const store = openStore(path.join(home, 'ias.db'));
  try {
    return store.settings.get<PuppetSettings>('wechat.puppet');
  } finally {
    store.close();
  }
}

/** The puppet setting as an earlier iAs saved it: the token in the database. */
function saveOldPuppet(home: string, puppet: PuppetSettings): void {
  const store = openStore(path.join(home, 'ias.db'));
  try {
    store.settings.set('wechat.puppet', puppet);
  } finally {
    store.close();
  }
}

/** The token as the secret store keeps it for `ias` and headless mode: a private file. */
function tokenFile(home: string): { token: string; mode: number } | undefined {
  const file = path.join(home, 'secrets', 'wechat-puppet-token');
  if (!fs.existsSync(file)) return undefined;
  return { token: fs.readFileSync(file, 'utf8'), mode: fs.statSync(file).mode & 0o777 };
}

/** Every byte of the database as it lies on disk: the file and its write-ahead log. */
function databaseBytes(home: string): Buffer {
  const files = ['ias.db', 'ias.db-wal'].map((f) => path.join(home, f)).filter((f) => fs.existsSync(f));
  return Buffer.concat(files.map((f) => fs.readFileSync(f)));
}

/** Where the test puppet writes the options it is made with, and a reader of them. */
function puppetOptionsProbe(): { env: Record<string, string>; read(): Record<string, unknown> } {
  const file = path.join(tempDir('ias-wx-probe-'), 'options.json');
  return {
    env: { IAS_TEST_PUPPET_OPTIONS: file },
    read: () => JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>,
  };
}

describe('ias wechat', () => {
  it('login shows a QR code and logs in; status, pair --self and logout', () => {
    const home = tempDir('ias-wx-');
    const puppet = path.resolve('test/fixtures/auto-login-puppet.mjs');
    const before = JSON.parse(ias(['wechat', 'status', '--json', '--home', home]).stdout) as Record<string, unknown>;
    expect(before).toEqual({ puppet: { name: 'wechaty-puppet-wechat4u' }, account: null, owner: null, session: false });

    const login = ias(['wechat', 'login', '--puppet', puppet, '--home', home]);
    expect(login.status).toBe(0);
    expect(login.stderr).toMatch(/[▀▄█]/); // the QR code, drawn in the terminal
    expect(login.stderr).toMatch(/Scan this code with WeChat/);
    expect(login.stdout).toMatch(/Logged in as CLI Bot/);

    const status = JSON.parse(ias(['wechat', 'status', '--json', '--home', home]).stdout) as Record<string, unknown>;
    expect(status).toMatchObject({
      puppet: { name: puppet },
      account: { id: 'wxid_cli_bot', name: 'CLI Bot' },
      session: true,
    });
    expect(ias(['wechat', 'status', '--home', home]).stdout).toMatch(/owner\s+not paired/);

    const pair = ias(['wechat', 'pair', '--self', '--home', home]);
    expect(pair.stdout).toMatch(/Paired: the bot is your own account/);
    expect(JSON.parse(ias(['wechat', 'status', '--json', '--home', home]).stdout)).toMatchObject({
      owner: { mode: 'self' },
    });

    expect(ias(['wechat', 'logout', '--home', home]).status).toBe(0);
    expect(JSON.parse(ias(['wechat', 'status', '--json', '--home', home]).stdout)).toMatchObject({
      account: null,
      session: false,
    });
  }, 60_000);

  it('speaks 简体中文 with LANG=zh_CN.UTF-8: login, status, pair --self, logout', () => {
    const home = tempDir('ias-wx-');
    const chinese = { LANG: 'zh_CN.UTF-8' };
    const login = ias(['wechat', 'login', '--puppet', AUTO_LOGIN, '--home', home], chinese);
    expect(login.status).toBe(0);
    expect(login.stdout).toBe('已登录为 CLI Bot。\n下一步：运行 `ias wechat pair` 来确定主人是谁。\n');
    expect(ias(['wechat', 'status', '--home', home], chinese).stdout).toBe(
      [
        `连接方式  ${AUTO_LOGIN}`,
        '账号      CLI Bot (wxid_cli_bot)',
        '会话      已保存',
        '主人      尚未配对，请运行 `ias wechat pair`',
        '',
      ].join('\n'),
    );
    expect(ias(['wechat', 'pair', '--self', '--home', home], chinese).stdout).toBe(
      '已配对：机器人就是你自己的账号；确认请求会发到文件传输助手。\n',
    );
    expect(ias(['wechat', 'status', '--home', home], chinese).stdout).toContain(
      '主人      机器人自己的账号（通过文件传输助手回复）\n',
    );
    expect(ias(['wechat', 'logout', '--home', home], chinese).stdout).toBe('已退出登录；会话已清除。\n');
    // In English the labels line up as they did.
    expect(ias(['wechat', 'status', '--home', home]).stdout).toMatch(
      /^puppet {3}\S+\naccount {2}never logged in — run `ias wechat login`\nsession {2}none\nowner {4}the bot’s own account/,
    );
  }, 60_000);

  it('`ias wechat` alone is its status, not help and exit 2', () => {
    const home = tempDir('ias-wx-');
    const alone = ias(['wechat', '--home', home]);
    expect(alone).toMatchObject({ status: 0, stdout: ias(['wechat', 'status', '--home', home]).stdout });
    expect(alone.stdout).toMatch(/owner\s+not paired/);
  });

  it('status says when the paired contact was not found in the bot’s latest login, in both languages', () => {
    const home = tempDir('ias-wx-');
    const store = openStore(path.join(home, 'ias.db'));
    try {
      const wechat = new WechatSettings(store.settings);
      const owner = { mode: 'contact' as const, contactId: 'wxid_old_owner', name: 'Old Owner', boundAt: 1 };
      wechat.setOwner(owner);
      wechat.setOwnerFound(owner, false); // as the bot's login left it
    } finally {
      store.close();
    }
    expect(JSON.parse(ias(['wechat', 'status', '--json', '--home', home]).stdout)).toMatchObject({
      owner: { mode: 'contact', contactId: 'wxid_old_owner', name: 'Old Owner', missing: true },
    });
    expect(ias(['wechat', 'status', '--home', home]).stdout).toContain(
      'owner    Old Owner (wxid_old_owner) — not found in the bot’s latest login (approvals go to this computer): run `ias wechat pair` to pair again\n',
    );
    expect(ias(['wechat', 'status', '--home', home], { LANG: 'zh_CN.UTF-8' }).stdout).toContain(
      '主人      Old Owner (wxid_old_owner)，机器人最近一次登录中找不到这个联系人（确认请求会发到这台电脑）：请运行 `ias wechat pair` 重新配对\n',
    );
  });

  it('shows a contact’s name as written, its escapes and reordering marks as \\uXXXX, never obeyed', async () => {
    const home = tempDir('ias-wx-');
    expect(ias(['wechat', 'login', '--puppet', AUTO_LOGIN, '--home', home]).status).toBe(0);
    const inbox = tempDir('ias-wx-inbox-');
    const pairing = iasProcess(['wechat', 'pair', '--home', home], { IAS_TEST_PUPPET_INBOX: inbox });
    onCleanup(() => pairing.child.kill('SIGKILL'));
    let shown = '';
    pairing.child.stdout!.on('data', (d: Buffer) => (shown += d));
    while (!/to the bot: (\S+) /.test(shown)) await new Promise((resolve) => setTimeout(resolve, 50));
    const code = /to the bot: (\S+) /.exec(shown)![1]!;
    const name = 'Own\u001b[2J\u202eer';
    fs.writeFileSync(path.join(inbox, 'a.tmp'), JSON.stringify({ from: { id: 'wxid_owner', name }, text: code }));
    fs.renameSync(path.join(inbox, 'a.tmp'), path.join(inbox, 'a.json'));
    const paired = await pairing.run;
    expect(paired.status).toBe(0);
    expect(paired.stdout).toContain('Paired with Own\\u001b[2J\\u202eer.\n');
    const status = ias(['wechat', 'status', '--home', home]);
    expect(status.stdout).toContain('owner    Own\\u001b[2J\\u202eer (wxid_owner)\n');
    expect(paired.stdout + status.stdout).not.toMatch(/[\u001b\u202e]/);
    // JSON keeps the name as written (JSON escapes it).
    expect(JSON.parse(ias(['wechat', 'status', '--json', '--home', home]).stdout)).toMatchObject({ owner: { name } });
  }, 60_000);

  it('pair ends when WeChat logs the bot out before the code came, saying so, rather than waiting 10 minutes', async () => {
    const home = tempDir('ias-wx-');
    expect(ias(['wechat', 'login', '--puppet', AUTO_LOGIN, '--home', home]).status).toBe(0);
    const loggedOut = { IAS_TEST_PUPPET_LOGOUT_MS: '300' };
    const en = await iasAsync(['wechat', 'pair', '--home', home], loggedOut);
    expect(en.status).toBe(1);
    expect(en.stderr).toMatch(
      /^error: WeChat logged the bot out before the pairing code came: run `ias wechat login`, then `ias wechat pair` again$/m,
    );
    const zh = await iasAsync(['wechat', 'pair', '--home', home], { ...loggedOut, LANG: 'zh_CN.UTF-8' });
    expect(zh.status).toBe(1);
    expect(zh.stderr).toMatch(
      /^错误：还没收到配对码，微信就让机器人退出了登录：请运行 `ias wechat login`，然后再次运行 `ias wechat pair`$/m,
    );
  }, 60_000);

  it('a puppet that is not installed is reported, not a crash', () => {
    const home = tempDir('ias-wx-');
    const run = ias(['wechat', 'login', '--puppet', 'wechaty-puppet-does-not-exist', '--home', home]);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^error: the WeChat puppet "wechaty-puppet-does-not-exist" is not installed/m);
    // iAs's words in the owner's language; the loader's own words as they came.
    const chinese = ias(['wechat', 'login', '--home', home], { LANG: 'zh_CN.UTF-8' });
    expect(chinese.status).toBe(1);
    expect(chinese.stderr).toMatch(
      /^错误：没有安装微信连接方式“wechaty-puppet-does-not-exist”（Cannot find package 'wechaty-puppet-does-not-exist'/m,
    );
    // A login that never came keeps no session (nor says it does).
    const status = ias(['wechat', 'status', '--json', '--home', home]);
    expect(JSON.parse(status.stdout)).toMatchObject({ account: null, session: false });
    expect(ias(['wechat', '--home', home]).stdout).toMatch(/^session {2}none$/m);
  });
});

describe('ias wechat login: the puppet service token never comes from the command line', () => {
  it('refuses --token with a value (exit 2), saying how to give it, and saves and starts nothing', () => {
    const home = tempDir('ias-wx-');
    const run = ias([
      'wechat',
      'login',
      '--puppet',
      AUTO_LOGIN,
      '--endpoint',
      'grpc://127.0.0.1:1',
      '--token',
      TOKEN,
      '--home',
      home,
    ]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(
      'the token is never taken from the command line, where `ps` and your shell history show it',
    );
    expect(run.stderr).toContain('--token-stdin');
    expect(run.stdout).not.toContain('Logged in');
    expect(savedPuppet(home)).toBeUndefined();
    const chinese = ias(['wechat', 'login', '--token', TOKEN, '--home', home], { LANG: 'zh_CN.UTF-8' });
    expect(chinese.status).toBe(2);
    expect(chinese.stderr).toBe(
      '错误：令牌从不通过命令行参数传入（`ps` 和 shell 历史会显示它）：请用 --token-stdin 通过管道传入，或在终端中使用 --token-stdin 不显示地输入\n',
    );
    expect(ias(['wechat', 'login', '--help']).stdout).not.toMatch(/--token </);
  });

  it('reads it piped in with --token-stdin, keeps it in the secret store, never the database; status never shows it', () => {
    const home = tempDir('ias-wx-');
    const probe = puppetOptionsProbe();
    const login = ias(
      ['wechat', 'login', '--puppet', AUTO_LOGIN, '--endpoint', 'grpc://127.0.0.1:1', '--token-stdin', '--home', home],
      probe.env,
      `${TOKEN}\n`,
    );
    expect(login.status).toBe(0);
    expect(login.stdout).toMatch(/Logged in as CLI Bot/);
    expect(probe.read()).toEqual({ endpoint: 'grpc://127.0.0.1:1', token: TOKEN });
    expect(savedPuppet(home)).toEqual({ name: AUTO_LOGIN, options: { endpoint: 'grpc://127.0.0.1:1' } });
    expect(tokenFile(home)).toEqual({ token: TOKEN, mode: 0o600 });
    expect(databaseBytes(home).includes(TOKEN)).toBe(false);
    const status = ias(['wechat', 'status', '--json', '--home', home]);
    expect(JSON.parse(status.stdout)).toMatchObject({
      puppet: { name: AUTO_LOGIN, options: { endpoint: 'grpc://127.0.0.1:1' }, tokenSaved: true },
    });
    const text = ias(['wechat', 'status', '--home', home]).stdout;
    expect(text).toMatch(/puppet\s+\S+auto-login-puppet\.mjs \(token saved\)/);
    expect(status.stdout + text).not.toContain(TOKEN.slice(0, 12));

    // A later login with the same puppet keeps the token; nothing on stdin is refused, nothing changed.
    expect(ias(['wechat', 'login', '--endpoint', 'grpc://127.0.0.1:2', '--home', home], probe.env).status).toBe(0);
    expect(probe.read()).toEqual({ endpoint: 'grpc://127.0.0.1:2', token: TOKEN });
    expect(savedPuppet(home)?.options).toEqual({ endpoint: 'grpc://127.0.0.1:2' });
    const empty = ias(['wechat', 'login', '--token-stdin', '--home', home], {}, '\n');
    expect(empty.status).toBe(2);
    expect(empty.stderr).toContain('no token came; nothing was saved');
    expect(savedPuppet(home)?.options).toEqual({ endpoint: 'grpc://127.0.0.1:2' });
    expect(tokenFile(home)?.token).toBe(TOKEN);
    expect(databaseBytes(home).includes(TOKEN)).toBe(false);

    // Choosing another puppet forgets the options, and the token, of the one before.
    const other = ias(['wechat', 'login', '--puppet', 'wechaty-puppet-does-not-exist', '--home', home]);
    expect(other.stderr).toMatch(/is not installed/);
    expect(savedPuppet(home)).toEqual({ name: 'wechaty-puppet-does-not-exist' });
    expect(tokenFile(home)).toBeUndefined();
    expect(JSON.parse(ias(['wechat', 'status', '--json', '--home', home]).stdout)).toMatchObject({
      puppet: { name: 'wechaty-puppet-does-not-exist' },
    });
    expect(ias(['wechat', 'status', '--home', home]).stdout).not.toContain('token saved');
  }, 60_000);

  it('moves a token an earlier iAs kept in the database to the secret store on first open; the puppet still gets it', () => {
    const home = tempDir('ias-wx-');
    saveOldPuppet(home, { name: AUTO_LOGIN, options: { endpoint: 'grpc://127.0.0.1:1', token: TOKEN } });
    expect(databaseBytes(home).includes(TOKEN)).toBe(true);

    const status = ias(['wechat', 'status', '--json', '--home', home]);
    expect(JSON.parse(status.stdout)).toMatchObject({
      puppet: { name: AUTO_LOGIN, options: { endpoint: 'grpc://127.0.0.1:1' }, tokenSaved: true },
    });
    expect(status.stdout).not.toContain(TOKEN.slice(0, 12));
    expect(savedPuppet(home)).toEqual({ name: AUTO_LOGIN, options: { endpoint: 'grpc://127.0.0.1:1' } });
    expect(tokenFile(home)).toEqual({ token: TOKEN, mode: 0o600 });
    // No copy is left in the file's free space either.
    expect(databaseBytes(home).includes(TOKEN)).toBe(false);

    // Opened again: nothing more to move, the token stays where it is and the puppet gets it.
    const probe = puppetOptionsProbe();
    expect(ias(['wechat', 'login', '--home', home], probe.env).status).toBe(0);
    expect(probe.read()).toEqual({ endpoint: 'grpc://127.0.0.1:1', token: TOKEN });
    expect(savedPuppet(home)).toEqual({ name: AUTO_LOGIN, options: { endpoint: 'grpc://127.0.0.1:1' } });
    expect(tokenFile(home)?.token).toBe(TOKEN);
    expect(ias(['wechat', 'status', '--home', home]).stdout).toMatch(/\(token saved\)/);
  });

  it('on a terminal, --token-stdin asks for it without showing it; Ctrl-C saves nothing', async () => {
    const home = tempDir('ias-wx-');
    const term = iasOnTerminal(['wechat', 'login', '--puppet', AUTO_LOGIN, '--token-stdin', '--home', home]);
    await term.waitFor('Puppet service token (not shown as you type): ');
    term.type(`${TOKEN}\r`);
    await term.waitFor('Logged in as CLI Bot');
    expect(await term.exited).toBe(0);
    expect(term.screen()).not.toContain(TOKEN.slice(0, 6));
    expect(savedPuppet(home)).toEqual({ name: AUTO_LOGIN });
    expect(tokenFile(home)?.token).toBe(TOKEN);

    const other = tempDir('ias-wx-');
    const cancelled = iasOnTerminal(['wechat', 'login', '--puppet', AUTO_LOGIN, '--token-stdin', '--home', other]);
    await cancelled.waitFor('(not shown as you type): ');
    cancelled.type(`secret${CTRL_C}`);
    expect(await cancelled.exited).toBe(130);
    expect(cancelled.screen()).toContain('Cancelled; nothing was saved.');
    expect(savedPuppet(other)).toBeUndefined();
    expect(tokenFile(other)).toBeUndefined();
  }, 30_000);
});
