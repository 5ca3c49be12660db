/**
 * The audit search finds a call iAs did not run by the words the reader sees for why (its error
 * code said in the reader's language), not only by the stored error (what the model was told,
 * for a refusal the gate's Chinese words): "refused" or "expired" in English, "过期" in 简体中文.
 */
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  SEARCH_FIRST_WINDOW,
  openStore,
  type AuditFilter,
  type AuditFinish,
  type Store,
} from '../../../src/core/store/index.js';
import { searchIndexHits } from '../../../src/core/store/audit-query.js';
import { onCleanup, tempDir } from '../../helpers/temp.js';

function store(): Store {
  const s = openStore(path.join(tempDir(), 'ias.db'));
  onCleanup(() => s.close());
  return s;
}

/** A call of send_mail that ended as `end` says, started at `startedAt`. */
function call(s: Store, startedAt: number, end: AuditFinish): number {
  const id = s.audit.start({ skill: 'send_mail', source: 'chat', risk: 'high', params: { to: 'boss' }, startedAt });
  s.audit.finish(id, end);
  return id;
}

const REFUSED: AuditFinish = {
  status: 'refused',
  durationMs: 1,
  error: '用户拒绝了你的调用：send_mail',
  errorCode: { code: 'call-refused' },
};
const EXPIRED: AuditFinish = {
  status: 'refused',
  durationMs: 1,
  error: '用户没有确认操作：send_mail',
  errorCode: { code: 'call-unconfirmed' },
};
const STOPPED: AuditFinish = {
  status: 'refused',
  durationMs: 1,
  error: 'send_mail did not run: the call was stopped',
  errorCode: { code: 'call-cancelled', params: { cause: 'stopped' } },
};

const ids = (s: Store, filter: AuditFilter) => s.audit.query(filter).rows.map((r) => r.id);

describe('searching the audit log by why a call did not run', () => {
  it('finds the words of the reader’s language, with the other words of the search', () => {
    const s = store();
    const refused = call(s, 1, REFUSED);
    const expired = call(s, 2, EXPIRED);
    const stopped = call(s, 3, STOPPED);
    const done = call(s, 4, { status: 'done', durationMs: 1, resultSummary: 'sent to boss' });

    expect(ids(s, { text: 'refused', language: 'en' })).toEqual([refused]);
    expect(ids(s, { text: 'EXPIRED', language: 'en' })).toEqual([expired]);
    expect(ids(s, { text: 'not run', language: 'en' })).toEqual([stopped, expired, refused]);
    expect(ids(s, { text: 'expired send_mail', language: 'en' })).toEqual([expired]);
    expect(ids(s, { text: 'expired boss', language: 'en' })).toEqual([expired]);
    expect(ids(s, { text: 'expired nobody', language: 'en' })).toEqual([]);
    expect(ids(s, { text: '过期', language: 'zh-CN' })).toEqual([expired]);
    expect(ids(s, { text: 'expired', language: 'zh-CN' })).toEqual([]);
    // The stored text and the other columns are found as ever; without a language, only they are.
    expect(ids(s, { text: '用户拒绝', language: 'en' })).toEqual([refused]);
    expect(ids(s, { text: 'the call was stopped', language: 'zh-CN' })).toEqual([stopped]);
    expect(ids(s, { text: 'boss', language: 'en' })).toEqual([done, stopped, expired, refused]);
    expect(ids(s, { text: 'refused' })).toEqual([]);
    // The export reads the same rows.
    expect(JSON.parse(s.audit.exportJson({ text: 'refused', language: 'en' }))).toHaveLength(1);
  });

  it('a refusal at the terminal is found by its own words, and by "refused" / "拒绝" with the others', () => {
    const s = store();
    const refused = call(s, 1, REFUSED);
    const atTerminal = call(s, 2, { ...REFUSED, errorCode: { code: 'call-refused-at-terminal' } });
    expect(ids(s, { text: 'at the terminal', language: 'en' })).toEqual([atTerminal]);
    expect(ids(s, { text: '终端', language: 'zh-CN' })).toEqual([atTerminal]);
    expect(ids(s, { text: 'wrong codes', language: 'en' })).toEqual([refused]);
    expect(ids(s, { text: 'refused', language: 'en' })).toEqual([atTerminal, refused]);
    expect(ids(s, { text: '拒绝', language: 'zh-CN' })).toEqual([atTerminal, refused]);
  });

  it('finds old rows past the scanned window through the error code index', () => {
    const s = store();
    const old = call(s, 1, EXPIRED);
    s.db.transaction(() => {
      for (let i = 0; i < SEARCH_FIRST_WINDOW + 100; i++) {
        call(s, 10 + i, { status: 'done', durationMs: 1, resultSummary: `routine ${i}` });
      }
    })();
    s.audit.indexPending();
    const prepare = vi.spyOn(s.db, 'prepare');
    expect(ids(s, { text: 'expired', language: 'en' })).toEqual([old]);
    expect(ids(s, { text: 'expired send_mail', language: 'en' })).toEqual([old]);
    expect(prepare.mock.calls.some(([sql]) => sql.includes('audit_fts') && sql.includes('error_code IN'))).toBe(true);

    const hits = searchIndexHits(['expired'], 'en')!;
    const plan = s.db
      .prepare<unknown[], { detail: string }>(`EXPLAIN QUERY PLAN ${hits.sql}`)
      .all(...hits.params)
      .map((step) => step.detail)
      .join('\n');
    expect(plan).toContain('idx_audit_error_code');
    expect(plan).not.toMatch(/SCAN audit_log\b/);
  });
});
