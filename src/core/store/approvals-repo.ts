/**
 * The approval state machine's table. Every status change is a compare-and-set: it happens only if
 * the row is still in one of the expected states, and the caller learns whether it did.
 */
import type Database from 'better-sqlite3';
import type { SkillOrigin } from '../../shared/approval-messages.js';
import { stillRunning, type ProcessOwner, type RecordedProcess } from '../process-identity.js';
import { forEndedOwners, ownerAmongEnded } from './left-work.js';
import { leasesIn } from './process-leases-repo.js';

type Db = Database.Database;

export type ApprovalStatus =
  'queued' | 'pending' | 'approved' | 'executing' | 'done' | 'rejected' | 'expired' | 'cancelled';

export type ApprovalSource = 'chat' | 'job' | 'schedule' | 'cli';

/** The states an approval can still move out of. */
export const OPEN_APPROVAL_STATUSES: readonly ApprovalStatus[] = ['queued', 'pending', 'approved', 'executing'];

export interface ApprovalRow {
  /** A UUID. */
  id: string;
  createdAt: number;
  /** When a pending approval lapses; null while queued. */
  expiresAt: number | null;
  /** The owner who must answer. */
  userId: string;
  skillName: string;
  /** The canonical JSON text of the parameters: exactly what will run. */
  params: string;
  paramsHash: string;
  /** The skill version (its hash) that was asked about. */
  skillHash: string;
  /** Whose skill that version is (a user skill overriding a shipped one, reviewed or not); null in rows from before. */
  skillOrigin: SkillOrigin | null;
  /** HMAC of the one-time code; null while queued. */
  codeHash: string | null;
  attemptsLeft: number;
  status: ApprovalStatus;
  /** JSON text of the execution result. */
  result: string | null;
  consumedAt: number | null;
  channel: string | null;
  /** The conversation or job that asked. */
  requestedBy: string | null;
  source: ApprovalSource;
  decidedAt: number | null;
  /** The app run that created the approval. */
  runId: string;
  queuedAt: number | null;
}

/** What insert() needs; the optional fields default to null (attemptsLeft to 3, source to 'chat'). */
export type NewApproval = Pick<
  ApprovalRow,
  'id' | 'createdAt' | 'userId' | 'skillName' | 'params' | 'paramsHash' | 'skillHash' | 'status' | 'runId'
> &
  Partial<
    Omit<
      ApprovalRow,
      'id' | 'createdAt' | 'userId' | 'skillName' | 'params' | 'paramsHash' | 'skillHash' | 'status' | 'runId'
    >
  >;

/** Fields a transition may set along with the new status. */
export type ApprovalUpdate = Partial<Omit<ApprovalRow, 'id' | 'status'>>;

export interface LeftoverApprovals {
  /** How many queued/pending/approved approvals of earlier runs were cancelled. */
  cancelled: number;
  cancelledIds: string[];
  /** Approvals of earlier runs caught while executing: left as they are, for the caller to settle. */
  executing: ApprovalRow[];
}

const COLUMNS: Record<keyof ApprovalRow, string> = {
  id: 'id',
  createdAt: 'created_at',
  expiresAt: 'expires_at',
  userId: 'user_id',
  skillName: 'skill_name',
  params: 'params',
  paramsHash: 'params_hash',
  skillHash: 'skill_hash',
  skillOrigin: 'skill_origin',
  codeHash: 'code_hash',
  attemptsLeft: 'attempts_left',
  status: 'status',
  result: 'result',
  consumedAt: 'consumed_at',
  channel: 'channel',
  requestedBy: 'requested_by',
  source: 'source',
  decidedAt: 'decided_at',
  runId: 'run_id',
  queuedAt: 'queued_at',
};
const FIELDS = Object.keys(COLUMNS) as (keyof ApprovalRow)[];
const SELECT = `SELECT ${FIELDS.map((f) => `${COLUMNS[f]} AS ${f}`).join(', ')} FROM pending_approvals`;
/** Columns a transition never sets from `fields`. */
const FIXED = new Set<string>(['id', 'status']);
/** Of another run, and not of an iAs process that still runs (`?`: the identities of those, as JSON). */
const OTHER_RUN = `run_id IS NOT ? AND (owner_identity IS NULL OR owner_identity NOT IN (SELECT value FROM json_each(?)))`;
const OPEN = `status IN ('queued', 'pending', 'approved', 'executing')`;

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && (error as { code?: unknown }).code === 'SQLITE_CONSTRAINT_UNIQUE';
}

export class ApprovalsRepo {
  private readonly insertStmt;
  private readonly getStmt;
  private readonly decrementStmt;
  private readonly activeStmt;
  private readonly nextQueuedStmt;
  private readonly openStmt;
  private readonly cancelStmt;
  private readonly executingStmt;
  private readonly listAllStmt;
  private readonly ownersStmt;
  private readonly recordedOwnersStmt;
  private readonly abandonStmt;
  private readonly pastDueStmt;
  private readonly chatWindowsStmt;
  private readonly setChatWindowsStmt;
  private readonly spendChatWindowsStmt;
  /** This process, as recorded with its approvals: its id always, its identity where it can be told. */
  private readonly me: RecordedProcess;
  private readonly transitions = new Map<string, Database.Statement>();
  private readonly lists = new Map<number, Database.Statement>();

  /** `owner`: this iAs process, recorded with each approval it opens (where it can be told). */
  constructor(
    private readonly db: Db,
    private readonly owner?: ProcessOwner,
  ) {
    this.me = { pid: owner?.pid ?? process.pid, identity: owner?.identity ?? null };
    this.insertStmt = db.prepare(
      `INSERT INTO pending_approvals (${FIELDS.map((f) => COLUMNS[f]).join(', ')}, owner_pid, owner_identity)
       VALUES (${FIELDS.map((f) => `@${f}`).join(', ')}, @ownerPid, @ownerIdentity)`,
    );
    this.getStmt = db.prepare<[string], ApprovalRow>(`${SELECT} WHERE id = ?`);
    this.decrementStmt = db.prepare<[string], { attemptsLeft: number }>(
      `UPDATE pending_approvals SET attempts_left = attempts_left - 1
       WHERE id = ? AND status = 'pending' AND attempts_left > 0 RETURNING attempts_left AS attemptsLeft`,
    );
    this.activeStmt = db.prepare<[string], ApprovalRow>(`${SELECT} WHERE user_id = ? AND status = 'pending'`);
    this.nextQueuedStmt = db.prepare<[string], ApprovalRow>(
      `${SELECT} WHERE user_id = ? AND status = 'queued' ORDER BY queued_at, created_at, rowid LIMIT 1`,
    );
    this.openStmt = db.prepare<[], ApprovalRow>(
      `${SELECT} WHERE status IN ('queued', 'pending', 'approved', 'executing') ORDER BY created_at, rowid`,
    );
    this.cancelStmt = db.prepare<[number, string, string], { id: string }>(
      `UPDATE pending_approvals SET status = 'cancelled', decided_at = ?
       WHERE status IN ('queued', 'pending', 'approved') AND ${OTHER_RUN} RETURNING id`,
    );
    this.executingStmt = db.prepare<[string, string], ApprovalRow>(
      `${SELECT} WHERE status = 'executing' AND ${OTHER_RUN} ORDER BY created_at, rowid`,
    );
    this.ownersStmt = db.prepare<[], ProcessOwner>(
      `SELECT DISTINCT owner_pid AS pid, owner_identity AS identity FROM pending_approvals
       WHERE ${OPEN} AND owner_identity IS NOT NULL`,
    );
    this.recordedOwnersStmt = db.prepare<[], RecordedProcess>(
      `SELECT DISTINCT owner_pid AS pid, owner_identity AS identity FROM pending_approvals
       WHERE ${OPEN} AND owner_pid IS NOT NULL`,
    );
    type Abandoned = { now: number; ended: string; endedPids: string; interrupted: string };
    this.abandonStmt = db.prepare<[Abandoned], { id: string }>(
      `UPDATE pending_approvals SET status = 'cancelled', decided_at = @now,
         result = CASE status WHEN 'executing' THEN @interrupted ELSE result END
       WHERE ${OPEN} AND ${ownerAmongEnded('owner_pid', 'owner_identity')}
       RETURNING id`,
    );
    this.pastDueStmt = db.prepare<[number, number], { id: string }>(
      `UPDATE pending_approvals SET status = 'expired', decided_at = ?
       WHERE status = 'pending' AND expires_at IS NOT NULL AND expires_at <= ? RETURNING id`,
    );
    this.listAllStmt = db.prepare<[number], ApprovalRow>(`${SELECT} ORDER BY created_at DESC, rowid DESC LIMIT ?`);
    this.chatWindowsStmt = db.prepare<[string], { windows: string | null; spent: number }>(
      `SELECT chat_windows AS windows, chat_windows_spent AS spent FROM pending_approvals
       WHERE id = ? AND status = 'pending'`,
    );
    this.setChatWindowsStmt = db.prepare<[string, string]>(
      `UPDATE pending_approvals SET chat_windows = ? WHERE id = ?`,
    );
    this.spendChatWindowsStmt = db.prepare<[string]>(
      `UPDATE pending_approvals SET chat_windows = NULL, chat_windows_spent = 1 WHERE id = ?`,
    );
  }

  /** Adds an approval. Throws if the id exists, or if it is 'pending' while the owner already has one pending. */
  insert(row: NewApproval): void {
    const defaults: Partial<ApprovalRow> = {
      attemptsLeft: 3,
      source: 'chat',
      queuedAt: row.status === 'queued' ? row.createdAt : null,
    };
    const full: Record<string, unknown> = {};
    for (const field of FIELDS) full[field] = row[field] ?? defaults[field] ?? null;
    this.insertStmt.run({ ...full, ownerPid: this.me.pid, ownerIdentity: this.me.identity });
  }

  get(id: string): ApprovalRow | undefined {
    return this.getStmt.get(id);
  }

  /**
   * Moves the approval to `to` (setting `fields` too) only if its status is one of `from`. Returns
   * whether it moved. Moving to 'pending' while the owner already has a pending approval returns false.
   */
  transition(id: string, from: readonly ApprovalStatus[], to: ApprovalStatus, fields: ApprovalUpdate = {}): boolean {
    if (from.length === 0) return false;
    const keys = (Object.keys(fields) as (keyof ApprovalUpdate)[]).filter(
      (key) => key in COLUMNS && !FIXED.has(key) && fields[key] !== undefined,
    );
    const shape = `${keys.join(',')}|${from.length}`;
    let stmt = this.transitions.get(shape);
    if (!stmt) {
      const sets = ['status = ?', ...keys.map((key) => `${COLUMNS[key]} = ?`)].join(', ');
      const marks = from.map(() => '?').join(', ');
      stmt = this.db.prepare(`UPDATE pending_approvals SET ${sets} WHERE id = ? AND status IN (${marks})`);
      this.transitions.set(shape, stmt);
    }
    try {
      return stmt.run(to, ...keys.map((key) => fields[key]), id, ...from).changes === 1;
    } catch (error) {
      if (to === 'pending' && isUniqueViolation(error)) return false;
      throw error;
    }
  }

  /** Uses one try: returns the attempts left afterwards, or undefined if the approval is not pending (or has none left). */
  decrementAttempts(id: string): number | undefined {
    return this.decrementStmt.get(id)?.attemptsLeft;
  }

  /** The owner's pending approval (there is at most one). */
  activeForOwner(userId: string): ApprovalRow | undefined {
    return this.activeStmt.get(userId);
  }

  /** The owner's oldest queued approval. */
  nextQueued(userId: string): ApprovalRow | undefined {
    return this.nextQueuedStmt.get(userId);
  }

  /** Every approval still queued, pending, approved or executing, oldest first. */
  listOpen(): ApprovalRow[] {
    return this.openStmt.all();
  }

  /**
   * At start-up: cancels every queued, pending or approved approval left by another run (they must
   * never execute), and returns the ones of another run caught executing, which it leaves as they are.
   * Those of another iAs process that still runs (`ias chat` beside the app) stay its own.
   */
  cancelLeftovers(currentRunId: string, now: number): LeftoverApprovals {
    // One write transaction: no process can open an approval between the owners read and the update.
    return this.db
      .transaction(() => {
        const live = JSON.stringify(stillRunning(this.ownersStmt.all(), this.owner, leasesIn(this.db)));
        const cancelledIds = this.cancelStmt.all(now, currentRunId, live).map((row) => row.id);
        return { cancelled: cancelledIds.length, cancelledIds, executing: this.executingStmt.all(currentRunId, live) };
      })
      .immediate();
  }

  /**
   * Cancels the open approvals of iAs processes that have provably ended (killed, crashed): they can
   * never be answered or finished, and a pending one would hold up every later approval. One that was
   * executing gets `interrupted` as its result. Returns their ids. A process is told by its identity
   * where it has one, else (not Linux) by its id alone: ended only when no process has that id.
   */
  cancelAbandoned(now: number, interrupted: string): string[] {
    return forEndedOwners(
      this.db,
      () => this.recordedOwnersStmt.all().filter((o) => !this.isMe(o)),
      (ended) => this.abandonStmt.all({ now, ...ended, interrupted }).map((row) => row.id),
    );
  }

  /**
   * Expires every pending approval whose time is up by the clock (`now` at or past its `expires_at`),
   * whichever iAs process opened it: its process's own timer may not have run (the computer slept,
   * or the process is busy), and until then it would hold up the owner's every later approval.
   * One statement, so every process on the file expires each one once. Returns their ids.
   */
  expirePastDue(now: number): string[] {
    return this.pastDueStmt.all(now, now).map((row) => row.id);
  }

  /**
   * Spends the chat-code budget of pending approval `id` (see approval/chat-code-budget.ts): the
   * `windows` (their HMACs) not counted before are counted, unless more than `limit` would then be,
   * which spends the budget for good. Returns whether they may be compared with the code: false
   * once spent, or when the approval is no longer pending. One write transaction, so every iAs
   * process on the file spends the same budget.
   */
  takeChatWindows(id: string, windows: readonly string[], limit: number): boolean {
    return this.db
      .transaction(() => {
        const budget = this.chatWindowsStmt.get(id);
        if (!budget || budget.spent) return false;
        const counted = new Set<string>(budget.windows === null ? [] : (JSON.parse(budget.windows) as string[]));
        const before = counted.size;
        for (const window of windows) counted.add(window);
        if (counted.size > limit) {
          this.spendChatWindowsStmt.run(id);
          return false;
        }
        if (counted.size > before) this.setChatWindowsStmt.run(JSON.stringify([...counted]), id);
        return true;
      })
      .immediate();
  }

  private isMe(o: RecordedProcess): boolean {
    return o.identity === null ? this.me.identity === null && o.pid === this.me.pid : o.identity === this.me.identity;
  }

  /** Newest first; `status` narrows to one or several states. `limit` defaults to 50, at most 500. */
  list(options: { status?: ApprovalStatus | readonly ApprovalStatus[]; limit?: number } = {}): ApprovalRow[] {
    const limit = Math.min(500, Math.max(1, Math.floor(options.limit ?? 50)));
    const statuses = options.status === undefined ? [] : ([] as ApprovalStatus[]).concat(options.status);
    if (options.status === undefined) return this.listAllStmt.all(limit);
    if (statuses.length === 0) return [];
    let stmt = this.lists.get(statuses.length);
    if (!stmt) {
      const marks = statuses.map(() => '?').join(', ');
      stmt = this.db.prepare(`${SELECT} WHERE status IN (${marks}) ORDER BY created_at DESC, rowid DESC LIMIT ?`);
      this.lists.set(statuses.length, stmt);
    }
    return stmt.all(...statuses, limit) as ApprovalRow[];
  }
}
