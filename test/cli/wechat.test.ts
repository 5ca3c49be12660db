import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ias } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

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
  });

  it('a puppet that is not installed is reported, not a crash', () => {
    const home = tempDir('ias-wx-');
    const run = ias(['wechat', 'login', '--puppet', 'wechaty-puppet-does-not-exist', '--home', home]);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/the WeChat puppet "wechaty-puppet-does-not-exist" is not installed/);
  });
});
