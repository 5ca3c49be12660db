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

export function toCsv(rows: Iterable<AuditRow>): string {
  const lines = [CSV_COLUMNS.map(([name]) => name).join(',')];
  for (const row of rows) lines.push(CSV_COLUMNS.map(([, get]) => csvField(get(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export function toJson(rows: Iterable<AuditRow>): string {
  const items: string[] = [];
  for (const row of rows) items.push(`  ${JSON.stringify(row)}`);
  return items.length === 0 ? '[]\n' : `[\n${items.join(',\n')}\n]\n`;
}
