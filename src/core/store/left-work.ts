/**
 * Work (calls in the audit log, background jobs) still marked running when an iAs process starts:
 * what was left by a process that has ended becomes interrupted; what another iAs process that
 * still runs is doing stays its own (see process-identity.ts).
 */
import type Database from 'better-sqlite3';
import { stillRunning, type ProcessOwner } from '../process-identity.js';

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
  return (now) => interrupt.run({ now, live: JSON.stringify(stillRunning(owners.all(), me)) }).changes;
}
