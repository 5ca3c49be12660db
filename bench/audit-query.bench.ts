/**
 * Audit log queries on 1,000,000 rows: filtered pages (one of skill / status / source, with or
 * without a time range, first and second page) must take at most 10 ms at p95.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { percentile, median, report } from './report.js';
import {
  openStore,
  type AuditFilter,
  type AuditSource,
  type AuditStatus,
  type Store,
} from '../src/core/store/index.js';

const ROWS = 1_000_000;
const SKILLS = Array.from({ length: 50 }, (_, i) => `${['read', 'send', 'search', 'write', 'list'][i % 5]}_${i}`);
const SOURCES: AuditSource[] = ['chat', 'job', 'schedule', 'cli'];
const WORDS = ['report', 'invoice', 'meeting', 'photo', 'backup', 'notes', 'budget', 'travel', '会议', '报告'];
const YEAR = 365 * 24 * 3600 * 1000;

/** A small deterministic generator, so every run measures the same data. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

function pick<T>(rnd: () => number, items: readonly T[]): T {
  return items[Math.floor(rnd() * items.length)]!;
}

/** A refused call's stored error (what the model was told) and code, by its approval's outcome. */
const REFUSALS: Record<string, { error: (skill: string) => string; code: string }> = {
  rejected: { error: (skill) => `用户拒绝了你的调用：${skill}`, code: '{"code":"call-refused"}' },
  expired: { error: (skill) => `用户没有确认操作：${skill}`, code: '{"code":"call-unconfirmed"}' },
  cancelled: {
    error: (skill) => `${skill} did not run: the call was stopped`,
    code: '{"code":"call-cancelled","params":{"cause":"stopped"}}',
  },
  none: {
    error: (skill) => `${skill} did not run: high-risk skills are paused by the owner`,
    code: '{"code":"call-paused"}',
  },
};

/** Weighted status: mostly done, some failed, a few refused or interrupted. */
function statusOf(rnd: () => number): AuditStatus {
  const r = rnd();
  return r < 0.88 ? 'done' : r < 0.95 ? 'failed' : r < 0.98 ? 'refused' : r < 0.999 ? 'interrupted' : 'running';
}

/**
 * Fills the audit log in one transaction. The search index is rebuilt once at the end instead of row
 * by row (the triggers are dropped meanwhile and restored), which gives the same index much faster.
 */
function fill(store: Store, start: number): void {
  const { db } = store;
  const rnd = random(42);
  const triggers = db
    .prepare<[], { name: string; sql: string }>(
      `SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'audit_log'`,
    )
    .all();
  const insert = db.prepare(
    `INSERT INTO audit_log (started_at, finished_at, skill, skill_hash, source, requested_by, params, risk,
       approval_id, approval_outcome, status, duration_ms, exit_code, result_summary, error, error_code)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  db.transaction(() => {
    for (const trigger of triggers) db.exec(`DROP TRIGGER ${trigger.name}`);
    for (let i = 0; i < ROWS; i++) {
      // Mostly in time order, as calls are logged, with some jitter and many equal timestamps.
      const startedAt = start + Math.floor((i / ROWS) * YEAR) + Math.floor(rnd() * 5000);
      const skillIndex = Math.floor(rnd() * rnd() * SKILLS.length);
      const skill = SKILLS[skillIndex]!;
      const high = skillIndex % 5 === 1 || skillIndex % 5 === 3;
      const status = statusOf(rnd);
      const word = pick(rnd, WORDS);
      const duration = Math.floor(rnd() * rnd() * 8000);
      const params = JSON.stringify({
        path: `/home/owner/${word}/${word}-${i % 9973}.txt`,
        query: `${word} ${i % 997}`,
      });
      const outcome = !high
        ? 'none'
        : status === 'refused'
          ? pick(rnd, ['rejected', 'expired', 'cancelled'])
          : 'approved';
      insert.run(
        startedAt,
        status === 'running' ? null : startedAt + duration,
        skill,
        `sha256-${skillIndex}`,
        SOURCES[Math.floor(rnd() * rnd() * SOURCES.length)]!,
        `conversation-${i % 5000}`,
        params,
        high ? 'high' : 'low',
        high ? `approval-${i}` : null,
        outcome,
        status,
        status === 'running' ? null : duration,
        status === 'failed' ? 1 : 0,
        status === 'done' ? `Found ${i % 50} items about ${word}; wrote ${pick(rnd, WORDS)} summary` : null,
        status === 'failed'
          ? `ENOENT: no such file or directory, open '/home/owner/${word}'`
          : status === 'refused'
            ? REFUSALS[outcome]!.error(skill)
            : null,
        status === 'refused' ? REFUSALS[outcome]!.code : null,
      );
    }
    for (const trigger of triggers) db.exec(trigger.sql);
  })();
  store.audit.reindex();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.pragma('optimize');
}

function filters(start: number, count: number): AuditFilter[] {
  const rnd = random(7);
  const result: AuditFilter[] = [];
  const statuses: AuditStatus[] = ['done', 'failed', 'refused', 'interrupted'];
  for (let i = 0; i < count; i++) {
    const filter: AuditFilter = { limit: 50 };
    const kind = i % 4;
    if (kind === 0) filter.skill = pick(rnd, SKILLS);
    if (kind === 1) filter.status = pick(rnd, statuses);
    if (kind === 2) filter.source = pick(rnd, SOURCES);
    if (i % 3 !== 0) {
      // A window of a day to two months somewhere in the year.
      const span = Math.floor((1 + rnd() * 60) * 24 * 3600 * 1000);
      filter.from = start + Math.floor(rnd() * (YEAR - span));
      filter.to = filter.from + span;
    }
    result.push(filter);
  }
  return result;
}

function time(store: Store, filter: AuditFilter, samples: number[]): string | undefined {
  const t0 = performance.now();
  const page = store.audit.query(filter);
  samples.push(performance.now() - t0);
  return page.nextCursor;
}

export default async function (): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ias-bench-audit-'));
  try {
    const file = path.join(dir, 'ias.db');
    let store = openStore(file);
    const start = Date.UTC(2025, 0, 1);
    const t0 = performance.now();
    fill(store, start);
    const buildSecs = (performance.now() - t0) / 1000;
    store.close();
    const t1 = performance.now();
    store = openStore(file);
    const openMs = performance.now() - t1;
    console.log(
      `built ${ROWS.toLocaleString('en')} rows in ${buildSecs.toFixed(1)} s, ` +
        `${(fs.statSync(file).size / 1e6).toFixed(0)} MB; reopening (quick_check included) took ${openMs.toFixed(0)} ms`,
    );

    for (const filter of filters(start, 20)) store.audit.query(filter); // warm-up
    const samples: number[] = [];
    for (const filter of filters(start, 300)) {
      const cursor = time(store, filter, samples);
      if (cursor) time(store, { ...filter, cursor }, samples);
    }
    console.log(
      `${samples.length} page queries, median ${median(samples).toFixed(3)} ms, max ${Math.max(...samples).toFixed(1)} ms`,
    );
    report({ name: 'audit filtered page query p95 (1M rows)', value: percentile(samples, 95), unit: 'ms', target: 10 });

    // Text search: rare words (through the index), common ones (by scanning), both together, none,
    // and why calls did not run, in the reader's language (through the error code index).
    const searches: number[] = [];
    const rnd = random(11);
    for (let i = 0; i < 120; i++) {
      const word = pick(rnd, WORDS);
      const text = [
        `${word}-${Math.floor(rnd() * 9973)}`,
        `ENOENT ${word}`,
        word,
        'no-such-text',
        `${word} 12`,
        pick(rnd, ['refused', 'expired', 'paused', 'expired send']),
      ][i % 6]!;
      const language = i % 2 === 0 ? 'en' : 'zh-CN';
      const filter: AuditFilter = i % 3 === 0 ? { text, language, skill: pick(rnd, SKILLS) } : { text, language };
      const cursor = time(store, filter, searches);
      if (cursor) time(store, { ...filter, cursor }, searches);
    }
    report({ name: 'audit text search p95 (1M rows)', value: percentile(searches, 95), unit: 'ms', target: 100 });
    store.close();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
