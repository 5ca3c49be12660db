/**
 * The database holds every conversation, the audit log (each call's parameters and results) and
 * settings such as a WeChat puppet service's token: other users of the computer must not read it,
 * whatever the umask, and a file an earlier version left readable is made private when opened.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DatabaseDamagedError, openStore } from '../../../src/core/store/index.js';
import { acquireServeLock } from '../../../src/server/serve-lock.js';
import { onCleanup, tempDir } from '../../helpers/temp.js';

const posix = process.platform !== 'win32';
const mode = (file: string) => fs.statSync(file).mode & 0o777;

describe.runIf(posix)('the database file modes', () => {
  let umask: number;
  beforeEach(() => {
    // A common default: new files readable by everyone.
    umask = process.umask(0o022);
  });
  afterEach(() => {
    process.umask(umask);
  });

  it('makes the database, its -wal and -shm, and a new data folder readable by the owner only', () => {
    const home = path.join(tempDir(), 'iAs');
    const store = openStore(path.join(home, 'ias.db'));
    onCleanup(() => store.close());
    store.settings.set('probe', 'x'); // a write, so the -wal and -shm files exist

    expect(mode(home).toString(8)).toBe('700');
    for (const suffix of ['', '-wal', '-shm']) {
      expect({ file: `ias.db${suffix}`, mode: mode(path.join(home, `ias.db${suffix}`)).toString(8) }).toEqual({
        file: `ias.db${suffix}`,
        mode: '600',
      });
    }
  });

  it('makes a database an earlier version left readable by others private when it is opened', () => {
    const home = tempDir();
    const file = path.join(home, 'ias.db');
    const first = openStore(file);
    first.settings.set('probe', 'x');
    first.close();
    fs.chmodSync(file, 0o644);
    fs.writeFileSync(`${file}-wal`, '');
    fs.chmodSync(`${file}-wal`, 0o666);

    const store = openStore(file);
    onCleanup(() => store.close());
    store.settings.set('probe', 'y');

    for (const suffix of ['', '-wal', '-shm']) expect(mode(`${file}${suffix}`) & 0o077).toBe(0);
    expect(store.settings.get('probe')).toBe('y');
  });

  it('keeps a damaged database an earlier version left readable by others private when it moves it aside', () => {
    const home = tempDir();
    const file = path.join(home, 'ias.db');
    const first = openStore(file);
    for (let i = 0; i < 500; i++) first.settings.set(`key-${i}`, 'x'.repeat(200));
    first.close();
    const bytes = fs.readFileSync(file);
    bytes.fill(0x5a, 4096 * 2, 4096 * 6); // damaged pages, the header left intact
    fs.writeFileSync(file, bytes);
    fs.chmodSync(file, 0o644);
    fs.writeFileSync(`${file}-wal`, '');
    fs.chmodSync(`${file}-wal`, 0o666);

    let error: unknown;
    try {
      openStore(file).close();
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(DatabaseDamagedError);
    const keptAt = (error as DatabaseDamagedError).keptAt;
    for (const suffix of ['', '-wal']) expect(mode(`${keptAt}${suffix}`) & 0o077).toBe(0);
    // Kept byte for byte all the same.
    expect(fs.readFileSync(keptAt).equals(bytes)).toBe(true);
  });

  it('makes the data folder private when `ias serve` creates it (its lock comes first)', () => {
    const home = path.join(tempDir(), 'iAs');
    const lock = acquireServeLock(home);
    onCleanup(() => lock.release());
    expect(mode(home).toString(8)).toBe('700');
  });
});
