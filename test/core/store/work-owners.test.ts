/**
 * At start-up, calls and background jobs still marked running become interrupted only when the
 * iAs process that made them is gone; another one that still runs finishes its own. So do the runs
 * of scheduled tasks, which are also met (and taken over) by Run now and their slots.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { identityOf, type ProcessOwner } from '../../../src/core/process-identity.js';
import { AuditRepo, BackgroundJobsRepo, openStore, TasksRepo } from '../../../src/core/store/index.js';
import { endedProcessId, otherProcess } from '../../helpers/process.js';
import { onCleanup, tempDir } from '../../helpers/temp.js';

function live(): ProcessOwner {
  const pid = otherProcess();
  return { pid, identity: identityOf(pid) as string };
}

const gone = (): ProcessOwner => ({ pid: endedProcessId(), identity: 'linux:an-iAs-that-ended' });

describe.runIf(process.platform === 'linux')('work left running at start-up', () => {
  it('is interrupted when its iAs is gone (or unknown), and left to an iAs that still runs', () => {
    const store = openStore(path.join(tempDir('ias-owners-'), 'ias.db'));
    onCleanup(() => store.close());
    const running = live();
    const entry = { skill: 'slow', source: 'chat' as const, risk: 'low' as const };
    const byLive = new AuditRepo(store.db, running).start(entry);
    const byGone = new AuditRepo(store.db, gone()).start(entry);
    const unknown = new AuditRepo(store.db).start(entry);
    new BackgroundJobsRepo(store.db, running).start('job-live', 'tool-call', null, 'slow');
    new BackgroundJobsRepo(store.db, gone()).start('job-gone', 'tool-call', null, 'slow');

    expect(store.audit.markInterrupted()).toBe(2);
    expect([byLive, byGone, unknown].map((id) => store.audit.get(id)!.status)).toEqual([
      'running',
      'interrupted',
      'interrupted',
    ]);
    expect(store.jobs.markInterrupted()).toBe(1);
    expect([store.jobs.get('job-live')!.status, store.jobs.get('job-gone')!.status]).toEqual([
      'running',
      'interrupted',
    ]);
    // The live one finishes its own call as usual.
    expect(new AuditRepo(store.db, running).finish(byLive, { status: 'done', durationMs: 5 })).toBe(true);
  });

  it('a task run is interrupted when its iAs is gone; one of an iAs that still runs is its own', () => {
    const store = openStore(path.join(tempDir('ias-owners-'), 'ias.db'));
    onCleanup(() => store.close());
    const task = { cron: '0 8 * * *', runAt: null, prompt: 'p', allowlist: [], enabled: true, nextRunAt: null };
    for (const id of ['live', 'gone', 'older']) {
      store.tasks.insert({ ...task, id, name: id, timeZone: 'UTC', createdBy: 'test', createdAt: 1 });
    }
    const running = live();
    expect(new TasksRepo(store.db, running).claimNow('live')).toBe(true);
    expect(new TasksRepo(store.db, gone()).claimNow('gone')).toBe(true);
    // Taken by an iAs from before runs had owners.
    store.db.prepare(`UPDATE scheduled_tasks SET last_status = 'running' WHERE id = 'older'`).run();
    const stopped = { text: 'iAs stopped.', code: { code: 'run-interrupted' as const, params: { said: '' } } };

    // Met (Run now, a slot): only a run whose iAs has provably ended.
    expect(store.tasks.interruptLeftRuns(stopped, { id: 'live' })).toEqual([]);
    expect(store.tasks.interruptLeftRuns(stopped)).toEqual(['gone']);
    expect(store.tasks.get('gone')).toMatchObject({
      lastStatus: 'interrupted',
      lastResult: 'iAs stopped.',
      lastResultCode: stopped.code,
    });
    // At start-up, also a run that names no iAs.
    expect(store.tasks.interruptLeftRuns(stopped, { unowned: true })).toEqual(['older']);
    expect(store.tasks.get('live')!.lastStatus).toBe('running');
    expect(['live', 'gone', 'older'].map((id) => store.tasks.claimNow(id))).toEqual([false, true, true]);
  });
});
