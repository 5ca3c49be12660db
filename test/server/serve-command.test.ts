/** `ias serve` as the owner runs it: a real process, its URL, its token file, its lock and its signals. */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { metaCsp } from '../../src/server/security-headers.js';
import type { WechatInfo } from '../../src/shared/contract.js';
import { wsProtocols } from '../../src/shared/serve-auth.js';
import { ias } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';
import { openSocket, request } from './helpers.js';
import { startServe, stopServe, type ServeProcess } from './serve-process.js';

const running: ServeProcess[] = [];

async function serve(args: string[]): Promise<ServeProcess> {
  const started = await startServe(args);
  running.push(started);
  return started;
}

beforeAll(() => {
  // A fresh clone has no built renderer; `ias serve` serves out/renderer.
  if (!fs.existsSync('out/renderer/index.html')) {
    execFileSync(process.execPath, [path.resolve('node_modules/electron-vite/bin/electron-vite.js'), 'build'], {
      stdio: 'inherit',
      timeout: 180_000,
    });
  }
}, 200_000);

afterEach(async () => {
  for (const s of running.splice(0)) {
    if (s.child.exitCode === null && s.child.signalCode === null) {
      s.child.kill('SIGKILL');
      await s.exited;
    }
  }
});

function deadPid(): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-e', '']);
    child.once('exit', () => resolve(child.pid!));
  });
}

describe('ias serve', () => {
  it('prints the URL, serves the built renderer and the API, and exits 0 on SIGTERM', async () => {
    const home = tempDir('ias-serve-cli-');
    const s = await serve(['--port', '0', '--no-wechat', '--home', home]);
    expect(s.stdout()).toMatch(/^iAs is ready at http:\/\/127\.0\.0\.1:\d+\/#token=[A-Za-z0-9_-]{43}\n$/);

    // The token is kept 0600 in the data folder, and the lock names this process.
    const tokenFile = path.join(home, 'serve-token');
    expect(fs.readFileSync(tokenFile, 'utf8').trim()).toBe(s.token);
    expect(fs.statSync(tokenFile).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(path.join(home, 'serve.lock'), 'utf8').split('\n')[0]).toBe(String(s.child.pid));

    // The page needs no token (it takes it from the fragment); the API does.
    const page = await request(s.origin, '/');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="root">');
    // The header is the served page's own meta policy (built from src/renderer/index.html), with
    // the frame-ancestors a meta tag cannot carry.
    expect(page.headers['content-security-policy']).toBe(`${metaCsp(page.body)}; frame-ancestors 'none'`);
    expect(page.headers['content-security-policy']).toMatch(/^default-src 'self'; script-src 'self';/);
    const script = /src="\.?(\/assets\/[^"]+\.js)"/.exec(page.body)?.[1];
    expect(script).toBeDefined();
    expect((await request(s.origin, script!)).headers['content-type']).toMatch(/^text\/javascript/);
    expect((await request(s.origin, '/api/session')).status).toBe(401);
    expect((await request(s.origin, '/api/session', { authorization: `Bearer ${s.token}` })).status).toBe(204);
    // A link of older versions goes to the fragment form.
    const old = await request(s.origin, `/?token=${s.token}`);
    expect(old.status).toBe(303);
    expect(old.headers.location).toBe(`/#token=${s.token}`);

    const attempt = await openSocket(
      `${s.origin.replace('http', 'ws')}/ws`,
      { origin: s.origin },
      wsProtocols(s.token),
    );
    if (!('socket' in attempt)) throw new Error(`refused with ${attempt.status}`);
    const version = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { version: string };
    expect(await attempt.socket.call('version')).toEqual({ id: 1, result: version.version });
    expect((await attempt.socket.call('wechatStatus')).result).toMatchObject({ available: false });

    expect(await stopServe(s)).toEqual({ code: 0, signal: null });
    expect(await attempt.socket.closed).toMatchObject({ code: 1001 });
    expect(fs.existsSync(path.join(home, 'serve.lock'))).toBe(false);
  });

  it('refuses a second `ias serve` on the same data folder, and takes over a stale lock', async () => {
    const home = tempDir('ias-serve-cli-');
    const first = await serve(['--port', '0', '--no-wechat', '--home', home]);
    const second = ias(['serve', '--port', '0', '--no-wechat', '--home', home]);
    expect(second.status).toBe(1);
    expect(second.stderr).toMatch(new RegExp(`another \`ias serve\` \\(pid ${first.child.pid}\\) is already running`));
    expect(second.stdout).toBe('');
    expect(await stopServe(first)).toMatchObject({ code: 0 });

    fs.writeFileSync(path.join(home, 'serve.lock'), `${await deadPid()}\n`);
    const third = await serve(['--port', '0', '--no-wechat', '--home', home]);
    expect(third.token).toBe(first.token); // the token is kept between runs
    expect(await stopServe(third)).toMatchObject({ code: 0 });
  });

  it('takes over the lock of a killed `ias serve` whose pid another process was given since', async () => {
    const home = tempDir('ias-serve-cli-');
    const killed = await serve(['--port', '0', '--no-wechat', '--home', home]);
    killed.child.kill('SIGKILL');
    await killed.exited;
    const lockFile = path.join(home, 'serve.lock');
    const [, ...rest] = fs.readFileSync(lockFile, 'utf8').split('\n');
    // Its pid given to a process that is no iAs: the lock still names the killed serve otherwise.
    const other = spawn('sleep', ['60']);
    try {
      fs.writeFileSync(lockFile, [String(other.pid), ...rest].join('\n'));
      const next = await serve(['--port', '0', '--no-wechat', '--home', home]);
      expect(fs.readFileSync(lockFile, 'utf8').split('\n')[0]).toBe(String(next.child.pid));
      expect(await stopServe(next)).toMatchObject({ code: 0 });
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('--new-token replaces the token: the old link stops working', async () => {
    const home = tempDir('ias-serve-cli-');
    const first = await serve(['--port', '0', '--no-wechat', '--home', home]);
    await stopServe(first);
    const renewed = await serve(['--port', '0', '--no-wechat', '--new-token', '--home', home]);
    expect(renewed.token).not.toBe(first.token);
    expect((await request(renewed.origin, `/?token=${first.token}`)).status).toBe(401);
    expect((await request(renewed.origin, '/api/session', { authorization: `Bearer ${first.token}` })).status).toBe(
      401,
    );
    expect((await request(renewed.origin, '/api/session', { authorization: `Bearer ${renewed.token}` })).status).toBe(
      204,
    );
    await stopServe(renewed);
  });

  it('refuses a bad port, and a port already taken, with a clear message', async () => {
    const home = tempDir('ias-serve-cli-');
    const bad = ias(['serve', '--port', 'eighty', '--no-wechat', '--home', home]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/--port must be a number/);
    const first = await serve(['--port', '0', '--no-wechat', '--home', home]);
    const port = new URL(first.origin).port;
    const taken = ias(['serve', '--port', port, '--no-wechat', '--home', tempDir('ias-serve-cli-')]);
    expect(taken.status).toBe(1);
    expect(taken.stderr).toMatch(new RegExp(`port ${port} on 127.0.0.1 is already in use`));
  });

  it.skipIf(process.platform === 'win32')(
    'does not start when another user could swap its token file, saying which folder and what mends it',
    () => {
      const parent = tempDir('ias-serve-cli-');
      const home = path.join(parent, 'home');
      fs.chmodSync(parent, 0o777);
      const refused = ias(['serve', '--port', '0', '--no-wechat', '--home', home]);
      expect(refused.status).toBe(1);
      expect(refused.stdout).toBe('');
      expect(refused.stderr).toBe(
        `error: iAs did not start: its access token file, ${path.join(home, 'serve-token')}, is in the folder ${parent}, which other users can change (mode 777), who could swap it for a token they know and reach iAs with it. Make it writable by you alone with \`chmod go-w ${parent}\`.\n`,
      );
      expect(fs.readdirSync(home)).toEqual([]); // no token made, the lock released
    },
  );

  it('logs the WeChat bot in when it was set up, showing the QR code in the terminal', async () => {
    const home = tempDir('ias-serve-cli-');
    const puppet = path.resolve('test/fixtures/auto-login-puppet.mjs');
    expect(ias(['wechat', 'login', '--puppet', puppet, '--home', home]).status).toBe(0);
    const s = await serve(['--port', '0', '--home', home]);
    const deadline = Date.now() + 20_000;
    while (!/Logged in as CLI Bot/.test(s.stderr()) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    expect(s.stderr()).toMatch(/[▀▄█]/);
    expect(s.stderr()).toMatch(/Scan this code with WeChat/);
    expect(s.stderr()).toContain('WeChat: Logged in as CLI Bot.\n');
    const attempt = await openSocket(
      `${s.origin.replace('http', 'ws')}/ws`,
      { origin: s.origin },
      wsProtocols(s.token),
    );
    if (!('socket' in attempt)) throw new Error(`refused with ${attempt.status}`);
    const status = (await attempt.socket.call('wechatStatus')).result as WechatInfo;
    expect(status).toMatchObject({ available: true, state: 'logged-in', user: { name: 'CLI Bot' } });
    expect(await stopServe(s)).toEqual({ code: 0, signal: null });
  });

  it("says the WeChat bot's news in the owner's language", async () => {
    const home = tempDir('ias-serve-cli-');
    const puppet = path.resolve('test/fixtures/auto-login-puppet.mjs');
    const chinese = { LANG: 'zh_CN.UTF-8' };
    expect(ias(['wechat', 'login', '--puppet', puppet, '--home', home], chinese).status).toBe(0);
    const s = await startServe(['--port', '0', '--home', home], chinese);
    running.push(s);
    const deadline = Date.now() + 20_000;
    while (!/已登录为 CLI Bot/.test(s.stderr()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(s.stderr()).toContain('微信：已登录为 CLI Bot。\n');
    expect(s.stderr()).not.toContain('logged in as');
    expect(await stopServe(s)).toEqual({ code: 0, signal: null });
  });
});
