/**
 * The audit log: one row per skill call, written when it starts and completed when it ends (its
 * columns' values: audit-rows.ts); queried newest first with keyset pagination, searched through
 * FTS5, exported as CSV or JSON.
 */
import { EventEmitter } from 'node:events';
import Database from 'better-sqlite3';
import { exportPieces, toCsv, toJson } from './audit-export.js';
import {
  AUDIT_COLUMNS,
  and,
  decodeCursor,
  encodeCursor,
  filterClause,
  pageSize,
  positionClause,
  searchIndexHits,
  searchTerms,
  selectSql,
  textClause,
  type Clause,
  type CursorPosition,
  type Hits,
  type SqlValue,
} from './audit-query.js';
import type { ProcessOwner, RecordedProcess } from '../process-identity.js';
import { forEndedOwners, interruptLeftWork, ownerAmongEnded } from './left-work.js';
import { entryValues, finishValues, LIST_COLUMNS, rowsOf, toListRow, toRow, type RawRow } from './audit-rows.js';
import type { Locale } from '../../shared/locale.js';
import type {
  AuditApprovalOutcome,
  AuditChange,
  AuditEntry,
  AuditFilter,
  AuditFinish,
  AuditPage,
  AuditRow,
} from './audit-types.js';

export type * from './audit-types.js';
export { InvalidCursorError } from './audit-query.js';

type Db = Database.Database;

/** Every row matching the filter (limit and cursor ignored), newest first. */
function everyRow(filter: AuditFilter): { sql: string; params: SqlValue[] } {
  const terms = searchTerms(filter.text);
  const where = and(filterClause(filter), textClause(terms, filter.language));
  return selectSql(AUDIT_COLUMNS, where, searchIndexHits(terms, filter.language));
}

/** How long a reader of its own waits for a lock (a checkpoint's) before it fails. */
const READER_WAIT_MS = 5000;

const MAX_CACHED_QUERIES = 200;

/**
 * A text search scans the newest rows that pass the other filters, window by window, while the
 * matches seen so far promise a full page within SEARCH_SCAN_BUDGET rows (common words); otherwise
 * it turns to the search index for the older rows (rare words). Both stay fast on a million rows.
 */
export const SEARCH_FIRST_WINDOW = 2000;
export const SEARCH_SCAN_BUDGET = 40_000;

/**
 * Finished calls are added to the search index this many at a time (see migration 3): one commit
 * that indexes a row costs several times what the row's share of a batch does.
 */
export const INDEX_BATCH = 64;

export class AuditRepo extends EventEmitter<{ changed: [change: AuditChange] }> {
  private readonly startStmt;
  private readonly recordStmt;
  private readonly finishStmt;
  private readonly approvedStmt;
  private readonly interrupt;
  private readonly leftOwnersStmt;
  private readonly interruptLeftStmt;
  private readonly getStmt;
  private readonly addedSinceStmt;
  private readonly runningStmt;
  private readonly indexedUpto;
  /** indexed_upto as last read; it only grows (but for reindex), so a batch is due only past it. */
  private knownUpto = 0;
  private readonly indexBatch: () => void;
  private readonly reindexTx: () => void;
  private readonly queries = new Map<string, Database.Statement<SqlValue[], unknown>>();

  /** `owner`: this iAs process, recorded with each call it starts (see markInterrupted). */
  constructor(
    private readonly db: Db,
    private readonly owner?: ProcessOwner,
  ) {
    super();
    this.startStmt = db.prepare(
      `INSERT INTO audit_log (started_at, skill, skill_hash, source, requested_by, params, risk, approval_id,
         approval_outcome, status, owner_pid, owner_identity)
       VALUES (@startedAt, @skill, @skillHash, @source, @requestedBy, @params, @risk, @approvalId,
         @approvalOutcome, 'running', @ownerPid, @ownerIdentity)`,
    );
    this.recordStmt = db.prepare(
      `INSERT INTO audit_log (started_at, skill, skill_hash, source, requested_by, params, risk, approval_id,
         approval_outcome, status, finished_at, duration_ms, exit_code, result_summary, error, error_code)
       VALUES (@startedAt, @skill, @skillHash, @source, @requestedBy, @params, @risk, @approvalId,
         @approvalOutcome, @status, @finishedAt, @durationMs, @exitCode, @resultSummary, @error, @errorCode)`,
    );
    this.finishStmt = db.prepare(
      `UPDATE audit_log SET status = @status, finished_at = @finishedAt, duration_ms = @durationMs,
         exit_code = @exitCode, result_summary = @resultSummary, error = @error, error_code = @errorCode,
         approval_outcome = coalesce(@approvalOutcome, approval_outcome),
         approval_id = CASE WHEN @setApprovalId THEN @approvalId ELSE approval_id END
       WHERE id = @id AND status = 'running'`,
    );
    this.approvedStmt = db.prepare<[{ id: number; outcome: string; approvalId: string | null }]>(
      `UPDATE audit_log SET approval_outcome = @outcome, approval_id = @approvalId
       WHERE id = @id AND status = 'running'`,
    );
    this.interrupt = interruptLeftWork(
      db,
      'audit_log',
      `status = 'interrupted', finished_at = @now, duration_ms = max(0, @now - started_at)`,
      owner,
    );
    this.leftOwnersStmt = db.prepare<[], RecordedProcess>(
      `SELECT DISTINCT owner_pid AS pid, owner_identity AS identity FROM audit_log
       WHERE status = 'running' AND owner_pid IS NOT NULL`,
    );
    this.interruptLeftStmt = db.prepare<[{ now: number; ended: string; endedPids: string }]>(
      `UPDATE audit_log SET status = 'interrupted', finished_at = @now, duration_ms = max(0, @now - started_at)
       WHERE status = 'running' AND ${ownerAmongEnded('owner_pid', 'owner_identity')}`,
    );
    this.getStmt = db.prepare<[number], RawRow>(`SELECT ${AUDIT_COLUMNS} FROM audit_log WHERE id = ?`);
    this.addedSinceStmt = db.prepare<[number, number], { count: number; last: number }>(
      'SELECT count(*) AS count, coalesce(max(id), ?) AS last FROM audit_log WHERE id > ?',
    );
    this.runningStmt = db.prepare<[], number>(`SELECT id FROM audit_log WHERE status = 'running'`).pluck();
    this.indexedUpto = db.prepare<[], number>('SELECT indexed_upto FROM audit_fts_state WHERE id = 1').pluck();
    const indexNewer = db.prepare(
      `INSERT INTO audit_fts (rowid, skill, params, result_summary, error)
       SELECT id, skill, params, result_summary, error FROM audit_log
       WHERE id > (SELECT indexed_upto FROM audit_fts_state WHERE id = 1) AND status <> 'running'`,
    );
    const moveUpto = db.prepare(
      `UPDATE audit_fts_state SET indexed_upto = coalesce((SELECT max(id) FROM audit_log), indexed_upto) WHERE id = 1`,
    );
    this.indexBatch = db.transaction(() => {
      indexNewer.run();
      moveUpto.run();
    });
    const clearIndex = db.prepare(`INSERT INTO audit_fts (audit_fts) VALUES ('delete-all')`);
    const resetUpto = db.prepare('UPDATE audit_fts_state SET indexed_upto = 0 WHERE id = 1');
    this.reindexTx = db.transaction(() => {
      clearIndex.run();
      resetUpto.run();
      indexNewer.run();
      moveUpto.run();
    });
  }

  /** Records the start of a call (status 'running') and returns its id. */
  start(entry: AuditEntry): number {
    const result = this.startStmt.run({
      ...entryValues(entry),
      ownerPid: this.owner?.pid ?? null,
      ownerIdentity: this.owner?.identity ?? null,
    });
    const id = Number(result.lastInsertRowid);
    this.tell({ id, added: true, running: true });
    return id;
  }

  /**
   * Records a whole call at once, when it has ended (a call that changes nothing is written once,
   * with its result). Returns its id.
   */
  record(entry: AuditEntry, outcome: AuditFinish): number {
    const { approvalOutcome, approvalId, ...ended } = finishValues(outcome);
    const values = entryValues(entry);
    const id = Number(
      this.recordStmt.run({
        ...values,
        ...ended,
        approvalOutcome: approvalOutcome ?? values.approvalOutcome,
        approvalId: outcome.approvalId === undefined ? values.approvalId : approvalId,
      }).lastInsertRowid,
    );
    this.indexIfDue(id);
    this.tell({ id, added: true, running: false });
    return id;
  }

  /** Completes a running call. Returns false if the row is not running (unknown, finished or interrupted). */
  finish(id: number, outcome: AuditFinish): boolean {
    const result = this.finishStmt.run({
      id,
      ...finishValues(outcome),
      setApprovalId: outcome.approvalId === undefined ? 0 : 1,
    });
    if (result.changes !== 1) return false;
    this.indexIfDue(id);
    this.tell({ id, added: false, running: false });
    return true;
  }

  /**
   * Records how a running call was approved, as soon as it is (before it runs): a call cut off
   * while it runs (iAs killed) still says it was approved, and by which approval. Returns false if
   * the row is not running.
   */
  approved(id: number, outcome: AuditApprovalOutcome, approvalId: string | null = null): boolean {
    if (this.approvedStmt.run({ id, outcome, approvalId }).changes !== 1) return false;
    this.tell({ id, added: false, running: true });
    return true;
  }

  /**
   * Tells the listeners once the write's synchronous work is done (outside the transaction it may
   * be in), and never lets one of them fail the write; nothing is queued while nobody listens.
   */
  private tell(change: AuditChange): void {
    if (this.listenerCount('changed') === 0) return;
    queueMicrotask(() => {
      try {
        this.emit('changed', change);
      } catch {
        // The page reads the log again on the next change, or on Refresh.
      }
    });
  }

  /** Indexes the finished calls waiting for the search index once a batch of them has gathered. */
  private indexIfDue(id: number): void {
    if (id - this.knownUpto < INDEX_BATCH) return;
    this.knownUpto = this.indexedUpto.get() ?? 0;
    if (id - this.knownUpto >= INDEX_BATCH) this.indexBatch();
  }

  /** Adds the finished calls the search index is still without (searches find them meanwhile too). */
  indexPending(): void {
    this.indexBatch();
  }

  /** Builds the search index anew from the rows (after loading rows with the triggers off). */
  reindex(): void {
    this.reindexTx();
    this.knownUpto = 0;
  }

  /**
   * At start-up: every call still 'running' that was left by an iAs process now gone (or by this
   * one, or whose maker is not known) becomes 'interrupted'. Calls of another iAs process that
   * still runs (the command line beside the app) are left for it to finish. Returns the count.
   */
  markInterrupted(now: number = Date.now()): number {
    const count = this.interrupt(now);
    if (count > 0) this.tell({ added: false, running: false });
    return count;
  }

  /**
   * While this process runs: the calls left 'running' by another iAs process that has provably ended
   * since (`ias chat` killed beside the app) become 'interrupted', as at start-up. Calls of a
   * process that still runs, this one included, are left to it. Returns the count.
   */
  interruptLeft(now: number = Date.now()): number {
    const [count = 0] = forEndedOwners(
      this.db,
      () => this.leftOwnersStmt.all(),
      (ended) => [this.interruptLeftStmt.run({ now, ...ended }).changes],
    );
    if (count > 0) this.tell({ added: false, running: false });
    return count;
  }

  /** The rows added after row `id`: how many, and the last one's id (`id` when none). */
  addedSince(id: number): { count: number; last: number } {
    return this.addedSinceStmt.get(id, id)!;
  }

  /** The ids of the calls still running (awaiting an approval or a result), read through the status index. */
  runningIds(): number[] {
    return this.runningStmt.all();
  }

  get(id: number): AuditRow | undefined {
    const raw = this.getStmt.get(id);
    return raw && toRow(raw);
  }

  /** One page, newest first (started_at, then id, descending). Throws InvalidCursorError for a bad cursor. */
  query(filter: AuditFilter = {}): AuditPage {
    return this.page(filter, AUDIT_COLUMNS, toRow);
  }

  /**
   * The same page as a list shows it: each long text (params as JSON text, result, error) cut to
   * LIST_TEXT_CHARS on a whole character, its row marked `cut`. A page of the largest rows is a
   * fraction of their size; the search still looks at their whole text.
   */
  list(filter: AuditFilter = {}): AuditPage {
    return this.page(filter, LIST_COLUMNS, toListRow);
  }

  private page(filter: AuditFilter, columns: string, convert: (raw: RawRow) => AuditRow): AuditPage {
    const limit = pageSize(filter.limit);
    const after = filter.cursor === undefined ? undefined : decodeCursor(filter.cursor);
    const base = filterClause(filter, after);
    const terms = searchTerms(filter.text);
    const raws =
      terms.length === 0
        ? this.select(columns, base, undefined, limit + 1)
        : this.search(columns, base, terms, filter.language, limit + 1);
    const rows = raws.slice(0, limit).map(convert);
    const last = rows[rows.length - 1];
    return raws.length > limit && last ? { rows, nextCursor: encodeCursor(last) } : { rows };
  }

  /**
   * Every row matching the filter (limit and cursor ignored), newest first, read lazily. The
   * connection is busy until the iteration ends: consume it without other database calls in between.
   */
  *rows(filter: AuditFilter = {}): Generator<AuditRow> {
    const { sql, params } = everyRow(filter);
    for (const raw of this.statement<RawRow>(sql).iterate(...params)) yield toRow(raw);
  }

  exportCsv(filter: AuditFilter = {}): string {
    return toCsv(this.rows(filter));
  }

  exportJson(filter: AuditFilter = {}): string {
    return toJson(this.rows(filter));
  }

  /**
   * The export of every row matching the filter, in pieces of whole rows read as they are asked
   * for (see rows: consume them without other database calls in between). One of any size is never
   * one string.
   */
  exportPieces(filter: AuditFilter, format: 'csv' | 'json'): Generator<string> {
    return exportPieces(this.rows(filter), format);
  }

  /**
   * The same pieces, read on a read-only connection of their own, opened when the first is asked for
   * and closed when the last is (or when the pieces are given up: `return()`). They may be taken with
   * waits between them (written to a file, or to a client as fast as it reads), while this
   * connection goes on with other work; they are the log as it was when the first was asked for.
   */
  *exportPiecesApart(filter: AuditFilter, format: 'csv' | 'json'): Generator<string> {
    const { sql, params } = everyRow(filter);
    const reader = new Database(this.db.name, { readonly: true, fileMustExist: true, timeout: READER_WAIT_MS });
    try {
      const raws = reader.prepare<SqlValue[], RawRow>(sql).iterate(...params);
      yield* exportPieces(rowsOf(raws), format);
    } finally {
      reader.close();
    }
  }

  private search(
    columns: string,
    base: Clause,
    terms: string[],
    language: Locale | undefined,
    wanted: number,
  ): RawRow[] {
    const text = textClause(terms, language);
    const found: RawRow[] = [];
    let scanned = 0;
    let window = SEARCH_FIRST_WINDOW;
    let after: CursorPosition | undefined;
    for (;;) {
      const rest = after ? and(base, positionClause('<', after)) : base;
      const edge = this.position(rest, window - 1);
      const range = edge ? and(rest, text, positionClause('>=', edge)) : and(rest, text);
      found.push(...this.select(columns, range, undefined, wanted - found.length));
      if (found.length >= wanted || !edge) return found;
      scanned += window;
      after = edge;
      // Rows still to scan for a full page, at the rate seen so far (a little more, to be safe).
      const needed =
        found.length === 0 ? Infinity : Math.ceil(((wanted - found.length) * scanned * 1.25) / found.length);
      if (scanned + needed > SEARCH_SCAN_BUDGET) break;
      window = Math.max(SEARCH_FIRST_WINDOW, needed);
    }
    const older = and(base, text, positionClause('<', after));
    return found.concat(this.select(columns, older, searchIndexHits(terms, language), wanted - found.length));
  }

  /** The position of the row `offset` places down the filtered, newest-first order, if there is one. */
  private position(where: Clause, offset: number): CursorPosition | undefined {
    const { sql, params } = selectSql('started_at AS startedAt, id', where);
    return this.statement<CursorPosition>(`${sql} LIMIT 1 OFFSET ?`).get(...params, offset);
  }

  private select(columns: string, where: Clause, hits: Hits | undefined, limit: number): RawRow[] {
    const { sql, params } = selectSql(columns, where, hits);
    return this.statement<RawRow>(`${sql} LIMIT ?`).all(...params, limit);
  }

  private statement<T>(sql: string): Database.Statement<SqlValue[], T> {
    let stmt = this.queries.get(sql);
    if (!stmt) {
      if (this.queries.size >= MAX_CACHED_QUERIES) this.queries.clear();
      stmt = this.db.prepare<SqlValue[], unknown>(sql);
      this.queries.set(sql, stmt);
    }
    return stmt as Database.Statement<SqlValue[], T>;
  }
}
