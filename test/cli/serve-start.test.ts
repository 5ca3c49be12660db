/**
 * `ias serve` whose start fails part-way: it says the failing step's own error, closes what it had
 * opened (the database, the watcher, the WeChat bot, the scheduler), lets go of its lock and exits
 * 1, rather than hanging; once mended, the same data folder serves. Real processes and ports.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ias } from '../helpers/cli.js';
import { takenPort } from '../helpers/taken-port.js';
import { tempDir } from '../helpers/temp.js';
import { startServe, stopServe, type ServeProcess } from '../server/serve-process.js';

const running: ServeProcess[] = [];

afterEach(async () => {
  for (const s of running.splice(0)) {
    if (s.child.exitCode === null && s.child.signalCode === null) {
      s.child.kill('SIGKILL');
      await s.exited;
    }
  }
});

describe('ias serve, when its start fails part-way', () => {
  it('says the error of the step that failed, exits 1 and leaves no lock; mended, the folder serves', async () => {
    const home = tempDir('ias-serve-start-');
    // The secret store's folder is a file: the start fails after the database has opened.
    fs.writeFileSync(path.join(home, 'secrets'), 'not a folder');
    const failed = ias(['serve', '--port', '0', '--no-wechat', '--home', home]);
    expect(failed.status).toBe(1);
    expect(failed.stderr).toBe(`error: EEXIST: file already exists, mkdir '${path.join(home, 'secrets')}'\n`);
    expect(failed.stdout).toBe('');
    expect(fs.existsSync(path.join(home, 'serve.lock'))).toBe(false);

    fs.rmSync(path.join(home, 'secrets'));
    const mended = await startServe(['--port', '0', '--no-wechat', '--home', home]);
    running.push(mended);
    expect(await stopServe(mended)).toEqual({ code: 0, signal: null });
  });

  it.skipIf(process.platform === 'win32')(
    'does not start when another user could swap its approval key, saying which folder and what mends it',
    async () => {
      const home = tempDir('ias-serve-start-');
      const secrets = path.join(home, 'secrets');
      const file = path.join(secrets, 'approval-hmac.key');
      fs.mkdirSync(secrets, { mode: 0o700 });
      fs.writeFileSync(file, Buffer.alloc(32, 7), { mode: 0o600 });
      fs.chmodSync(secrets, 0o777);
      const refused = ias(['serve', '--port', '0', '--no-wechat', '--home', home]);
      expect(refused.status).toBe(1);
      expect(refused.stdout).toBe('');
      expect(refused.stderr).toBe(
        `error: iAs did not start: its approval key file, ${file}, is in the folder ${secrets}, which other users can change (mode 777), who could swap it for a key they know and work out with it the codes iAs sends for approval. Make it writable by you alone with \`chmod go-w ${secrets}\`.\n`,
      );
      expect(fs.existsSync(path.join(home, 'serve.lock'))).toBe(false);
      expect(fs.readdirSync(secrets)).toEqual(['approval-hmac.key']);

      fs.chmodSync(secrets, 0o700);
      const mended = await startServe(['--port', '0', '--no-wechat', '--home', home]);
      running.push(mended);
      expect(await stopServe(mended)).toEqual({ code: 0, signal: null });
      expect(fs.readFileSync(file).equals(Buffer.alloc(32, 7))).toBe(true);
    },
  );

  it('closes the bot, the scheduler, the watcher and the database when its port is taken, and exits', async () => {
    const home = tempDir('ias-serve-start-');
    const puppet = path.resolve('test/fixtures/auto-login-puppet.mjs');
    expect(ias(['wechat', 'login', '--puppet', puppet, '--home', home]).status).toBe(0);
    const port = await takenPort();
    const failed = ias(['serve', '--port', String(port), '--home', home]);
    expect(failed.status).toBe(1);
    expect(failed.stderr).toMatch(new RegExp(`^error: port ${port} on 127\\.0\\.0\\.1 is already in use`, 'm'));
    expect(failed.stderr).not.toMatch(/warning: while stopping/);
    expect(failed.stdout).toBe('');
    expect(fs.existsSync(path.join(home, 'serve.lock'))).toBe(false);
  });
});
