import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { AuditRepo, MIGRATIONS, runMigrations } from '../../../src/core/store/index.js';
import { onCleanup, tempDir } from '../../helpers/temp.js';

describe('audit error codes (migration 10)', () => {
  it('gives rows written before their code when their error is exactly what iAs told the model', () => {
    const db = new Database(path.join(tempDir(), 'old.db'));
    onCleanup(() => db.open && db.close());
    runMigrations(db, MIGRATIONS.slice(0, 9));
    const insert = db.prepare(
      `INSERT INTO audit_log (started_at, skill, source, params, risk, status, error)
       VALUES (?, ?, 'chat', '{}', 'high', ?, ?)`,
    );
    const rows: [string, string, string][] = [
      ['send_mail', 'refused', '用户拒绝了你的调用：send_mail'],
      ['send_mail', 'refused', '用户没有确认操作：send_mail'],
      ['shell', 'refused', 'shell did not run: high-risk skills are paused by the owner'],
      ['shell', 'refused', "shell needs the owner's approval, and no approval channel is set up"],
      ['send_mail', 'refused', 'send_mail did not run: the call was stopped'],
      ['send_mail', 'refused', 'send_mail did not run: the skill send_mail was removed'],
      // Another skill's name, a failure in the gate's words, words iAs never wrote: shown as they stand.
      ['send_mail', 'refused', '用户拒绝了你的调用：shell'],
      ['send_mail', 'failed', '用户拒绝了你的调用：send_mail'],
      ['send_mail', 'refused', 'send_mail did not run: the weather'],
    ];
    rows.forEach(([skill, status, error], i) => insert.run(i + 1, skill, status, error));
    expect(runMigrations(db, MIGRATIONS.slice(0, 10))).toEqual([10]);
    const audit = new AuditRepo(db);
    const codes = rows.map((_, i) => audit.get(i + 1)!.errorCode);
    expect(codes).toEqual([
      { code: 'call-refused' },
      { code: 'call-unconfirmed' },
      { code: 'call-paused' },
      { code: 'call-no-channel' },
      { code: 'call-cancelled', params: { cause: 'stopped' } },
      { code: 'call-cancelled', params: { cause: 'skill-removed' } },
      null,
      null,
      null,
    ]);
    // The text stays what the model was told.
    expect(audit.get(1)!.error).toBe('用户拒绝了你的调用：send_mail');

    // Migration 11 indexes the codes: the rows are found by the words the reader sees for them.
    expect(runMigrations(db, MIGRATIONS.slice(0, 11))).toEqual([11]);
    const found = (text: string, language: 'en' | 'zh-CN') =>
      new AuditRepo(db).query({ text, language }).rows.map((r) => r.id);
    expect(found('expired', 'en')).toEqual([2]);
    expect(found('paused', 'en')).toEqual([3]);
    expect(found('过期', 'zh-CN')).toEqual([2]);
  });
});
