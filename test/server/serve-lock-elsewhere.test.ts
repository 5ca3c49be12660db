/**
 * The serve lock taken by an `ias serve` in another pid namespace of this boot (a container sharing
 * the data folder): its pid means another process here, or none, so it is told by its lease in the
 * data folder's database, as its work is (see process-leases.ts). Real files, a real SQLite file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { thisProcess, type ProcessOwner } from '../../src/core/process-identity.js';
import { LEASE_STALE_MS, leaseClock } from '../../src/core/process-leases.js';
import { openStore } from '../../src/core/store/index.js';
import { acquireServeLock, ServeLockedError } from '../../src/server/serve-lock.js';
import { endedProcessId } from '../helpers/process.js';
import { onCleanup, tempDir } from '../helpers/temp.js';

/** An `ias serve` of another pid namespace, under `pid` (which means another process here, or none). */
function elsewhere(pid: number): ProcessOwner {
  const identity = thisProcess()!.identity;
  const [system = '', boot = ''] = identity.split(':');
  const ours = identity.slice(system.length + boot.length + 2, identity.lastIndexOf(':'));
  const namespace = ours === 'pid:[4026531999]' ? 'pid:[4026531998]' : 'pid:[4026531999]';
  return { pid, identity: `${system}:${boot}:${namespace}:4242` };
}

/** The data folder with the lock `holder` took `ago` ms ago, and its lease (none, or renewed `renewed` ms ago). */
function lockedBy(holder: ProcessOwner, ago: number, renewed?: number): string {
  const home = tempDir('ias-serve-elsewhere-');
  const store = openStore(path.join(home, 'ias.db'));
  // Open, as the holder's is while it runs.
  onCleanup(() => store.close());
  if (renewed !== undefined) store.leases.renew(holder, leaseClock() - renewed);
  const file = path.join(home, 'serve.lock');
  fs.writeFileSync(file, `${holder.pid}\n${holder.identity}\n`);
  const taken = new Date(Date.now() - ago);
  fs.utimesSync(file, taken, taken);
  return home;
}

const LONG_AGO = 10 * LEASE_STALE_MS;

describe.runIf(process.platform === 'linux')('the serve lock of an ias serve in another pid namespace', () => {
  // Under this very pid (a container's pid 1 may be the host's too) and under one that names none here.
  for (const [which, pid] of [
    ['this process', () => process.pid],
    ['none here', endedProcessId],
  ] as const) {
    it(`holds while its lease is fresh, or while it is starting (pid naming ${which})`, () => {
      const holder = elsewhere(pid());
      expect(() => acquireServeLock(lockedBy(holder, LONG_AGO, 1_000))).toThrow(ServeLockedError);
      // Taken a moment ago: its iAs may not have opened the database (and taken its lease) yet.
      expect(() => acquireServeLock(lockedBy(holder, 1_000))).toThrow(ServeLockedError);
    });

    it(`is taken over when its lease is stale or missing (pid naming ${which})`, () => {
      const holder = elsewhere(pid());
      for (const home of [lockedBy(holder, LONG_AGO, LEASE_STALE_MS + 5_000), lockedBy(holder, LONG_AGO)]) {
        const lock = acquireServeLock(home);
        expect(fs.readFileSync(lock.file, 'utf8')).toBe(`${process.pid}\n${thisProcess()!.identity}\n`);
        lock.release();
        expect(fs.existsSync(lock.file)).toBe(false);
      }
    });
  }
});
