/**
 * Turns an AuditFilter into SQL pieces: equality filters and a time range served by the (column,
 * started_at) indexes, a keyset position on (started_at, id), and the text search conditions (an
 * exact substring test, and a trigram FTS5 index to find rare words without scanning).
 */
import type { Locale } from '../../shared/locale.js';
import { asciiLower, codesSaying } from './audit-reason-words.js';
import type { AuditFilter } from './audit-types.js';

export const DEFAULT_PAGE = 50;
export const MAX_PAGE = 500;

/** A row's columns, each long text one (params, result, error) as `text` reads it. */
function rowColumns(text: (column: string) => string): string {
  return `id, started_at AS startedAt, finished_at AS finishedAt, skill, skill_hash AS skillHash,
  source, requested_by AS requestedBy, ${text('params')} AS params, risk, approval_id AS approvalId,
  approval_outcome AS approvalOutcome, status, duration_ms AS durationMs, exit_code AS exitCode,
  ${text('result_summary')} AS resultSummary, ${text('error')} AS error, error_code AS errorCode`;
}

export const AUDIT_COLUMNS = rowColumns((column) => column);

/**
 * The same columns with the long text read no further than `chars` characters and one more: enough
 * to cut it to `chars` (see cap: a character is never more than two of its units) and to tell it was.
 */
export function cutColumns(chars: number): string {
  if (!Number.isSafeInteger(chars) || chars < 1) throw new RangeError(`cutColumns: ${chars} characters`);
  return rowColumns((column) => `substr(${column}, 1, ${chars + 1})`);
}

export interface CursorPosition {
  startedAt: number;
  id: number;
}

export class InvalidCursorError extends Error {
  override readonly name = 'InvalidCursorError';
  constructor() {
    super('The audit log cursor is not valid: start again from the first page.');
  }
}

export function encodeCursor(position: CursorPosition): string {
  return Buffer.from(JSON.stringify([position.startedAt, position.id])).toString('base64url');
}

export function decodeCursor(cursor: string): CursorPosition {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && value.every((n) => Number.isSafeInteger(n))) {
      return { startedAt: value[0] as number, id: value[1] as number };
    }
  } catch {
    // Falls through to the error below.
  }
  throw new InvalidCursorError();
}

export function pageSize(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return DEFAULT_PAGE;
  return Math.min(MAX_PAGE, Math.max(1, Math.floor(limit)));
}

export type SqlValue = string | number;

/** Conditions joined by AND, with their parameters in order. */
export interface Clause {
  conditions: string[];
  params: SqlValue[];
}

/** Some SQL that yields a column `hit` of audit_log ids. */
export interface Hits {
  sql: string;
  params: SqlValue[];
}

export function and(...parts: Clause[]): Clause {
  return { conditions: parts.flatMap((p) => p.conditions), params: parts.flatMap((p) => p.params) };
}

export function whereSql(clause: Clause): string {
  return clause.conditions.length > 0 ? `WHERE ${clause.conditions.join(' AND ')}` : '';
}

/** Rows strictly after `at` in newest-first order ('<'), or at and before it ('>='). */
export function positionClause(op: '<' | '>=', at: CursorPosition): Clause {
  return { conditions: [`(started_at, id) ${op} (?, ?)`], params: [at.startedAt, at.id] };
}

/** The equality filters and the time range, and, when given, the rows after a cursor position. */
export function filterClause(filter: AuditFilter, after?: CursorPosition): Clause {
  const clause: Clause = { conditions: [], params: [] };
  const add = (sql: string, value: SqlValue) => {
    clause.conditions.push(sql);
    clause.params.push(value);
  };
  if (filter.skill !== undefined) add('skill = ?', filter.skill);
  if (filter.status !== undefined) add('status = ?', filter.status);
  if (filter.source !== undefined) add('source = ?', filter.source);
  if (filter.from !== undefined) add('started_at >= ?', filter.from);
  if (filter.to !== undefined) add('started_at < ?', filter.to);
  return after ? and(clause, positionClause('<', after)) : clause;
}

/** Characters, not UTF-16 units: the trigram tokenizer needs three to match anything. */
const charCount = (text: string) => [...text].length;

const TEXT_COLUMNS = ['skill', 'params', 'result_summary', 'error'];

/** The words of a search, each to be found as a substring. */
export function searchTerms(text: string | undefined): string[] {
  return (text ?? '').split(/\s+/u).filter((term) => term.length > 0);
}

/** `error_code IN (…)` for the codes, with their parameters; none for no codes. */
function codesIn(codes: readonly string[]): Hits | undefined {
  if (codes.length === 0) return undefined;
  return { sql: `error_code IN (${codes.map(() => '?').join(', ')})`, params: [...codes] };
}

/**
 * Every term is a substring (ASCII case ignored) of one of skill, params, result_summary or error,
 * or of the words `language` says the row's error code in (why iAs did not run the call).
 */
export function textClause(terms: readonly string[], language?: Locale): Clause {
  const clause: Clause = { conditions: [], params: [] };
  for (const term of terms) {
    const coded = codesIn(codesSaying(term, language));
    const tests = TEXT_COLUMNS.map((c) => `instr(lower(${c}), ?) > 0`);
    clause.conditions.push(`(${[...tests, ...(coded ? [coded.sql] : [])].join(' OR ')})`);
    clause.params.push(...TEXT_COLUMNS.map(() => asciiLower(term)), ...(coded?.params ?? []));
  }
  return clause;
}

/**
 * The rows the trigram index says may hold every term of three characters or more (a superset: LIKE
 * wildcards in a term only widen it), for textClause to confirm. Undefined when no term is long
 * enough for a trigram.
 */
export function searchIndexHits(terms: readonly string[], language?: Locale): Hits | undefined {
  const indexed = [...new Set(terms)].filter((t) => charCount(t) >= 3);
  if (indexed.length === 0) return undefined;
  const one = `SELECT rowid AS hit FROM audit_fts WHERE ${TEXT_COLUMNS.map((c) => `${c} LIKE ?`).join(' OR ')}`;
  // A term also finds the rows whose error code reads with it (through the error code index).
  const each = indexed.map((term): Hits => {
    const params = TEXT_COLUMNS.map(() => `%${term}%`);
    const coded = codesIn(codesSaying(term, language));
    if (!coded) return { sql: one, params };
    const sql = `SELECT hit FROM (${one} UNION SELECT id FROM audit_log WHERE ${coded.sql})`;
    return { sql, params: [...params, ...coded.params] };
  });
  return {
    // Running calls are not indexed yet (they are indexed when they end), nor are the newest
    // finished ones (they are indexed in batches): always look at them.
    sql:
      `${each.map((e) => e.sql).join(' INTERSECT ')} UNION SELECT id FROM audit_log WHERE status = 'running'` +
      ` UNION SELECT id FROM audit_log WHERE id > (SELECT indexed_upto FROM audit_fts_state WHERE id = 1)`,
    params: each.flatMap((e) => e.params),
  };
}

/** A newest-first SELECT of `columns`; with hits, it reads those rows only, starting from the hits. */
export function selectSql(columns: string, where: Clause, hits?: Hits): { sql: string; params: SqlValue[] } {
  const from = hits ? `(${hits.sql}) AS hits CROSS JOIN audit_log ON audit_log.id = hits.hit` : 'audit_log';
  return {
    sql: `SELECT ${columns} FROM ${from} ${whereSql(where)} ORDER BY started_at DESC, id DESC`,
    params: [...(hits?.params ?? []), ...where.params],
  };
}
