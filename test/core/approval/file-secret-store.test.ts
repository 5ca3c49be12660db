/**
 * The secret files `ias` and headless mode write: each 0600, whatever was there before it (a temp
 * file left by a process that died, with a wider mode) and whatever the umask; the data folder's
 * `secrets` folder, found open to other users, is closed to them (0700), and one that is a link or
 * another user's gets nothing. Real files on Linux.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { FileSecretStore } from '../../../src/core/approval/key-store.js';
import { openRuntime } from '../../../src/core/runtime.js';
import { onCleanup, tempDir } from '../../helpers/temp.js';

const mode = (file: string) => fs.statSync(file).mode & 0o777;
const realFsync = fs.fsyncSync.bind(fs);
const realRename = fs.renameSync.bind(fs);

describe.skipIf(process.platform === 'win32')('FileSecretStore on disk', () => {
  it('writes a secret 0600 over a temp file left open to others, and whatever the umask', () => {
    const dir = path.join(tempDir('ias-secrets-'), 'secrets');
    fs.mkdirSync(dir, { mode: 0o700 });
    const store = new FileSecretStore(dir);
    const file = path.join(dir, 'api-key');
    // What a process that died between writing and renaming leaves (its pid, here ours again).
    const leftover = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(leftover, 'stale');
    fs.chmodSync(leftover, 0o666);

    store.set('api-key', Buffer.from('sk-first'));
    expect(mode(file)).toBe(0o600);
    expect(store.get('api-key')?.toString()).toBe('sk-first');
    expect(fs.existsSync(leftover)).toBe(false);

    const umask = process.umask(0o277);
    try {
      store.set('api-key', Buffer.from('sk-second'));
    } finally {
      process.umask(umask);
    }
    expect(mode(file)).toBe(0o600);
    expect(store.get('api-key')?.toString()).toBe('sk-second');
  });

  it('syncs the secret to the disk before it takes its name, and the folder after', () => {
    const dir = path.join(tempDir('ias-secrets-'), 'secrets');
    fs.mkdirSync(dir, { mode: 0o700 });
    const store = new FileSecretStore(dir);
    // What is synced, as the inode it is (a rename keeps the file's), and when the rename comes:
    // watched, not replaced (the calls go through to the disk).
    const events: string[] = [];
    const fsync = vi.spyOn(fs, 'fsyncSync').mockImplementation((fd) => {
      events.push(`sync ${fs.fstatSync(fd).ino}`);
      realFsync(fd);
    });
    const rename = vi.spyOn(fs, 'renameSync').mockImplementation((from, to) => {
      events.push('rename');
      realRename(from, to);
    });
    try {
      store.set('approval-hmac.key', Buffer.from('k'.repeat(32)));
    } finally {
      fsync.mockRestore();
      rename.mockRestore();
    }
    const file = path.join(dir, 'approval-hmac.key');
    expect(events).toEqual([`sync ${fs.statSync(file).ino}`, 'rename', `sync ${fs.statSync(dir).ino}`]);
    expect(mode(file)).toBe(0o600);
    expect(fs.readFileSync(file, 'utf8')).toBe('k'.repeat(32));
    expect(fs.readdirSync(dir)).toEqual(['approval-hmac.key']);
  });

  it('closes its own folder to other users, and no folder it only shares', () => {
    const home = tempDir('ias-home-');
    const own = path.join(home, 'secrets');
    fs.mkdirSync(own);
    fs.chmodSync(own, 0o755);
    new FileSecretStore(own, { ownFolder: true }).set('api-key', Buffer.from('sk'));
    expect(mode(own)).toBe(0o700);

    // A store of a file or two in a folder with other things in it (`ias serve`'s token in the data folder).
    fs.chmodSync(home, 0o755);
    new FileSecretStore(home).set('serve-token', Buffer.from('token'));
    expect(mode(home)).toBe(0o755);
    expect(mode(path.join(home, 'serve-token'))).toBe(0o600);
  });

  it("the runtime's store is the data folder's secrets folder, closed to others once it writes", async () => {
    const home = tempDir('ias-home-');
    fs.chmodSync(home, 0o755);
    const secrets = path.join(home, 'secrets');
    fs.mkdirSync(secrets);
    fs.chmodSync(secrets, 0o750);
    const systemSkills = path.join(home, 'system');
    fs.mkdirSync(systemSkills);
    const runtime = await openRuntime({ home, systemSkills });
    onCleanup(() => void runtime.close());
    runtime.secrets.set('skill-config.mailer.PASSWORD', Buffer.from('hunter2'));
    expect(mode(secrets)).toBe(0o700);
    expect(mode(path.join(secrets, 'skill-config.mailer.PASSWORD'))).toBe(0o600);
    expect(mode(home)).toBe(0o755);
  });

  it("writes nothing to its own folder when that is a link or another user's folder", () => {
    const home = tempDir('ias-home-');
    const elsewhere = path.join(home, 'elsewhere');
    fs.mkdirSync(elsewhere, { mode: 0o700 });
    const linked = path.join(home, 'secrets');
    fs.symlinkSync(elsewhere, linked);
    expect(() => new FileSecretStore(linked, { ownFolder: true }).set('api-key', Buffer.from('sk'))).toThrow(
      /is not a folder but a symbolic link$/,
    );
    expect(fs.readdirSync(elsewhere)).toEqual([]);
    if (process.getuid?.() !== 0) return; // Only root can give a folder to another user.
    const theirs = path.join(home, 'theirs');
    fs.mkdirSync(theirs, { mode: 0o700 });
    fs.chownSync(theirs, 65534, 65534);
    expect(() => new FileSecretStore(theirs, { ownFolder: true }).set('api-key', Buffer.from('sk'))).toThrow(
      /belongs to another user \(uid 65534, not 0\)$/,
    );
    expect(fs.readdirSync(theirs)).toEqual([]);
  });
});
