import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore, type NewApproval, type Store } from '../../../src/core/store/index.js';
import { onCleanup, tempDir } from '../../helpers/temp.js';

function store(): Store {
  const s = openStore(path.join(tempDir(), 'ias.db'));
  onCleanup(() => s.close());
  return s;
}

let counter = 0;
function approval(fields: Partial<NewApproval> = {}): NewApproval {
  counter++;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    createdAt: 1000 + counter,
    userId: 'owner',
    skillName: 'send_mail',
    params: '{"to":"a@example.com"}',
    paramsHash: 'p-hash',
    skillHash: 's-hash',
    status: 'pending',
    runId: 'run-1',
    ...fields,
  };
}

describe('ApprovalsRepo', () => {
  it('stores an approval with defaults and reads it back', () => {
    const { approvals } = store();
    const row = approval({ codeHash: 'hmac', expiresAt: 5000, channel: 'wechat', requestedBy: 'conv-1' });
    approvals.insert(row);
    expect(approvals.get(row.id)).toEqual({
      ...row,
      attemptsLeft: 3,
      result: null,
      consumedAt: null,
      source: 'chat',
      decidedAt: null,
      queuedAt: null,
      skillOrigin: null,
    });
    expect(approvals.get('missing')).toBeUndefined();
    expect(() => approvals.insert(row)).toThrow(/UNIQUE/);
  });

  it('gives a queued approval its queue time', () => {
    const { approvals } = store();
    const row = approval({ status: 'queued', createdAt: 42 });
    approvals.insert(row);
    expect(approvals.get(row.id)).toMatchObject({ status: 'queued', queuedAt: 42, codeHash: null, expiresAt: null });
  });

  it('changes status by compare-and-set: the second transition from the same state fails', () => {
    const { approvals } = store();
    const row = approval();
    approvals.insert(row);
    expect(approvals.transition(row.id, ['pending'], 'approved', { decidedAt: 2000, consumedAt: 2000 })).toBe(true);
    expect(approvals.transition(row.id, ['pending'], 'approved')).toBe(false);
    expect(approvals.transition(row.id, ['pending'], 'rejected')).toBe(false);
    expect(approvals.transition(row.id, ['approved'], 'executing')).toBe(true);
    expect(approvals.transition(row.id, ['executing'], 'done', { result: '{"success":true}' })).toBe(true);
    expect(approvals.get(row.id)).toMatchObject({
      status: 'done',
      decidedAt: 2000,
      consumedAt: 2000,
      result: '{"success":true}',
    });
    expect(approvals.transition('missing', ['pending'], 'approved')).toBe(false);
    expect(approvals.transition(row.id, [], 'cancelled')).toBe(false);
  });

  it('sets, clears and ignores fields as asked, never the id or status', () => {
    const { approvals } = store();
    const row = approval({ codeHash: 'old' });
    approvals.insert(row);
    const fields = { codeHash: null, channel: undefined, id: 'other', status: 'done' } as never;
    expect(approvals.transition(row.id, ['pending'], 'expired', fields)).toBe(true);
    expect(approvals.get(row.id)).toMatchObject({ id: row.id, status: 'expired', codeHash: null, channel: null });
  });

  it('keeps one pending approval per owner: a second pending one is refused', () => {
    const { approvals } = store();
    const first = approval();
    const second = approval({ status: 'queued' });
    const other = approval({ userId: 'someone-else' });
    approvals.insert(first);
    approvals.insert(second);
    approvals.insert(other);
    expect(() => approvals.insert(approval())).toThrow(/UNIQUE/);
    expect(approvals.transition(second.id, ['queued'], 'pending')).toBe(false);
    expect(approvals.transition(first.id, ['pending'], 'rejected')).toBe(true);
    expect(approvals.transition(second.id, ['queued'], 'pending', { codeHash: 'h', expiresAt: 9 })).toBe(true);
    expect(approvals.activeForOwner('owner')?.id).toBe(second.id);
  });

  it('decrements attempts atomically while pending, never below zero', () => {
    const { approvals } = store();
    const row = approval();
    approvals.insert(row);
    expect(approvals.decrementAttempts(row.id)).toBe(2);
    expect(approvals.decrementAttempts(row.id)).toBe(1);
    expect(approvals.decrementAttempts(row.id)).toBe(0);
    expect(approvals.decrementAttempts(row.id)).toBeUndefined();
    expect(approvals.get(row.id)?.attemptsLeft).toBe(0);

    const decided = approval({ userId: 'b' });
    approvals.insert(decided);
    approvals.transition(decided.id, ['pending'], 'approved');
    expect(approvals.decrementAttempts(decided.id)).toBeUndefined();
    expect(approvals.get(decided.id)?.attemptsLeft).toBe(3);
    expect(approvals.decrementAttempts('missing')).toBeUndefined();
  });

  it("counts a pending approval's distinct chat windows up to the limit, then is spent for good", () => {
    const s = store();
    const row = approval();
    s.approvals.insert(row);
    const budget = () =>
      s.db
        .prepare('SELECT chat_windows AS windows, chat_windows_spent AS spent FROM pending_approvals WHERE id = ?')
        .get(row.id);
    expect(s.approvals.takeChatWindows(row.id, ['w1', 'w2'], 3)).toBe(true);
    expect(s.approvals.takeChatWindows(row.id, ['w2', 'w1', 'w2'], 3)).toBe(true);
    expect(s.approvals.takeChatWindows(row.id, ['w3'], 3)).toBe(true);
    expect(budget()).toEqual({ windows: '["w1","w2","w3"]', spent: 0 });
    expect(s.approvals.takeChatWindows(row.id, ['w1', 'w4'], 3)).toBe(false);
    expect(budget()).toEqual({ windows: null, spent: 1 });
    expect(s.approvals.takeChatWindows(row.id, ['w1'], 3)).toBe(false);
    expect(s.approvals.takeChatWindows(row.id, [], 3)).toBe(false);

    // Only a pending approval has a budget; leaving 'pending' clears it.
    const queued = approval({ status: 'queued', userId: 'b' });
    s.approvals.insert(queued);
    expect(s.approvals.takeChatWindows(queued.id, ['w1'], 3)).toBe(false);
    expect(s.approvals.takeChatWindows('missing', ['w1'], 3)).toBe(false);
    expect(s.approvals.transition(row.id, ['pending'], 'rejected')).toBe(true);
    expect(budget()).toEqual({ windows: null, spent: 0 });
    const other = approval({ userId: 'c' });
    s.approvals.insert(other);
    expect(s.approvals.takeChatWindows(other.id, ['w1'], 3)).toBe(true);
    expect(s.approvals.cancelLeftovers('run-2', 9999).cancelledIds).toContain(other.id);
    expect(s.db.prepare('SELECT chat_windows FROM pending_approvals WHERE id = ?').pluck().get(other.id)).toBeNull();
  });

  it('finds the active approval and the oldest queued one of an owner', () => {
    const { approvals } = store();
    expect(approvals.activeForOwner('owner')).toBeUndefined();
    expect(approvals.nextQueued('owner')).toBeUndefined();
    const active = approval();
    const later = approval({ status: 'queued', queuedAt: 300 });
    const earlier = approval({ status: 'queued', queuedAt: 200 });
    const elsewhere = approval({ status: 'queued', queuedAt: 100, userId: 'other' });
    for (const row of [active, later, earlier, elsewhere]) approvals.insert(row);
    expect(approvals.activeForOwner('owner')?.id).toBe(active.id);
    expect(approvals.nextQueued('owner')?.id).toBe(earlier.id);
    expect(approvals.nextQueued('other')?.id).toBe(elsewhere.id);
  });

  it('expires the pending approvals past their time, of any run, and nothing else', () => {
    const { approvals } = store();
    const due = approval({ expiresAt: 5000, runId: 'run-a' });
    const dueNow = approval({ expiresAt: 6000, runId: 'run-b', userId: 'other' });
    const notYet = approval({ expiresAt: 6001, userId: 'third' });
    const queued = approval({ status: 'queued' });
    const approved = approval({ status: 'approved', expiresAt: 10, userId: 'fourth' });
    for (const row of [due, dueNow, notYet, queued, approved]) approvals.insert(row);
    expect(approvals.expirePastDue(6000).sort()).toEqual([due.id, dueNow.id].sort());
    expect(approvals.get(due.id)).toMatchObject({ status: 'expired', decidedAt: 6000 });
    expect(approvals.get(dueNow.id)).toMatchObject({ status: 'expired', decidedAt: 6000 });
    expect([notYet, queued, approved].map((r) => approvals.get(r.id)?.status)).toEqual([
      'pending',
      'queued',
      'approved',
    ]);
    // Once each: a second look finds nothing to expire.
    expect(approvals.expirePastDue(7000)).toEqual([notYet.id]);
    expect(approvals.expirePastDue(8000)).toEqual([]);
  });

  it('lists open approvals and filters the list by status', () => {
    const { approvals } = store();
    const rows = [
      approval({ status: 'queued', userId: 'u1' }),
      approval({ status: 'pending', userId: 'u2' }),
      approval({ status: 'approved', userId: 'u3' }),
      approval({ status: 'executing', userId: 'u4' }),
      approval({ status: 'done', userId: 'u5' }),
      approval({ status: 'rejected', userId: 'u6' }),
    ];
    for (const row of rows) approvals.insert(row);
    expect(approvals.listOpen().map((r) => r.id)).toEqual(rows.slice(0, 4).map((r) => r.id));
    expect(approvals.list().map((r) => r.id)).toEqual(rows.map((r) => r.id).reverse());
    expect(approvals.list({ limit: 2 })).toHaveLength(2);
    expect(approvals.list({ status: 'done' }).map((r) => r.id)).toEqual([rows[4]!.id]);
    expect(approvals.list({ status: ['queued', 'rejected'] }).map((r) => r.id)).toEqual([rows[5]!.id, rows[0]!.id]);
    expect(approvals.list({ status: [] })).toEqual([]);
  });

  it('cancels what an earlier run left open and returns what it left executing', () => {
    const { approvals } = store();
    const old = {
      queued: approval({ status: 'queued', runId: 'run-0', userId: 'a' }),
      pending: approval({ status: 'pending', runId: 'run-0', userId: 'b' }),
      approved: approval({ status: 'approved', runId: 'run-0', userId: 'c' }),
      executing: approval({ status: 'executing', runId: 'run-0', userId: 'd' }),
      done: approval({ status: 'done', runId: 'run-0', userId: 'e' }),
    };
    const current = approval({ status: 'pending', runId: 'run-1', userId: 'f' });
    const currentExecuting = approval({ status: 'executing', runId: 'run-1', userId: 'g' });
    for (const row of [...Object.values(old), current, currentExecuting]) approvals.insert(row);

    const leftovers = approvals.cancelLeftovers('run-1', 7777);
    expect(leftovers.cancelled).toBe(3);
    expect([...leftovers.cancelledIds].sort()).toEqual([old.queued.id, old.pending.id, old.approved.id].sort());
    expect(leftovers.executing.map((r) => r.id)).toEqual([old.executing.id]);
    for (const row of [old.queued, old.pending, old.approved]) {
      expect(approvals.get(row.id)).toMatchObject({ status: 'cancelled', decidedAt: 7777 });
    }
    expect(approvals.get(old.executing.id)?.status).toBe('executing');
    expect(approvals.get(old.done.id)?.status).toBe('done');
    expect(approvals.get(current.id)?.status).toBe('pending');
    expect(approvals.cancelLeftovers('run-1', 8888)).toMatchObject({ cancelled: 0 });
  });
});
