/** Scheduled tasks: what to ask, when, with which skills, and how the last run went. */
import type Database from 'better-sqlite3';
import type { TaskResultCode } from '../../shared/task-results.js';
import type { ProcessOwner, RecordedProcess } from '../process-identity.js';
import { forEndedOwners, ownerAmongEnded } from './left-work.js';
import { storedCode } from './stored-code.js';

type Db = Database.Database;

export type TaskRunStatus = 'running' | 'done' | 'failed' | 'interrupted';

export interface ScheduledTask {
  id: string;
  name: string;
  /** A cron expression for a repeating task; null for a one-off. */
  cron: string | null;
  /** The moment of a one-off task (ms since the epoch); null for a repeating one. */
  runAt: number | null;
  prompt: string;
  /** The skills a run may use, fixed when the task was made. */
  allowlist: string[];
  enabled: boolean;
  nextRunAt: number | null;
  lastRunAt: number | null;
  lastStatus: TaskRunStatus | null;
  lastResult: string | null;
  /** The code of what iAs itself says in the last result, to say it in the UI's language (none on older rows). */
  lastResultCode: TaskResultCode | null;
  /** The IANA time zone the schedule is read in. */
  timeZone: string;
  /** Who made it: a conversation id, or "cli". */
  createdBy: string | null;
  createdAt: number;
  updatedAt: number;
}

/** What a run left "running" by an iAs process that ended reads as, once it is marked interrupted. */
export interface LeftRunResult {
  text: string;
  code: TaskResultCode;
}

export type NewTask = Omit<ScheduledTask, 'lastRunAt' | 'lastStatus' | 'lastResult' | 'lastResultCode' | 'updatedAt'>;
export type TaskChange = Partial<
  Pick<ScheduledTask, 'name' | 'cron' | 'runAt' | 'prompt' | 'allowlist' | 'enabled' | 'nextRunAt' | 'timeZone'>
>;

interface RawTask extends Omit<ScheduledTask, 'allowlist' | 'enabled' | 'lastResultCode'> {
  allowlist: string;
  enabled: number;
  lastResultCode: string | null;
}

const SELECT = `SELECT id, name, cron, run_at AS runAt, prompt, allowlist, enabled, next_run_at AS nextRunAt,
  last_run_at AS lastRunAt, last_status AS lastStatus, last_result AS lastResult,
  last_result_code AS lastResultCode,
  COALESCE(time_zone, 'UTC') AS timeZone, created_by AS createdBy, created_at AS createdAt,
  COALESCE(updated_at, created_at) AS updatedAt FROM scheduled_tasks`;

const COLUMNS: Record<keyof TaskChange, string> = {
  name: 'name',
  cron: 'cron',
  runAt: 'run_at',
  prompt: 'prompt',
  allowlist: 'allowlist',
  enabled: 'enabled',
  nextRunAt: 'next_run_at',
  timeZone: 'time_zone',
};

function toTask(raw: RawTask): ScheduledTask {
  let allowlist: string[] = [];
  try {
    const parsed: unknown = JSON.parse(raw.allowlist);
    if (Array.isArray(parsed)) allowlist = parsed.filter((x): x is string => typeof x === 'string');
  } catch {
    allowlist = [];
  }
  return {
    ...raw,
    allowlist,
    enabled: raw.enabled !== 0,
    lastResultCode: storedCode<TaskResultCode>(raw.lastResultCode),
  };
}

export class TasksRepo {
  private readonly insertStmt;
  private readonly getStmt;
  private readonly listStmt;
  private readonly dueStmt;
  private readonly nextStmt;
  private readonly claimStmt;
  private readonly claimNowStmt;
  private readonly skipStmt;
  private readonly finishStmt;
  private readonly deleteStmt;
  private readonly runOwnersStmt;
  private readonly interruptStmt;
  private readonly stampStmt;
  /** This process, as it names itself the owner of the runs it takes. */
  private readonly me: RecordedProcess;
  /** The tasks whose runs this repository took and has not yet seen end. */
  private readonly taken = new Set<string>();

  /** `owner`: this iAs process, where its identity can be told (see process-identity.ts). */
  constructor(
    private readonly db: Db,
    owner?: ProcessOwner,
  ) {
    this.me = { pid: owner?.pid ?? process.pid, identity: owner?.identity ?? null };
    this.insertStmt = db.prepare(
      `INSERT INTO scheduled_tasks (id, name, cron, run_at, prompt, allowlist, enabled, next_run_at, time_zone,
         created_by, created_at, updated_at)
       VALUES (@id, @name, @cron, @runAt, @prompt, @allowlist, @enabled, @nextRunAt, @timeZone, @createdBy, @createdAt, @createdAt)`,
    );
    this.getStmt = db.prepare<[string], RawTask>(`${SELECT} WHERE id = ?`);
    this.listStmt = db.prepare<[], RawTask>(`${SELECT} ORDER BY created_at, id`);
    this.dueStmt = db.prepare<[number], RawTask>(
      `${SELECT} WHERE enabled = 1 AND next_run_at IS NOT NULL AND next_run_at <= ? ORDER BY next_run_at, id`,
    );
    this.nextStmt = db
      .prepare<[], number | null>(`SELECT MIN(next_run_at) FROM scheduled_tasks WHERE enabled = 1`)
      .pluck();
    // A run is taken only while none of the task is under way, and names this process its owner.
    const taken = `last_run_at = @now, last_status = 'running', run_owner_pid = @pid, run_owner_identity = @identity,
      updated_at = @now`;
    type Taking = RecordedProcess & { id: string; now: number };
    this.claimStmt = db.prepare<[Taking & { next: number | null; enabled: number; due: number }]>(
      `UPDATE scheduled_tasks SET next_run_at = @next, enabled = @enabled, ${taken}
       WHERE id = @id AND enabled = 1 AND next_run_at = @due AND last_status IS NOT 'running'`,
    );
    // A one-off run now has had its run: it is finished, as after its moment. A repeating task's
    // schedule is left as it was, paused or not.
    this.claimNowStmt = db.prepare<[Taking]>(
      `UPDATE scheduled_tasks SET ${taken},
         enabled = CASE WHEN cron IS NULL THEN 0 ELSE enabled END,
         next_run_at = CASE WHEN cron IS NULL THEN NULL ELSE next_run_at END
       WHERE id = @id AND last_status IS NOT 'running'`,
    );
    this.skipStmt = db.prepare<[number | null, number, number, string, number]>(
      `UPDATE scheduled_tasks SET next_run_at = ?, enabled = ?, updated_at = ?
       WHERE id = ? AND enabled = 1 AND next_run_at = ?`,
    );
    this.finishStmt = db.prepare<[TaskRunStatus, string, string | null, number, string]>(
      `UPDATE scheduled_tasks SET last_status = ?, last_result = ?, last_result_code = ?, updated_at = ?,
         run_owner_pid = NULL, run_owner_identity = NULL WHERE id = ?`,
    );
    this.deleteStmt = db.prepare<[string]>(`DELETE FROM scheduled_tasks WHERE id = ?`);
    // `@id` null: every task's run.
    const left = `last_status = 'running' AND (@id IS NULL OR id = @id)`;
    this.runOwnersStmt = db.prepare<[{ id: string | null }], RecordedProcess>(
      `SELECT DISTINCT run_owner_pid AS pid, run_owner_identity AS identity FROM scheduled_tasks
       WHERE ${left} AND run_owner_pid IS NOT NULL`,
    );
    type Interrupting = {
      id: string | null;
      now: number;
      text: string;
      code: string;
      unowned: number;
      ended: string;
      endedPids: string;
      pid: number;
      mine: string;
    };
    this.interruptStmt = db.prepare<[Interrupting], { id: string }>(
      `UPDATE scheduled_tasks SET last_status = 'interrupted', last_result = @text, last_result_code = @code,
         run_owner_pid = NULL, run_owner_identity = NULL, updated_at = @now
       WHERE ${left} AND ((@unowned AND run_owner_pid IS NULL)
         OR (@unowned AND run_owner_pid = @pid AND run_owner_identity IS NULL
           AND id NOT IN (SELECT value FROM json_each(@mine)))
         OR ${ownerAmongEnded('run_owner_pid', 'run_owner_identity')})
       RETURNING id`,
    );
    // Every write of a task sets its updated_at.
    this.stampStmt = db
      .prepare<[], string | null>(
        `SELECT group_concat(id || ':' || COALESCE(updated_at, created_at), ',')
         FROM (SELECT id, updated_at, created_at FROM scheduled_tasks ORDER BY id)`,
      )
      .pluck();
  }

  insert(task: NewTask): ScheduledTask {
    this.insertStmt.run({ ...task, allowlist: JSON.stringify(task.allowlist), enabled: task.enabled ? 1 : 0 });
    return this.get(task.id)!;
  }

  get(id: string): ScheduledTask | undefined {
    const raw = this.getStmt.get(id);
    return raw && toTask(raw);
  }

  list(): ScheduledTask[] {
    return this.listStmt.all().map(toTask);
  }

  /** Enabled tasks whose next run is at or before `now`, earliest first. */
  due(now: number): ScheduledTask[] {
    return this.dueStmt.all(now).map(toTask);
  }

  /** The earliest next run of any enabled task. */
  nextRunAt(): number | undefined {
    return this.nextStmt.get() ?? undefined;
  }

  update(id: string, change: TaskChange, now = Date.now()): ScheduledTask | undefined {
    const keys = Object.keys(change) as (keyof TaskChange)[];
    if (keys.length > 0) {
      const values = keys.map((k) => {
        const v = change[k];
        return k === 'allowlist' ? JSON.stringify(v) : k === 'enabled' ? (v ? 1 : 0) : (v ?? null);
      });
      this.db
        .prepare(
          `UPDATE scheduled_tasks SET ${keys.map((k) => `${COLUMNS[k]} = ?`).join(', ')}, updated_at = ? WHERE id = ?`,
        )
        .run(...values, now, id);
    }
    return this.get(id);
  }

  /**
   * Takes a due run (compare-and-set on its next run): moves the next run on, or disables a
   * one-off, before anything runs, so a crash never runs it twice. False when another took it.
   */
  claim(task: ScheduledTask, next: number | null, now = Date.now()): boolean {
    if (task.nextRunAt === null) return false;
    const slot = { next, enabled: next === null ? 0 : 1, due: task.nextRunAt };
    return this.took(task.id, this.claimStmt.run({ ...slot, id: task.id, now, ...this.me }).changes === 1);
  }

  /**
   * Takes a run the owner asked for now (compare-and-set on the last status): false when a run of
   * the task is under way, here or in another iAs process. A one-off is finished by it.
   */
  claimNow(id: string, now = Date.now()): boolean {
    return this.took(id, this.claimNowStmt.run({ id, now, ...this.me }).changes === 1);
  }

  private took(id: string, taken: boolean): boolean {
    if (taken) this.taken.add(id);
    return taken;
  }

  /** Moves a due slot on without running it (compare-and-set, as claim); false when another did. */
  skip(task: ScheduledTask, next: number | null, now = Date.now()): boolean {
    if (task.nextRunAt === null) return false;
    return this.skipStmt.run(next, next === null ? 0 : 1, now, task.id, task.nextRunAt).changes === 1;
  }

  /** Records how a run ended: its result in English, and the code of what iAs says in it (when any). */
  finish(id: string, status: TaskRunStatus, result: string, now = Date.now(), code?: TaskResultCode): void {
    this.finishStmt.run(status, result, code ? JSON.stringify(code) : null, now, id);
    this.taken.delete(id);
  }

  delete(id: string): boolean {
    return this.deleteStmt.run(id).changes > 0;
  }

  /** A text that changes whenever a task is made, changed, run or deleted (by any iAs process). */
  stamp(): string {
    return this.stampStmt.get() ?? '';
  }

  /**
   * Marks interrupted (reading as `result`) the runs left "running" by an iAs process that has
   * provably ended (killed mid-run): of every task, or of task `id`. `unowned`: also the runs that
   * name no owner (taken before owners were recorded), as at start-up, and those that name this
   * process's id without an identity that it did not take (where identities cannot be told, a run of
   * an iAs killed before this process was given its id: its id's being in use proves nothing). A run
   * of a process that still runs, this one included, is left to it. Returns the ids of the tasks it marked.
   */
  interruptLeftRuns(
    result: LeftRunResult,
    options: { id?: string; unowned?: boolean } = {},
    now = Date.now(),
  ): string[] {
    const id = options.id ?? null;
    const unowned = options.unowned ? 1 : 0;
    const code = JSON.stringify(result.code);
    return forEndedOwners(
      this.db,
      () => this.runOwnersStmt.all({ id }),
      (ended) => {
        const mine = JSON.stringify([...this.taken]);
        const marked = this.interruptStmt.all({
          id,
          now,
          text: result.text,
          code,
          unowned,
          ...ended,
          pid: this.me.pid,
          mine,
        });
        return marked.map((row) => row.id);
      },
      options.unowned,
    );
  }
}
