/** Work that outlived its turn (a tool call past its 8 s): running, then done, then delivered. */
import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { EndedToolStatus } from '../../shared/contract.js';
import type { ToolErrorCode } from '../../shared/tool-errors.js';
import type { ProcessOwner, RecordedProcess } from '../process-identity.js';
import { forEndedOwners, interruptLeftWork, ownerAmongEnded } from './left-work.js';

type Db = Database.Database;

export type JobStatus = 'running' | 'done' | 'delivered' | 'interrupted';

export interface BackgroundJob {
  id: string;
  kind: string;
  conversationId: string | null;
  skill: string | null;
  status: JobStatus;
  createdAt: number;
  finishedAt: number | null;
  /** JSON text of the result (what the model is told). */
  result: string | null;
  /** How the call ended, as its card shows it; null while running, and on jobs from before it was kept. */
  callStatus: EndedToolStatus | null;
  /** Why it did not run, when iAs said it: JSON text of its code (see shared/tool-errors.ts); null otherwise. */
  resultCode: string | null;
}

const SELECT = `SELECT id, kind, conversation_id AS conversationId, skill, status, created_at AS createdAt,
  finished_at AS finishedAt, result, call_status AS callStatus, result_code AS resultCode FROM background_jobs`;

export class BackgroundJobsRepo {
  private readonly insertStmt;
  private readonly finishStmt;
  private readonly undeliveredStmt;
  private readonly deliverStmt;
  private readonly interrupt;
  private readonly getStmt;
  private readonly ofConversationStmt;
  private readonly runningStmt;
  private readonly leftOwnersStmt;
  private readonly interruptLeftStmt;

  /** `owner`: this iAs process, recorded with each job it starts (see markInterrupted). */
  constructor(
    private readonly db: Db,
    private readonly owner?: ProcessOwner,
  ) {
    this.insertStmt = db.prepare<[string, string, string | null, string | null, number, number | null, string | null]>(
      `INSERT OR IGNORE INTO background_jobs (id, kind, conversation_id, skill, status, created_at, owner_pid,
         owner_identity)
       VALUES (?, ?, ?, ?, 'running', ?, ?, ?)`,
    );
    this.finishStmt = db.prepare<[number, string, EndedToolStatus, string | null, string]>(
      `UPDATE background_jobs SET status = 'done', finished_at = ?, result = ?, call_status = ?, result_code = ?
       WHERE id = ? AND status = 'running'`,
    );
    this.undeliveredStmt = db.prepare<[string], BackgroundJob>(
      `${SELECT} WHERE conversation_id = ? AND status IN ('done', 'interrupted') ORDER BY finished_at, id`,
    );
    this.deliverStmt = db.prepare<[string]>(
      `UPDATE background_jobs SET status = 'delivered' WHERE id = ? AND status IN ('done', 'interrupted')`,
    );
    this.interrupt = interruptLeftWork(db, 'background_jobs', `status = 'interrupted', finished_at = @now`, owner);
    this.getStmt = db.prepare<[string], BackgroundJob>(`${SELECT} WHERE id = ?`);
    this.ofConversationStmt = db.prepare<[string], BackgroundJob>(`${SELECT} WHERE conversation_id = ?`);
    this.runningStmt = db
      .prepare<[], [string, string | null]>(`SELECT id, conversation_id FROM background_jobs WHERE status = 'running'`)
      .raw();
    // `@conversationId` null: the jobs of every conversation.
    const left = `status = 'running' AND (@conversationId IS NULL OR conversation_id = @conversationId)`;
    this.leftOwnersStmt = db.prepare<[{ conversationId: string | null }], RecordedProcess>(
      `SELECT DISTINCT owner_pid AS pid, owner_identity AS identity FROM background_jobs
       WHERE ${left} AND owner_pid IS NOT NULL`,
    );
    this.interruptLeftStmt = db.prepare<
      [{ conversationId: string | null; now: number; ended: string; endedPids: string }]
    >(
      `UPDATE background_jobs SET status = 'interrupted', finished_at = @now
       WHERE ${left} AND ${ownerAmongEnded('owner_pid', 'owner_identity')}`,
    );
  }

  /**
   * Records a job and returns its id: `id` (a tool call's), or, when a model reused that call id
   * before, `id` with a suffix that makes it unique.
   */
  start(id: string, kind: string, conversationId: string | null, skill: string | null, now = Date.now()): string {
    const owner = [this.owner?.pid ?? null, this.owner?.identity ?? null] as const;
    if (this.insertStmt.run(id, kind, conversationId, skill, now, ...owner).changes === 1) return id;
    const unique = `${id}-${randomUUID().slice(0, 8)}`;
    this.insertStmt.run(unique, kind, conversationId, skill, now, ...owner);
    return unique;
  }

  /** The job's call ended with `result` (what the model is told), shown as `status`, with why by `code`. */
  finish(id: string, result: unknown, status: EndedToolStatus, now = Date.now(), code?: ToolErrorCode): boolean {
    return (
      this.finishStmt.run(now, JSON.stringify(result), status, code ? JSON.stringify(code) : null, id).changes === 1
    );
  }

  get(id: string): BackgroundJob | undefined {
    return this.getStmt.get(id);
  }

  /** Every job of a conversation, however far it got. */
  ofConversation(conversationId: string): BackgroundJob[] {
    return this.ofConversationStmt.all(conversationId);
  }

  /** The jobs still running (of any iAs process), each with its conversation. */
  running(): Map<string, string | null> {
    return new Map(this.runningStmt.all());
  }

  /** Finished jobs of a conversation whose results the model has not seen yet. */
  undelivered(conversationId: string): BackgroundJob[] {
    return this.undeliveredStmt.all(conversationId);
  }

  markDelivered(id: string): boolean {
    return this.deliverStmt.run(id).changes === 1;
  }

  /**
   * The jobs (of conversation `conversationId`, or of all) left running by an iAs process that has
   * provably ended since (`ias chat` killed beside the app) will never finish: marked interrupted,
   * as at start-up, so that they are not shown running for ever and the next turn tells the model.
   * Those of a process that still runs, this one included, stay its own. Returns how many.
   */
  interruptLeft(conversationId?: string, now = Date.now()): number {
    const only = { conversationId: conversationId ?? null };
    const [marked = 0] = forEndedOwners(
      this.db,
      () => this.leftOwnersStmt.all(only),
      (ended) => [this.interruptLeftStmt.run({ ...only, now, ...ended }).changes],
    );
    return marked;
  }

  /** At start-up: jobs left running by an iAs process now gone will never finish (see AuditRepo). */
  markInterrupted(now = Date.now()): number {
    return this.interrupt(now);
  }
}
