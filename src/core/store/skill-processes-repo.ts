/** The process groups of skill calls still running, and their calls' tokens (see migrations 4 and 16). */
import type Database from 'better-sqlite3';
import type { Leases } from '../process-leases.js';
import { leasesIn } from './process-leases-repo.js';

type Db = Database.Database;

export interface SkillProcess {
  auditId: number;
  pid: number;
  identity: string;
  /** The iAs process that started it. */
  ownerPid: number;
  ownerIdentity: string;
  /** The token the call's processes carry (Linux), by which those that left the group are found. */
  callToken?: string | null;
  startedAt: number;
}

export class SkillProcessesRepo {
  private readonly addStmt;
  private readonly removeStmt;
  private readonly allStmt;

  constructor(private readonly db: Db) {
    this.addStmt = db.prepare<[number, number, string, number, string, string | null, number]>(
      `INSERT OR REPLACE INTO skill_processes
         (audit_id, pid, identity, owner_pid, owner_identity, call_token, started_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    this.removeStmt = db.prepare<[number]>('DELETE FROM skill_processes WHERE audit_id = ?');
    this.allStmt = db.prepare<[], SkillProcess>(
      `SELECT audit_id AS auditId, pid, identity, owner_pid AS ownerPid, owner_identity AS ownerIdentity,
         call_token AS callToken, started_at AS startedAt FROM skill_processes ORDER BY audit_id`,
    );
  }

  add(
    auditId: number,
    process: { pid: number; identity: string; ownerPid: number; ownerIdentity: string; callToken?: string | null },
    now = Date.now(),
  ): void {
    const { pid, identity, ownerPid, ownerIdentity, callToken } = process;
    this.addStmt.run(auditId, pid, identity, ownerPid, ownerIdentity, callToken ?? null, now);
  }

  remove(auditId: number): void {
    this.removeStmt.run(auditId);
  }

  all(): SkillProcess[] {
    return this.allStmt.all();
  }

  /** The leases of the iAs processes on this database, read at the first question (see process-leases.ts). */
  leases(): Leases {
    return leasesIn(this.db);
  }
}
