/**
 * Migration 14: a background job keeps how its call ended beside its result (what the model is
 * told). Jobs from before keep their result as it was, and their card goes by it as before.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withBackgroundJobs } from '../../../src/core/api/chat-api.js';
import { BackgroundJobsRepo, ConversationsRepo, MIGRATIONS, runMigrations } from '../../../src/core/store/index.js';
import { cardsAfterReload } from '../../helpers/reloaded-cards.js';
import { onCleanup, tempDir } from '../../helpers/temp.js';

const STOPPED = { success: false, error: 'send_mail did not run: the call was stopped' };

describe('background call status (migration 14)', () => {
  it('keeps jobs from before as they were; a job that ends from then on keeps how it ended', () => {
    const db = new Database(path.join(tempDir(), 'old.db'));
    onCleanup(() => db.open && db.close());
    runMigrations(db, MIGRATIONS.slice(0, 13));
    db.prepare(`INSERT INTO conversations (id, title, created_at, updated_at) VALUES ('c1', 'mail', 1, 1)`).run();
    const insert = db.prepare(
      `INSERT INTO background_jobs (id, kind, conversation_id, skill, status, created_at, finished_at, result)
       VALUES (?, 'tool-call', 'c1', 'send_mail', ?, 1, ?, ?)`,
    );
    insert.run('call_old', 'delivered', 2, JSON.stringify(STOPPED));
    insert.run('call_late', 'running', null, null);
    expect(runMigrations(db)).toEqual([14, 15, 16, 17]);

    const jobs = new BackgroundJobsRepo(db);
    expect(jobs.get('call_old')).toMatchObject({
      status: 'delivered',
      result: JSON.stringify(STOPPED),
      callStatus: null,
    });
    expect(jobs.get('call_late')).toMatchObject({ status: 'running', result: null, callStatus: null });
    expect(jobs.finish('call_late', STOPPED, 'refused', 3)).toBe(true);
    expect(jobs.get('call_late')).toMatchObject({
      status: 'done',
      result: JSON.stringify(STOPPED),
      callStatus: 'refused',
    });

    const conversations = new ConversationsRepo(db);
    const calls = ['call_old', 'call_late'].map((id) => ({ id, name: 'send_mail', arguments: '{}' }));
    conversations.append('c1', 'assistant', '', { toolCalls: calls });
    for (const call of calls) {
      conversations.append('c1', 'tool', '{"status":"running in background"}', { toolCallId: call.id, job: call.id });
    }
    const messages = withBackgroundJobs(conversations.messages('c1'), jobs.ofConversation('c1'));
    expect(messages.filter((m) => m.role === 'tool').map((m) => m.background)).toEqual([
      { status: 'ended', result: STOPPED },
      { status: 'ended', result: STOPPED, callStatus: 'refused' },
    ]);
    // The job from before reads as its result says, as before; the one that kept how it ended, so.
    expect(cardsAfterReload({ conversations, jobs }, 'c1').map((t) => [t.id, t.status])).toEqual([
      ['call_old', 'error'],
      ['call_late', 'refused'],
    ]);
  });
});
