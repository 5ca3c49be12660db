/** The process groups of skill calls still running (see migration 4). */
import type Database from 'better-sqlite3';

type Db = Database.Database;

export interface SkillProcess {
  auditId: number;
  pid: number;
  identity: string;
  /** The iAs process that started it. */
  ownerPid: number;
  ownerIdentity: string;
  startedAt: number;
}

export class SkillProcessesRepo {
  private readonly addStmt;
  private readonly removeStmt;
  private readonly allStmt;

  constructor(db: Db) {
    this.addStmt = db.prepare<[number, number, string, number, string, number]>(
      `INSERT OR REPLACE INTO skill_processes (audit_id, pid, identity, owner_pid, owner_identity, started_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
    );
    this.removeStmt = db.prepare<[number]>('DELETE FROM skill_processes WHERE audit_id = ?');
    this.allStmt = db.prepare<[], SkillProcess>(
      `SELECT audit_id AS auditId, pid, identity, owner_pid AS ownerPid, owner_identity AS ownerIdentity,
         started_at AS startedAt FROM skill_processes ORDER BY audit_id`,
    );
  }

  add(
    auditId: number,
    process: { pid: number; identity: string; ownerPid: number; ownerIdentity: string },
    now = Date.now(),
  ): void {
    this.addStmt.run(auditId, process.pid, process.identity, process.ownerPid, process.ownerIdentity, now);
  }

  remove(auditId: number): void {
    this.removeStmt.run(auditId);
  }

  all(): SkillProcess[] {
    return this.allStmt.all();
  }
}
