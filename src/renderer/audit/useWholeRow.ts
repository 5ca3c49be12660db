/**
 * The audit row opened, whole. The list's rows carry a line of their long text (cut, marked `cut`):
 * such a row is read by its id, and read again when the call moves on (it ends, say). Meanwhile the
 * whole row read before for the same call stays shown; a row the list holds whole is shown as it is.
 */
import type { AuditRowInfo } from '../../shared/contract.js';
import { client } from '../api/client.js';
import { useLoad } from '../api/hooks.js';

export interface WholeRow {
  /** The row whole; undefined while it is read, or when it could not be. */
  row: AuditRowInfo | undefined;
  /** Why it could not be read. */
  error: string | undefined;
  /** The log no longer has the row. */
  gone: boolean;
  retry: () => void;
}

/** What of a row can change once it is written (as live-rows.ts follows it), with its id. */
const stateKey = (row: AuditRowInfo): string =>
  JSON.stringify([
    row.id,
    row.cut,
    row.status,
    row.finishedAt,
    row.durationMs,
    row.exitCode,
    row.resultSummary,
    row.error,
    row.approvalOutcome,
    row.approvalId,
  ]);

export function useWholeRow(row: AuditRowInfo): WholeRow {
  const read = useLoad(() => (row.cut ? client.call.getAuditRow(row.id) : Promise.resolve(row)), [stateKey(row)]);
  if (!row.cut) return { row, error: undefined, gone: false, retry: read.reload };
  const whole = read.data?.id === row.id ? read.data : undefined;
  return {
    row: whole,
    error: whole || read.loading ? undefined : read.error,
    gone: !read.loading && read.data === null && !read.error,
    retry: read.reload,
  };
}
