/**
 * A skill call as the audit log's columns hold it: the values its start and its end write (long
 * texts capped, params as JSON text), and the row read back (params parsed, its error code decoded;
 * for the list, each long text cut to a line's worth).
 */
import { cutColumns } from './audit-query.js';
import { storedCode } from './stored-code.js';
import type { ToolErrorCode } from '../../shared/tool-errors.js';
import type { AuditEntry, AuditFinish, AuditRow } from './audit-types.js';

export const MAX_RESULT_SUMMARY_CHARS = 2000;
export const MAX_ERROR_CHARS = 4000;
export const MAX_PARAMS_CHARS = 8000;
/**
 * What the list of the log (the Audit page's) holds of each long text, params as JSON text included:
 * a line's worth; the row opened is read whole (get).
 */
export const LIST_TEXT_CHARS = 300;

/** Cuts text to at most `max` UTF-16 units, ending with "…" when cut, never splitting a surrogate pair. */
export function cap(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}

/**
 * The error's code as stored (JSON text); none past MAX_ERROR_CHARS (an argument problem listing
 * hundreds of mismatches, say), the row then read by its error text as it stands.
 */
function storableCode(code: ToolErrorCode | null | undefined): string | null {
  const json = code ? JSON.stringify(code) : null;
  return json !== null && json.length <= MAX_ERROR_CHARS ? json : null;
}

/** JSON text of the params; too long, it becomes `{"$truncated": true, "$preview": "<start of the JSON>"}`. */
function paramsJson(params: unknown): string {
  let json: string | undefined;
  try {
    json = JSON.stringify(params ?? {});
  } catch {
    json = JSON.stringify({ $unserializable: String(params) });
  }
  json ??= '{}';
  if (json.length <= MAX_PARAMS_CHARS) return json;
  return JSON.stringify({ $truncated: true, $preview: cap(json, MAX_PARAMS_CHARS - 64) });
}

const capOrNull = (text: string | null | undefined, max: number) => (text == null ? null : cap(text, max));

/** The columns a call's start sets. */
export function entryValues(entry: AuditEntry) {
  return {
    startedAt: entry.startedAt ?? Date.now(),
    skill: entry.skill,
    skillHash: entry.skillHash ?? null,
    source: entry.source,
    requestedBy: entry.requestedBy ?? null,
    params: paramsJson(entry.params),
    risk: entry.risk,
    approvalId: entry.approvalId ?? null,
    approvalOutcome: entry.approvalOutcome ?? 'none',
  };
}

/** The columns a call's end sets (approval ones null when left as they were). */
export function finishValues(outcome: AuditFinish) {
  return {
    status: outcome.status,
    finishedAt: outcome.finishedAt ?? Date.now(),
    durationMs: Math.max(0, Math.round(outcome.durationMs)),
    exitCode: outcome.exitCode ?? null,
    resultSummary: capOrNull(outcome.resultSummary, MAX_RESULT_SUMMARY_CHARS),
    error: capOrNull(outcome.error, MAX_ERROR_CHARS),
    errorCode: storableCode(outcome.errorCode),
    approvalOutcome: outcome.approvalOutcome ?? null,
    approvalId: outcome.approvalId ?? null,
  };
}

/** A row as SQLite gives it: params and the error code as stored (JSON text). */
export type RawRow = Omit<AuditRow, 'params' | 'errorCode'> & { params: string; errorCode: string | null };

/** A row as read back: params parsed (left as text when they are not JSON), its error code decoded. */
export function toRow(raw: RawRow): AuditRow {
  let params: unknown;
  try {
    params = JSON.parse(raw.params);
  } catch {
    params = raw.params;
  }
  return { ...raw, params, errorCode: storedCode<ToolErrorCode>(raw.errorCode) };
}

/**
 * A row read with cutColumns(LIST_TEXT_CHARS): each long text cut to LIST_TEXT_CHARS, and marked
 * `cut` when one was (params cut are their JSON text cut, a string).
 */
export function toListRow(raw: RawRow): AuditRow {
  const params = cap(raw.params, LIST_TEXT_CHARS);
  const resultSummary = capOrNull(raw.resultSummary, LIST_TEXT_CHARS);
  const error = capOrNull(raw.error, LIST_TEXT_CHARS);
  const row = toRow({ ...raw, resultSummary, error });
  if (params !== raw.params) row.params = params;
  const cut = params !== raw.params || resultSummary !== raw.resultSummary || error !== raw.error;
  return cut ? { ...row, cut } : row;
}

/** The columns the list reads (see toListRow). */
export const LIST_COLUMNS = cutColumns(LIST_TEXT_CHARS);

/** The rows read back, each as it is read. */
export function* rowsOf(raws: Iterable<RawRow>): Generator<AuditRow> {
  for (const raw of raws) yield toRow(raw);
}
