/**
 * At start-up, calls and background jobs still marked running become interrupted only when the
 * iAs process that made them is gone; another one that still runs finishes its own.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { identityOf, type ProcessOwner } from '../../../src/core/process-identity.js';
import { AuditRepo, BackgroundJobsRepo, openStore } from '../../../src/core/store/index.js';
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
});
