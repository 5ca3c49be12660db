/**
 * The audit rows shown, brought up to date with rows read again: the newest page (the head) and
 * the running calls past it. A row read again replaces its old self in place; the head's new rows
 * go in front, where the core's order puts them (newest first: started, then id, descending).
 */
import type { AuditPageInfo, AuditRowInfo } from '../../shared/contract.js';

/** Whether `row` comes after `than` in the newest-first order. */
function isOlder(row: AuditRowInfo, than: AuditRowInfo): boolean {
  return row.startedAt < than.startedAt || (row.startedAt === than.startedAt && row.id < than.id);
}

/** What of a row can change once it is written: how and when its call ended, its approval. */
function sameState(a: AuditRowInfo, b: AuditRowInfo): boolean {
  return (
    a.status === b.status &&
    a.finishedAt === b.finishedAt &&
    a.durationMs === b.durationMs &&
    a.exitCode === b.exitCode &&
    a.resultSummary === b.resultSummary &&
    a.error === b.error &&
    a.approvalOutcome === b.approvalOutcome &&
    a.approvalId === b.approvalId
  );
}

/**
 * The rows with those read again (by id) in their places. Unchanged rows stay the same objects (a
 * memoised row does not render again), and so does the list when no row changed.
 */
export function updatedInPlace(rows: AuditRowInfo[], fresh: ReadonlyMap<number, AuditRowInfo>): AuditRowInfo[] {
  let changed = false;
  const next = rows.map((row) => {
    const now = fresh.get(row.id);
    if (!now || sameState(row, now)) return row;
    changed = true;
    return now;
  });
  return changed ? next : rows;
}

/** How many of the head's rows are not among those shown. */
export function unseenCount(rows: AuditRowInfo[], head: AuditPageInfo): number {
  const shown = new Set(rows.map((row) => row.id));
  return head.rows.filter((row) => !shown.has(row.id)).length;
}

/**
 * The head in front of the rows shown past it. `restart`: the rows shown do not reach back to the
 * head (more new rows than a page), or the head is all there is: the head alone then, and the
 * next page follows the head's cursor instead of the one the rows shown were read with.
 */
export function withHead(rows: AuditRowInfo[], head: AuditPageInfo): { rows: AuditRowInfo[]; restart: boolean } {
  const last = head.rows[head.rows.length - 1];
  if (!last || head.nextCursor === undefined) return { rows: head.rows, restart: true };
  const first = rows[0];
  if (!first || isOlder(first, last)) return { rows: head.rows, restart: true };
  return { rows: head.rows.concat(rows.filter((row) => isOlder(row, last))), restart: false };
}
