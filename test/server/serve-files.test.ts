/** The token file and the lock file of `ias serve`. */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireServeLock, ServeLockedError } from '../../src/server/serve-lock.js';
import { serveToken } from '../../src/server/serve-token.js';
import { tempDir } from '../helpers/temp.js';

describe('the serve token', () => {
  it('is 32 random bytes in base64url, kept 0600, and renewed on demand', () => {
    const home = tempDir();
    const token = serveToken(home);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const file = path.join(home, 'serve-token');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(serveToken(home)).toBe(token);
    const renewed = serveToken(home, { renew: true });
    expect(renewed).not.toBe(token);
    expect(serveToken(home)).toBe(renewed);
  });

  it('refuses a token file others can read, and replaces a damaged one', () => {
    const home = tempDir();
    const file = path.join(home, 'serve-token');
    fs.writeFileSync(file, 'short', { mode: 0o600 });
    expect(serveToken(home)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    fs.chmodSync(file, 0o644);
    expect(() => serveToken(home)).toThrow(/can be read by other users/);
  });
});

describe('the serve lock', () => {
  it('lets one owner in, names it to the next, and is released', () => {
    const home = tempDir();
    const lock = acquireServeLock(home);
    expect(fs.readFileSync(lock.file, 'utf8')).toBe(`${process.pid}\n`);
    // Another live process (our parent) holding it:
    fs.writeFileSync(lock.file, `${process.ppid}\n`);
    expect(() => acquireServeLock(home)).toThrow(ServeLockedError);
    expect(() => acquireServeLock(home)).toThrow(new RegExp(`pid ${process.ppid}`));
    fs.writeFileSync(lock.file, `${process.pid}\n`);
    lock.release();
    expect(fs.existsSync(lock.file)).toBe(false);
    expect(fs.readdirSync(home)).toEqual([]);
  });

  it('takes over a lock whose process is gone, or that holds no pid', async () => {
    const home = tempDir();
    const gone = await new Promise<number>((resolve) => {
      const child = spawn(process.execPath, ['-e', '']);
      child.once('exit', () => resolve(child.pid!));
    });
    fs.writeFileSync(path.join(home, 'serve.lock'), `${gone}\n`);
    const lock = acquireServeLock(home);
    expect(fs.readFileSync(lock.file, 'utf8')).toBe(`${process.pid}\n`);
    lock.release();
    fs.writeFileSync(path.join(home, 'serve.lock'), 'garbage');
    acquireServeLock(home).release();
  });

  it('does not release a lock another process has taken since', () => {
    const home = tempDir();
    const lock = acquireServeLock(home);
    fs.writeFileSync(lock.file, `${process.ppid}\n`);
    lock.release();
    expect(fs.existsSync(lock.file)).toBe(true);
  });
});

describe('the served CSP', () => {
  it('is the built page’s meta policy, or a strict default when it has none', async () => {
    const { DEFAULT_CSP, rendererCsp } = await import('../../src/server/security-headers.js');
    const dir = tempDir();
    expect(rendererCsp(dir)).toBe(DEFAULT_CSP);
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      `<html><head><meta charset="utf-8"><meta\n  http-equiv="Content-Security-Policy"\n  content="default-src 'none';  img-src 'self'"\n/></head></html>`,
    );
    expect(rendererCsp(dir)).toBe("default-src 'none'; img-src 'self'");
  });
});
