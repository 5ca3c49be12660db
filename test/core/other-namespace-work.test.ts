/**
 * Work recorded by an iAs process in another pid namespace of this boot (`ias serve` in a container
 * sharing the data folder with the app on the host, or the reverse): its pid means another process
 * here, or none, so only its lease tells whether it still runs (see process-leases.ts). With a fresh
 * lease its calls, jobs, approvals, turns and skill processes are left alone; with a stale lease, or
 * none, they are settled as those of an iAs killed beside the app. Real processes, a real SQLite file.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { markCutOffTurns } from '../../src/core/agent/cut-off-turns.js';
import { INTERRUPTED } from '../../src/core/approval/gate.js';
import { settleLeftWork, sweepLeftWork } from '../../src/core/left-work-sweep.js';
import { hasEnded, thisProcess, toldElsewhereThisBoot, type ProcessOwner } from '../../src/core/process-identity.js';
import { LEASE_STALE_MS, leaseClock, leaseHeld } from '../../src/core/process-leases.js';
import { openRuntime } from '../../src/core/runtime.js';
import { trackedProcess } from '../../src/core/skills/leftover-processes.js';
import {
  ApprovalsRepo,
  AuditRepo,
  BackgroundJobsRepo,
  ConversationsRepo,
  openStore,
  type Store,
} from '../../src/core/store/index.js';
import { endedProcessId, isRunning } from '../helpers/process.js';
import { onCleanup, tempDir } from '../helpers/temp.js';

/** An identity as an iAs process in another pid namespace of this boot records it: ours, another namespace. */
function elsewhere(start: string): string {
  const [system = '', boot = ''] = thisProcess()!.identity.split(':');
  const ours = thisProcess()!.identity.slice(system.length + boot.length + 2, thisProcess()!.identity.lastIndexOf(':'));
  const namespace = ours === 'pid:[4026531999]' ? 'pid:[4026531998]' : 'pid:[4026531999]';
  return `${system}:${boot}:${namespace}:${start}`;
}

/** Such processes: under a pid that names another process here (this one), and under one that names none. */
const owners = (): ProcessOwner[] => [
  { pid: process.pid, identity: elsewhere('4242') },
  { pid: endedProcessId(), identity: elsewhere('4343') },
];

type Lease = 'fresh' | 'stale' | 'none';

/** Writes (or not) the owners' leases as their iAs would have renewed them. */
function lease(store: Store, list: readonly ProcessOwner[], kind: Lease): void {
  for (const owner of list) {
    if (kind === 'none') store.leases.end(owner.identity);
    else store.leases.renew(owner, kind === 'fresh' ? leaseClock() : leaseClock() - LEASE_STALE_MS - 5_000);
  }
}

/** A skill's process group, as iAs starts one; ended after the test. */
function group(): number {
  const child = spawn('sh', ['-c', 'sleep 30; true'], { detached: true, stdio: 'ignore' });
  child.unref();
  onCleanup(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Already gone.
    }
  });
  return child.pid!;
}

const entry = { skill: 'slow', source: 'chat' as const, risk: 'low' as const };
const approval = (id: string) => ({
  id,
  createdAt: Date.now(),
  expiresAt: Date.now() + 300_000,
  userId: `owner-${id}`,
  skillName: 'send_mail',
  params: '{}',
  paramsHash: 'hash',
  skillHash: 'skill-hash',
  codeHash: 'code-hash',
  status: 'pending' as const,
  channel: 'terminal',
  runId: `run-${id}`,
});

interface Recorded {
  audits: number[];
  jobs: string[];
  approvals: string[];
  conversations: string[];
  groups: number[];
}

/** Every kind of work, once for each owner: a running call with its skill's process group, a background job, a pending approval, a turn under way. */
function record(store: Store, list: readonly ProcessOwner[]): Recorded {
  const done: Recorded = { audits: [], jobs: [], approvals: [], conversations: [], groups: [] };
  list.forEach((owner, i) => {
    const audit = new AuditRepo(store.db, owner).start(entry);
    done.audits.push(audit);
    done.jobs.push(new BackgroundJobsRepo(store.db, owner).start(`job-${i}`, 'tool-call', null, 'slow'));
    new ApprovalsRepo(store.db, owner).insert(approval(`approval-${i}`));
    done.approvals.push(`approval-${i}`);
    const conversation = store.conversations.create(`conversation-${i}`).id;
    new ConversationsRepo(store.db, owner).append(conversation, 'user', 'hello', {}, Date.now(), 'begins');
    store.db.prepare('UPDATE conversations SET turn_owner_pid = ? WHERE id = ?').run(owner.pid, conversation);
    done.conversations.push(conversation);
    const leader = group();
    store.processes.add(audit, { ...trackedProcess(leader)!, ownerPid: owner.pid, ownerIdentity: owner.identity });
    done.groups.push(leader);
  });
  return done;
}

function expectUntouched(store: Store, work: Recorded): void {
  const each = <T>(value: T) => work.audits.map(() => value);
  expect.soft(work.audits.map((id) => store.audit.get(id)!.status)).toEqual(each('running'));
  expect.soft(work.jobs.map((id) => store.jobs.get(id)!.status)).toEqual(each('running'));
  expect.soft(work.approvals.map((id) => store.approvals.get(id)!.status)).toEqual(each('pending'));
  expect.soft(work.conversations.map((id) => store.conversations.turnUnderWay(id))).toEqual(each(true));
  expect.soft(work.conversations.map((id) => store.conversations.messages(id).length)).toEqual(each(1));
  expect.soft(work.groups.map(isRunning)).toEqual(each(true));
  expect.soft(store.processes.all().map((p) => p.auditId)).toEqual(work.audits);
}

async function expectSettled(store: Store, work: Recorded): Promise<void> {
  const each = <T>(value: T) => work.audits.map(() => value);
  expect.soft(work.audits.map((id) => store.audit.get(id)!.status)).toEqual(each('interrupted'));
  expect.soft(work.jobs.map((id) => store.jobs.get(id)!.status)).toEqual(each('interrupted'));
  // Cancelled: never to be approved and run.
  expect.soft(work.approvals.map((id) => store.approvals.get(id)!.status)).toEqual(each('cancelled'));
  expect.soft(work.conversations.map((id) => store.conversations.turnUnderWay(id))).toEqual(each(false));
  expect.soft(store.processes.all()).toEqual([]);
  await vi.waitFor(() => expect(work.groups.map(isRunning)).toEqual(each(false)), { timeout: 10_000 });
}

describe.runIf(process.platform === 'linux')('work of an iAs process in another pid namespace of this boot', () => {
  it('has ended when its lease is stale or missing, not while it is fresh; told here, by /proc as before', () => {
    const me = thisProcess()!;
    const [owner] = owners();
    expect(toldElsewhereThisBoot(owner!.identity)).toBe(true);
    expect(toldElsewhereThisBoot(me.identity)).toBe(false);
    const now = 1_000_000;
    const leases = (renewed?: number) => ({ renewedAt: () => renewed, now: () => now });
    expect(hasEnded(owner!, leases(now - 1_000))).toBe(false);
    expect(hasEnded(owner!, leases(now - LEASE_STALE_MS))).toBe(false);
    expect(hasEnded(owner!, leases(now - LEASE_STALE_MS - 1))).toBe(true);
    expect(hasEnded(owner!, leases(undefined))).toBe(true);
    // This namespace: /proc tells, whatever the leases say.
    expect(hasEnded(me, leases(undefined))).toBe(false);
    expect(hasEnded({ pid: endedProcessId(), identity: me.identity }, leases(now))).toBe(true);
    expect(leaseHeld(leases(now), me.identity)).toBe(true);
  });

  it('is left alone by an ias command opening the store while its lease is fresh', () => {
    const store = openStore(path.join(tempDir('ias-elsewhere-'), 'ias.db'));
    onCleanup(() => store.close());
    const list = owners();
    const work = record(store, list);
    lease(store, list, 'fresh');
    settleLeftWork(store);
    expectUntouched(store, work);
    expect(store.approvals.cancelAbandoned(Date.now(), INTERRUPTED)).toEqual([]);
    expect(markCutOffTurns(store.conversations, store.atomically)).toBe(0);
  });

  for (const kind of ['stale', 'none'] as const) {
    it(`is settled by an ias command opening the store when its lease is ${kind === 'none' ? 'missing' : kind}`, async () => {
      const store = openStore(path.join(tempDir('ias-elsewhere-'), 'ias.db'));
      onCleanup(() => store.close());
      const list = owners();
      const work = record(store, list);
      lease(store, list, kind);
      settleLeftWork(store);
      await expectSettled(store, work);
      // Each cut-off turn says so.
      expect(work.conversations.map((id) => store.conversations.messages(id).map((m) => m.role))).toEqual(
        work.conversations.map(() => ['user', 'system']),
      );
    });
  }

  it("is left alone by the app's start and sweeps while its lease is fresh, and settled once it is stale", async () => {
    const home = tempDir('ias-elsewhere-');
    const before = openStore(path.join(home, 'ias.db'));
    const list = owners();
    const work = record(before, list);
    lease(before, list, 'fresh');
    before.close();
    const app = await openRuntime({ home, systemSkills: tempDir('ias-no-skills-'), recover: true });
    onCleanup(() => void app.close());
    expectUntouched(app.store, work);
    sweepLeftWork(app);
    expectUntouched(app.store, work);
    // Its iAs was killed: no renewal since, and the lease grows stale.
    lease(app.store, list, 'stale');
    sweepLeftWork(app);
    await expectSettled(app.store, work);
  });

  it("is settled by the app's start when its lease is stale", async () => {
    const home = tempDir('ias-elsewhere-');
    const before = openStore(path.join(home, 'ias.db'));
    const list = owners();
    const work = record(before, list);
    lease(before, list, 'stale');
    before.close();
    const app = await openRuntime({ home, systemSkills: tempDir('ias-no-skills-'), recover: true });
    onCleanup(() => void app.close());
    await expectSettled(app.store, work);
  });
});
