import { describe, expect, it } from 'vitest';
import { unseenCount, updatedInPlace, withHead } from '../../src/renderer/audit/live-rows.js';
import type { AuditRowInfo } from '../../src/shared/contract.js';

/** Row `id`, started at second `id` unless told (newest first is highest first). */
const row = (id: number, fields: Partial<AuditRowInfo> = {}): AuditRowInfo => ({
  id,
  startedAt: id * 1000,
  finishedAt: null,
  skill: 'lookup',
  skillHash: null,
  source: 'chat',
  requestedBy: null,
  params: {},
  risk: 'low',
  approvalId: null,
  approvalOutcome: 'none',
  status: 'done',
  durationMs: 1,
  exitCode: 0,
  resultSummary: null,
  error: null,
  errorCode: null,
  ...fields,
});
const rows = (...ids: number[]) => ids.map((id) => row(id));
const ids = (list: AuditRowInfo[]) => list.map((r) => r.id);

describe('updatedInPlace', () => {
  it('puts a row read again in its place, keeps the others, and the list when nothing changed', () => {
    const shown = [row(3), row(2, { status: 'running', durationMs: null }), row(1)];
    const ended = row(2, { status: 'refused', approvalOutcome: 'rejected' });
    const next = updatedInPlace(
      shown,
      new Map([
        [2, ended],
        [3, row(3)],
        [9, row(9)],
      ]),
    );
    expect(next.map((r) => r.status)).toEqual(['done', 'refused', 'done']);
    expect(next[0]).toBe(shown[0]);
    expect(next[1]).toBe(ended);
    expect(updatedInPlace(next, new Map([[2, row(2, { status: 'refused', approvalOutcome: 'rejected' })]]))).toBe(next);
  });
});

describe('withHead', () => {
  it('puts the new rows in front of the rows shown past the head, in order, the cursor kept', () => {
    // 7 and 8 are new; 6 started before 5 but was written at its end (a call written whole).
    const head = { rows: [row(8), row(7), row(6, { startedAt: 4500 }), row(5)], nextCursor: 'c' };
    const merged = withHead([row(5), row(4), row(3)], head);
    expect(ids(merged.rows)).toEqual([8, 7, 6, 5, 4, 3]);
    expect(merged.restart).toBe(false);
  });

  it('drops a row of the head’s range the head no longer has (it left the filter)', () => {
    const merged = withHead(rows(5, 4, 3, 2), { rows: rows(6, 5, 3), nextCursor: 'c' });
    expect(ids(merged.rows)).toEqual([6, 5, 3, 2]);
  });

  it('starts over from the head when the rows shown do not reach it, or when the head is all there is', () => {
    expect(withHead(rows(3, 2), { rows: rows(9, 8), nextCursor: 'c' })).toEqual({ rows: rows(9, 8), restart: true });
    expect(withHead(rows(3, 2), { rows: rows(4, 3, 2) })).toEqual({ rows: rows(4, 3, 2), restart: true });
    expect(withHead([], { rows: rows(4), nextCursor: 'c' }).restart).toBe(true);
  });
});

describe('unseenCount', () => {
  it('counts the head’s rows that are not shown', () => {
    expect(unseenCount(rows(5, 4, 3), { rows: rows(7, 6, 5, 4) })).toBe(2);
    expect(unseenCount(rows(5, 4), { rows: rows(5, 4) })).toBe(0);
  });
});
