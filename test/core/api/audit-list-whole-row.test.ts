/**
 * The Audit page's list carries a line of each row: params, result and error cut to what the list
 * can show (on a whole character, marked as cut), so a page of the largest rows stays small. The
 * row opened is read whole by its id; a search still finds rows by text past the cut.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { validateCall } from '../../../src/core/api/validate-call.js';
import { cap, LIST_TEXT_CHARS } from '../../../src/core/store/audit-rows.js';
import { apiWorld, type ApiWorld } from '../../helpers/core-api.js';

let w: ApiWorld | undefined;
afterEach(async () => {
  await w?.close();
  w = undefined;
});

/** A page's worth of calls of the largest kind the log keeps, each with words at the end of its text. */
function recordLargeCalls(world: ApiWorld, count: number): number[] {
  const audit = world.runtime.store.audit;
  const quotes = (n: number) => '"'.repeat(n);
  const ids: number[] = [];
  world.runtime.store.atomically(() => {
    for (let i = 0; i < count; i++) {
      ids.push(
        audit.record(
          {
            skill: 'shell',
            source: 'chat',
            risk: 'high',
            // Its JSON just under the params' cap: kept whole, quotes escaped.
            params: { command: `${quotes(3900)} params-end-${i}`, i },
            startedAt: 1_000_000 + i,
          },
          {
            status: 'failed',
            durationMs: i,
            resultSummary: `${quotes(1980)} result-end-${i}`,
            error: `${quotes(3980)} error-end-${i}`,
          },
        ),
      );
    }
  });
  return ids;
}

describe('the audit list and the row opened', () => {
  it('sends a page of the largest rows small, each long text cut and marked', async () => {
    w = await apiWorld();
    recordLargeCalls(w, 100);
    const whole = w.runtime.store.audit.query({ limit: 100 });
    const page = await w.core.api.queryAudit({ limit: 100 });
    expect(page.rows).toHaveLength(100);
    const size = JSON.stringify(page).length;
    // The whole rows come to about 1.9 M characters as JSON; cut, a line of each.
    expect(JSON.stringify(whole).length).toBeGreaterThan(1_800_000);
    expect(size).toBeLessThan(250_000);
    for (const [k, row] of page.rows.entries()) {
      const full = whole.rows[k]!;
      expect(row.id).toBe(full.id);
      expect(row.cut).toBe(true);
      expect(row.resultSummary).toBe(cap(full.resultSummary!, LIST_TEXT_CHARS));
      expect(row.error).toBe(cap(full.error!, LIST_TEXT_CHARS));
      expect(row.params).toBe(cap(JSON.stringify(full.params), LIST_TEXT_CHARS));
      // What the list shows of each row is unchanged.
      expect({ ...row, params: null, resultSummary: null, error: null, cut: undefined }).toEqual({
        ...full,
        params: null,
        resultSummary: null,
        error: null,
      });
    }
  });

  it('reads the row opened whole, by its id', async () => {
    w = await apiWorld();
    const [id] = recordLargeCalls(w, 3);
    const row = await w.core.api.getAuditRow(id!);
    expect(row).toEqual(w.runtime.store.audit.get(id!));
    expect(row?.cut).toBeUndefined();
    expect(row?.resultSummary).toMatch(/ result-end-0$/);
    expect(row?.error).toMatch(/ error-end-0$/);
    expect(row?.params).toEqual({ command: `${'"'.repeat(3900)} params-end-0`, i: 0 });
    expect(await w.core.api.getAuditRow(999_999)).toBeNull();
  });

  it('leaves a short row whole, and cuts a long text on a whole character', async () => {
    w = await apiWorld();
    const audit = w.runtime.store.audit;
    const short = audit.record(
      { skill: 'lookup', source: 'chat', risk: 'low', params: { q: 'weather' }, startedAt: 1 },
      { status: 'done', durationMs: 1, resultSummary: 'sunny' },
    );
    // A character of two UTF-16 units across the cut: left out, not split.
    const emoji = `${'a'.repeat(LIST_TEXT_CHARS - 2)}${'😀'.repeat(50)}`;
    const long = audit.record(
      { skill: 'lookup', source: 'chat', risk: 'low', params: {}, startedAt: 2 },
      { status: 'done', durationMs: 1, resultSummary: emoji },
    );
    const rows = new Map((await w.core.api.queryAudit({})).rows.map((row) => [row.id, row]));
    expect(rows.get(short)).toEqual(audit.get(short));
    expect(rows.get(short)?.cut).toBeUndefined();
    expect(rows.get(long)).toMatchObject({
      cut: true,
      params: {},
      resultSummary: `${'a'.repeat(LIST_TEXT_CHARS - 2)}…`,
    });
  });

  it('finds rows by text past the cut', async () => {
    w = await apiWorld();
    const ids = recordLargeCalls(w, 20);
    for (const text of ['result-end-7', 'error-end-7', 'params-end-7']) {
      const found = await w.core.api.queryAudit({ text });
      expect(found.rows.map((row) => row.id)).toEqual([ids[7]]);
      expect(found.rows[0]?.cut).toBe(true);
    }
  });

  it('checks the id it is given', () => {
    expect(validateCall('getAuditRow', [12])).toBeUndefined();
    expect(validateCall('getAuditRow', ['12'])).toMatch(/argument 1/);
    expect(validateCall('getAuditRow', [1.5])).toMatch(/argument 1/);
    expect(validateCall('getAuditRow', [])).toMatch(/takes 1 argument/);
  });
});
