/**
 * One `ias serve` per data folder: `<home>/serve.lock` holds the owner's pid and, where it can be
 * told, its identity (see process-identity.ts). A lock whose process is gone is stale and taken
 * over, also when its pid has since been given to another process (after a kill -9 or a reboot).
 * One taken in another pid namespace of this boot (`ias serve` in a container sharing the data
 * folder) is told by its lease in the database (see process-leases.ts), as its work is.
 */
import fs from 'node:fs';
import path from 'node:path';
import { dataPaths } from '../core/paths.js';
import { hasEnded, identityOf, toldBeforeThisBoot, toldElsewhereThisBoot, toldHere } from '../core/process-identity.js';
import { LEASE_STALE_MS } from '../core/process-leases.js';
import { makeDataFolder } from '../core/store/database.js';
import { leasesInFile } from '../core/store/process-leases-repo.js';
import type { StartRefusal } from '../shared/start-refusals-zh-CN.js';

export const LOCK_FILE = 'serve.lock';

export class ServeLockedError extends Error {
  /** The refusal by its code, said in the owner's language by the command. */
  readonly messageCode: Extract<StartRefusal, { code: 'serve-already-running' }>;

  constructor(
    readonly pid: number,
    home: string,
  ) {
    super(`another \`ias serve\` (pid ${pid}) is already running for ${home}; stop it first`);
    this.messageCode = { code: 'serve-already-running', params: { pid, home } };
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, it is just not ours to signal.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

interface LockOwner {
  pid: number;
  identity?: string;
}

function lockOwner(file: string): LockOwner | undefined {
  try {
    const [first = '', second = ''] = fs.readFileSync(file, 'utf8').split('\n');
    const pid = Number.parseInt(first.trim(), 10);
    if (!Number.isSafeInteger(pid) || pid <= 0) return undefined;
    return second.trim() ? { pid, identity: second.trim() } : { pid };
  } catch {
    return undefined;
  }
}

/**
 * Whether the `ias serve` a lock names still runs: by its identity where that was told here; gone
 * when told before this boot; told in another pid namespace of this boot, by its lease in the
 * data folder's database, or while the lock is younger than a stale lease (it takes the lock before
 * it opens the database and its lease); else (no identity, the leases unreadable) whether its pid is
 * in use.
 */
function stillRuns(owner: LockOwner, file: string, home: string): boolean {
  const { pid, identity } = owner;
  if (identity !== undefined && toldHere(identity)) return !hasEnded({ pid, identity });
  if (identity !== undefined && toldBeforeThisBoot(identity)) return false;
  if (identity !== undefined && toldElsewhereThisBoot(identity)) {
    const leases = leasesInFile(dataPaths(home).database);
    if (leases) return takenLately(file) || !hasEnded({ pid, identity }, leases);
  }
  return alive(pid);
}

function takenLately(file: string): boolean {
  const taken = fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs;
  return taken !== undefined && Math.abs(Date.now() - taken) <= LEASE_STALE_MS;
}

export interface ServeLock {
  file: string;
  release(): void;
}

/** Takes the data folder's serve lock, or throws {@link ServeLockedError}. */
export function acquireServeLock(home: string, pid = process.pid): ServeLock {
  const file = path.join(home, LOCK_FILE);
  // The data folder, when `ias serve` makes it, is the owner's alone (as openDatabase makes it).
  makeDataFolder(home);
  // Written aside and linked into place, so the lock never exists without its pid.
  const draft = `${file}.${pid}.tmp`;
  const identity = identityOf(pid);
  const told = identity === undefined || identity === 'gone' ? undefined : identity;
  const text = told === undefined ? `${pid}\n` : `${pid}\n${told}\n`;
  // By its identity where both are told: a process of another pid namespace may have the same pid.
  const namesMe = (owner: LockOwner) =>
    owner.identity !== undefined && told !== undefined ? owner.identity === told : owner.pid === pid;
  fs.writeFileSync(draft, text, { mode: 0o600 });
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      if (take(draft, file)) {
        return {
          file,
          release() {
            const owner = lockOwner(file);
            if (owner !== undefined && namesMe(owner)) fs.rmSync(file, { force: true });
          },
        };
      }
      const owner = lockOwner(file);
      if (owner !== undefined && !namesMe(owner) && stillRuns(owner, file, home)) {
        throw new ServeLockedError(owner.pid, home);
      }
      // Stale (its process is gone, or it is unreadable): remove it and try again.
      fs.rmSync(file, { force: true });
    }
  } finally {
    fs.rmSync(draft, { force: true });
  }
  throw new Error(`could not take ${file}`);
}

function take(draft: string, file: string): boolean {
  try {
    fs.linkSync(draft, file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
}
