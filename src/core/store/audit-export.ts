/** Formats audit rows for export: CSV (RFC 4180, header row, CRLF) or a JSON array. */
import type { AuditRow } from './audit-types.js';

const CSV_COLUMNS: [string, (row: AuditRow) => unknown][] = [
  ['id', (r) => r.id],
  ['started_at', (r) => isoTime(r.startedAt)],
  ['finished_at', (r) => isoTime(r.finishedAt)],
  ['skill', (r) => r.skill],
  ['skill_hash', (r) => r.skillHash],
  ['source', (r) => r.source],
  ['requested_by', (r) => r.requestedBy],
  ['params', (r) => JSON.stringify(r.params)],
  ['risk', (r) => r.risk],
  ['approval_id', (r) => r.approvalId],
  ['approval_outcome', (r) => r.approvalOutcome],
  ['status', (r) => r.status],
  ['duration_ms', (r) => r.durationMs],
  ['exit_code', (r) => r.exitCode],
  ['result_summary', (r) => r.resultSummary],
  ['error', (r) => r.error],
  ['error_code', (r) => r.errorCode?.code ?? null],
  // Which of a code's kinds it is (a cancellation's cause: shut down, stopped…), as the app tells it.
  ['error_params', (r) => (r.errorCode?.params ? JSON.stringify(r.errorCode.params) : null)],
];

function isoTime(ms: number | null): string {
  return ms === null ? '' : new Date(ms).toISOString();
}

/**
 * One CSV field: quoted when it holds a comma, a quote, a line break or edge spaces; quotes doubled.
 * Text a spreadsheet would run as a formula (it starts with = + - @, a tab or a carriage return) gets
 * a leading apostrophe, as OWASP advises: model-written text must not become a formula in the
 * owner's spreadsheet. Numbers are left as they are; the JSON export is always exact.
 */
export function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** About how many characters a piece of an export holds: whole rows, as many as reach it. */
const PIECE_CHARS = 1 << 16;

/** `parts` joined into pieces of about PIECE_CHARS characters each. */
function* pieces(parts: Iterable<string>): Generator<string> {
  let gathered: string[] = [];
  let length = 0;
  for (const part of parts) {
    gathered.push(part);
    length += part.length;
    if (length >= PIECE_CHARS) {
      yield gathered.join('');
      gathered = [];
      length = 0;
    }
  }
  if (gathered.length > 0) yield gathered.join('');
}

function* csvLines(rows: Iterable<AuditRow>): Generator<string> {
  yield `${CSV_COLUMNS.map(([name]) => name).join(',')}\r\n`;
  for (const row of rows) yield `${CSV_COLUMNS.map(([, get]) => csvField(get(row))).join(',')}\r\n`;
}

function* jsonItems(rows: Iterable<AuditRow>): Generator<string> {
  let first = true;
  for (const row of rows) {
    yield `${first ? '[\n' : ',\n'}  ${JSON.stringify(row)}`;
    first = false;
  }
  yield first ? '[]\n' : '\n]\n';
}

/**
 * The export in pieces of whole rows, made as the rows are read: an audit log of any size is
 * written without ever being one string (past about 512 M characters, V8 cannot make one).
 */
export function exportPieces(rows: Iterable<AuditRow>, format: 'csv' | 'json'): Generator<string> {
  return pieces(format === 'csv' ? csvLines(rows) : jsonItems(rows));
}

export function toCsv(rows: Iterable<AuditRow>): string {
  return [...exportPieces(rows, 'csv')].join('');
}

export function toJson(rows: Iterable<AuditRow>): string {
  return [...exportPieces(rows, 'json')].join('');
}
