/**
 * Work recorded by an iAs process in another pid namespace of this boot (`ias serve` in a container
 * sharing the data folder with the app on the host, or the reverse): its pid means another process
 * here, or none, so whether it still runs cannot be told from here. Its calls, jobs, task runs,
 * approvals, turns and skill processes are left alone, by an `ias` command opening the store and by
 * the app's start alike. Real processes, a real SQLite file.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { settleLeftWork } from '../../src/core/left-work-sweep.js';
import { hasEnded, identityOf, thisProcess, toldHere, type ProcessOwner } from '../../src/core/process-identity.js';
import { openRuntime } from '../../src/core/runtime.js';
import { trackedProcess } from '../../src/core/skills/leftover-processes.js';
import {
  ApprovalsRepo,
  AuditRepo,
  BackgroundJobsRepo,
  ConversationsRepo,
  openStore,
  TasksRepo,
  type Store,
} from '../../src/core/store/index.js';
import { endedOwner, endedProcessId, isRunning } from '../helpers/process.js';
import { onCleanup, tempDir } from '../helpers/temp.js';

/** An identity as an iAs process in another pid namespace of this boot records it. */
function elsewhere(start: string): string {
  const boot = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  const ours = fs.readlinkSync('/proc/self/ns/pid');
  const namespace = ours === 'pid:[4026531999]' ? 'pid:[4026531998]' : 'pid:[4026531999]';
  return `linux:${boot}:${namespace}:${start}`;
}

/** Such a process under a pid that names another process here (this one), and one that names none. */
const owners = (): ProcessOwner[] => [
  { pid: process.pid, identity: elsewhere('4242') },
  { pid: endedProcessId(), identity: elsewhere('4343') },
];

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
const approval = (id: string, status: 'pending' | 'approved') => ({
  id,
  createdAt: Date.now(),
  expiresAt: Date.now() + 300_000,
  userId: `owner-${id}`,
  skillName: 'send_mail',
  params: '{}',
  paramsHash: 'hash',
  skillHash: 'skill-hash',
  codeHash: 'code-hash',
  status,
  channel: 'terminal',
  runId: `run-${id}`,
});
const task = { cron: '0 8 * * *', runAt: null, prompt: 'p', allowlist: [], enabled: true, nextRunAt: null };

interface Recorded {
  audits: number[];
  jobs: string[];
  approvals: string[];
  conversations: string[];
  tasks: string[];
  groups: number[];
}

/** Every kind of work, once for each owner in the other namespace. */
function record(store: Store): Recorded {
  const done: Recorded = { audits: [], jobs: [], approvals: [], conversations: [], tasks: [], groups: [] };
  owners().forEach((owner, i) => {
    const audit = new AuditRepo(store.db, owner).start(entry);
    done.audits.push(audit);
    done.jobs.push(new BackgroundJobsRepo(store.db, owner).start(`job-${i}`, 'tool-call', null, 'slow'));
    new ApprovalsRepo(store.db, owner).insert(approval(`approval-${i}`, i === 0 ? 'pending' : 'approved'));
    done.approvals.push(`approval-${i}`);
    const conversation = store.conversations.create(`conversation-${i}`).id;
    new ConversationsRepo(store.db, owner).append(conversation, 'user', 'hello', {}, Date.now(), 'begins');
    store.db.prepare('UPDATE conversations SET turn_owner_pid = ? WHERE id = ?').run(owner.pid, conversation);
    done.conversations.push(conversation);
    store.tasks.insert({ ...task, id: `task-${i}`, name: `task-${i}`, timeZone: 'UTC', createdBy: 't', createdAt: 1 });
    expect(new TasksRepo(store.db, owner).claimNow(`task-${i}`)).toBe(true);
    done.tasks.push(`task-${i}`);
    // Its skill's process: the very process recorded, so it would be ended were its iAs taken for gone.
    const leader = group();
    store.processes.add(audit, { ...trackedProcess(leader)!, ownerPid: owner.pid, ownerIdentity: owner.identity });
    done.groups.push(leader);
  });
  return done;
}

function expectUntouched(store: Store, work: Recorded): void {
  expect.soft(work.audits.map((id) => store.audit.get(id)!.status)).toEqual(['running', 'running']);
  expect.soft(work.jobs.map((id) => store.jobs.get(id)!.status)).toEqual(['running', 'running']);
  expect.soft(work.approvals.map((id) => store.approvals.get(id)!.status)).toEqual(['pending', 'approved']);
  expect.soft(work.conversations.map((id) => store.conversations.turnUnderWay(id))).toEqual([true, true]);
  expect
    .soft(work.conversations.map((id) => store.conversations.messages(id).map((m) => m.role)))
    .toEqual([['user'], ['user']]);
  expect.soft(work.tasks.map((id) => store.tasks.get(id)!.lastStatus)).toEqual(['running', 'running']);
  expect.soft(work.groups.map(isRunning)).toEqual([true, true]);
  expect.soft(store.processes.all().map((p) => p.auditId)).toEqual(work.audits);
}

const stopped = { text: 'iAs stopped.', code: { code: 'run-interrupted' as const, params: { said: '' } } };

describe.runIf(process.platform === 'linux')('work of an iAs process in another pid namespace of this boot', () => {
  it('cannot be told to have ended from here; told here or in an earlier boot, it can', () => {
    for (const owner of owners()) expect(hasEnded(owner)).toBe(false);
    const me = thisProcess()!;
    expect(hasEnded(me)).toBe(false);
    expect(hasEnded({ pid: me.pid, identity: `${me.identity}0` })).toBe(true);
    expect(hasEnded({ pid: endedProcessId(), identity: me.identity })).toBe(true);
    // As an iAs killed beside this one recorded itself (the other tests' killed processes).
    const killed = endedOwner();
    expect([toldHere(killed.identity), hasEnded(killed)]).toEqual([true, true]);
    expect(hasEnded({ pid: me.pid, identity: 'linux:00000000-0000-0000-0000-000000000000:pid:[1]:5' })).toBe(true);
    expect(identityOf(me.pid)).toBe(me.identity);
  });

  it('is left alone by an ias command opening the store', () => {
    const store = openStore(path.join(tempDir('ias-elsewhere-'), 'ias.db'));
    onCleanup(() => store.close());
    const work = record(store);
    settleLeftWork(store);
    expectUntouched(store, work);
    expect(store.tasks.interruptLeftRuns(stopped)).toEqual([]);
  });

  it("is left alone by the app's start and its sweeps", async () => {
    const home = tempDir('ias-elsewhere-');
    const before = openStore(path.join(home, 'ias.db'));
    const work = record(before);
    before.close();
    const app = await openRuntime({
      home,
      systemSkills: tempDir('ias-no-skills-'),
      recover: true,
      leftWorkSweepMs: 20,
    });
    onCleanup(() => void app.close());
    await new Promise((resolve) => setTimeout(resolve, 100));
    expectUntouched(app.store, work);
    expect(app.store.tasks.interruptLeftRuns(stopped, { unowned: true })).toEqual([]);
  });
});
