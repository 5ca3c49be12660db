/** The token file and the lock file of `ias serve`. */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { identityOf } from '../../src/core/process-identity.js';
import { acquireServeLock, ServeLockedError } from '../../src/server/serve-lock.js';
import { ServeTokenRefusedError, serveToken } from '../../src/server/serve-token.js';
import { OTHER_UID } from '../helpers/marking-skill.js';
import { tempDir } from '../helpers/temp.js';

const asRoot = process.getuid?.() === 0;

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

/** The refusal `serveToken(home)` throws, or a failure when it throws none. */
function refusal(home: string, options: { renew?: boolean } = {}): ServeTokenRefusedError {
  try {
    serveToken(home, options);
  } catch (err) {
    if (err instanceof ServeTokenRefusedError) return err;
    throw err;
  }
  throw new Error('the token file was not refused');
}

describe.skipIf(process.platform === 'win32')('the folders on the way to the serve token', () => {
  it('a folder others can write to: the token is neither read nor made there until it is closed', () => {
    const parent = tempDir();
    const home = path.join(parent, 'home');
    const file = path.join(home, 'serve-token');
    const token = serveToken(home);
    fs.chmodSync(parent, 0o777);

    const err = refusal(home);
    expect(err.messageCode).toEqual({
      code: 'serve-token-folder-unsafe',
      params: { file, unsafe: { code: 'parent-writable', params: { folder: parent, mode: '777' } } },
    });
    expect(err.message).toBe(
      `iAs did not start: its access token file, ${file}, is in the folder ${parent}, which other users can change (mode 777), who could swap it for a token they know and reach iAs with it. Make it writable by you alone with \`chmod go-w ${parent}\`.`,
    );
    // A new token is not written there either, nor a temp file left; the saved one stays.
    expect(refusal(home, { renew: true }).messageCode.code).toBe('serve-token-folder-unsafe');
    expect(fs.readdirSync(home)).toEqual(['serve-token']);
    expect(fs.readFileSync(file, 'utf8')).toBe(token);
    fs.rmSync(file);
    expect(refusal(home).messageCode.code).toBe('serve-token-folder-unsafe');
    expect(fs.readdirSync(home)).toEqual([]);

    fs.chmodSync(parent, 0o755);
    expect(serveToken(home)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it.skipIf(!asRoot)('a folder of another user’s on the way, or a token file of theirs: refused, named', () => {
    const parent = tempDir();
    const home = path.join(parent, 'home');
    const file = path.join(home, 'serve-token');
    const token = serveToken(home);
    fs.chownSync(home, OTHER_UID, OTHER_UID);
    const err = refusal(home);
    expect(err.messageCode).toEqual({
      code: 'serve-token-folder-unsafe',
      params: { file, unsafe: { code: 'parent-other-owner', params: { folder: home, uid: OTHER_UID } } },
    });
    expect(err.message).toContain(`is in the folder ${home}, which belongs to another user (uid ${OTHER_UID})`);
    expect(err.message).toContain('or set IAS_HOME, or --home, to one');
    fs.chownSync(home, 0, 0);

    fs.chownSync(file, OTHER_UID, OTHER_UID);
    const notOwn = refusal(home);
    expect(notOwn.messageCode).toEqual({ code: 'serve-token-file-not-own', params: { file, uid: OTHER_UID } });
    expect(notOwn.message).toBe(
      `iAs did not start: its access token file, ${file}, belongs to another user (uid ${OTHER_UID}), who may have put a token they know in it. Run \`ias serve --new-token\`: iAs then puts a file of your own in its place.`,
    );
    // --new-token puts a file of ours in its place.
    const renewed = serveToken(home, { renew: true });
    expect(renewed).not.toBe(token);
    expect(fs.lstatSync(file).uid).toBe(process.getuid!());
    expect(serveToken(home)).toBe(renewed);
  });
});

describe('the serve lock', () => {
  it('lets one owner in, names it to the next, and is released', () => {
    const home = tempDir();
    const lock = acquireServeLock(home);
    expect(fs.readFileSync(lock.file, 'utf8')).toMatch(new RegExp(`^${process.pid}\\n`));
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
    expect(fs.readFileSync(lock.file, 'utf8')).toMatch(new RegExp(`^${process.pid}\\n`));
    lock.release();
    fs.writeFileSync(path.join(home, 'serve.lock'), 'garbage');
    acquireServeLock(home).release();
  });

  it.skipIf(process.platform !== 'linux')(
    'names the process it was taken by, so its pid given to another no longer holds it',
    () => {
      const home = tempDir();
      const file = path.join(home, 'serve.lock');
      // Our parent runs, and is the process the lock names: held.
      fs.writeFileSync(file, `${process.ppid}\n${identityOf(process.ppid) as string}\n`);
      expect(() => acquireServeLock(home)).toThrow(ServeLockedError);
      // Our parent's pid, but the lock was taken by a process started at another time: taken over.
      const [boot, ...rest] = (identityOf(process.ppid) as string).split(':').slice(1);
      fs.writeFileSync(file, `${process.ppid}\nlinux:${[boot, ...rest.slice(0, -1), '1'].join(':')}\n`);
      acquireServeLock(home).release();
      // Taken in an earlier boot: taken over whatever has its pid now.
      fs.writeFileSync(file, `${process.ppid}\nlinux:00000000-0000-0000-0000-000000000000:pid:[1]:5\n`);
      acquireServeLock(home).release();
      expect(fs.existsSync(file)).toBe(false);
    },
  );

  it('does not release a lock another process has taken since', () => {
    const home = tempDir();
    const lock = acquireServeLock(home);
    fs.writeFileSync(lock.file, `${process.ppid}\n`);
    lock.release();
    expect(fs.existsSync(lock.file)).toBe(true);
  });
});

describe('the served CSP', () => {
  it('is the built page’s meta policy with framing refused, or a strict default when it has none', async () => {
    const { DEFAULT_CSP, rendererCsp } = await import('../../src/server/security-headers.js');
    const dir = tempDir();
    expect(rendererCsp(dir)).toBe(DEFAULT_CSP);
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      `<html><head><meta charset="utf-8"><meta\n  http-equiv="Content-Security-Policy"\n  content="default-src 'none';  img-src 'self'"\n/></head></html>`,
    );
    expect(rendererCsp(dir)).toBe("default-src 'none'; img-src 'self'; frame-ancestors 'none'");
    // A page that says itself who may frame it keeps its own word.
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; frame-ancestors 'self';">`,
    );
    expect(rendererCsp(dir)).toBe("default-src 'none'; frame-ancestors 'self';");
  });
});
