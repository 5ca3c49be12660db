/**
 * Work (calls in the audit log, background jobs) still marked running when an iAs process starts:
 * what was left by a process that has ended becomes interrupted; what another iAs process that
 * still runs is doing stays its own (see process-identity.ts).
 */
import type Database from 'better-sqlite3';
import { recordedProcessEnded, stillRunning, type ProcessOwner, type RecordedProcess } from '../process-identity.js';
import { leasesIn } from './process-leases-repo.js';

/**
 * Prepares the start-up marking for `table` (with `owner_pid` and `owner_identity` columns);
 * `set` is the SET clause, with `@now` for the time. The function returns how many rows it marked.
 */
export function interruptLeftWork(
  db: Database.Database,
  table: 'audit_log' | 'background_jobs',
  set: string,
  me: ProcessOwner | undefined,
): (now: number) => number {
  const owners = db.prepare<[], ProcessOwner>(
    `SELECT DISTINCT owner_pid AS pid, owner_identity AS identity FROM ${table}
     WHERE status = 'running' AND owner_identity IS NOT NULL`,
  );
  const interrupt = db.prepare<[{ now: number; live: string }]>(
    `UPDATE ${table} SET ${set}
     WHERE status = 'running'
       AND (owner_identity IS NULL OR owner_identity NOT IN (SELECT value FROM json_each(@live)))`,
  );
  return (now) => interrupt.run({ now, live: JSON.stringify(stillRunning(owners.all(), me, leasesIn(db))) }).changes;
}

/**
 * The test that a row's owner (its `pid` and `identity` columns) is among the ended owners given as
 * `@ended` (identities) and `@endedPids` (the ids of owners recorded without one), as
 * `forEndedOwners` gives them.
 */
export const ownerAmongEnded = (pid: string, identity: string): string =>
  `(${identity} IN (SELECT value FROM json_each(@ended))
    OR (${identity} IS NULL AND ${pid} IN (SELECT value FROM json_each(@endedPids))))`;

/**
 * Runs `update` for the owners among `owners()` that have provably ended (killed, crashed): looked
 * at once, then again in one write transaction, so no process given an ended one's id can take work
 * between the look and the update (the leases of owners in another pid namespace are read with each
 * look, once). `update` gets them as `ownerAmongEnded` reads them. `always`:
 * update even when none has ended (for a test of its own beside the owners'). Returns what it did.
 */
export function forEndedOwners<T>(
  db: Database.Database,
  owners: () => RecordedProcess[],
  update: (ended: { ended: string; endedPids: string }) => T[],
  always = false,
): T[] {
  const ended = () => {
    const leases = leasesIn(db);
    return owners().filter((owner) => recordedProcessEnded(owner, leases));
  };
  if (!always && ended().length === 0) return [];
  return db
    .transaction(() => {
      const gone = ended();
      return update({
        ended: JSON.stringify(gone.flatMap((o) => (o.identity === null ? [] : [o.identity]))),
        endedPids: JSON.stringify(gone.flatMap((o) => (o.identity === null ? [o.pid] : []))),
      });
    })
    .immediate();
}
