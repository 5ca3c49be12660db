/**
 * Approvals of other iAs processes on the same data folder (`ias chat` beside the app, or one that
 * was killed): the owner has one pending approval at a time, so one left open by a process that has
 * ended must not hold up the next; one of a process that still runs stays its own.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { identityOf, type ProcessOwner } from '../../../src/core/process-identity.js';
import { ApprovalsRepo, type ApprovalStatus, type NewApproval } from '../../../src/core/store/approvals-repo.js';
import { CODE, codeIn, gateWorld, settle, type GateWorld } from '../../helpers/gate.js';
import { endedProcessId, otherProcess } from '../../helpers/process.js';
import { onCleanup } from '../../helpers/temp.js';

let world: GateWorld | undefined;
afterEach(() => world?.close());

/** Another iAs process that runs until `end()` (SIGKILL, as a crash). */
function liveProcess(): ProcessOwner & { end(): Promise<void> } {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  onCleanup(() => child.kill('SIGKILL'));
  const pid = child.pid!;
  return {
    pid,
    identity: identityOf(pid) as string,
    async end() {
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
    },
  };
}

const ended = (): ProcessOwner => ({ pid: endedProcessId(), identity: 'linux:an-iAs-that-was-killed' });

/** An approval opened by another process (`owner`, or one that cannot be told). */
function openedBy(w: GateWorld, owner: ProcessOwner | undefined, id: string, status: ApprovalStatus): void {
  const row: NewApproval = {
    id,
    createdAt: Date.now() - 1000,
    userId: 'owner',
    skillName: 'send_mail',
    params: '{"to":"x"}',
    paramsHash: 'h',
    skillHash: 'v',
    status,
    runId: `run-of-${id}`,
    channel: 'terminal',
    ...(status === 'queued' ? {} : { expiresAt: Date.now() + 600_000 }),
  };
  new ApprovalsRepo(w.store.db, owner).insert(row);
}

/** A high-risk call made while another process's approval is pending: it waits, nobody asked yet. */
async function askedBehind(w: GateWorld) {
  const sent = w.wechat.nextSent(CODE);
  const call = w.caller.call({ name: 'send_mail', params: { to: 'b' }, source: 'chat' });
  await settle();
  return { sent, call };
}

const statusOf = (w: GateWorld, id: string) => w.store.approvals.get(id)?.status;

describe.runIf(process.platform === 'linux')('approvals of other iAs processes', () => {
  it('one left pending by an iAs that was killed is cancelled, and the next call is asked at once', async () => {
    world = gateWorld();
    openedBy(world, ended(), 'left-behind', 'pending');
    const sent = world.wechat.nextSent(CODE);
    const call = world.caller.call({ name: 'send_mail', params: { to: 'b' }, source: 'chat' });
    world.wechat.reply(codeIn(await sent));
    expect((await call).status).toBe('done');
    expect(statusOf(world, 'left-behind')).toBe('cancelled');
    expect(world.runs('send_mail')).toHaveLength(1);
  });

  it("behind a live iAs's pending approval a call waits, and is asked once that iAs is killed", async () => {
    world = gateWorld();
    const other = liveProcess();
    openedBy(world, other, 'theirs', 'pending');
    const { sent, call } = await askedBehind(world);
    const mine = world.store.approvals.nextQueued('owner')!;
    expect(mine.skillName).toBe('send_mail');
    expect(world.wechat.outbox).toEqual([]);
    expect(statusOf(world, 'theirs')).toBe('pending');

    await other.end();
    world.wechat.reply(codeIn(await sent));
    expect((await call).status).toBe('done');
    expect(statusOf(world, 'theirs')).toBe('cancelled');
  });

  it("behind a live iAs's pending approval a call is asked once that iAs settles its own", async () => {
    world = gateWorld();
    const other = liveProcess();
    openedBy(world, other, 'theirs', 'pending');
    const { sent, call } = await askedBehind(world);
    expect(world.wechat.outbox).toEqual([]);
    // The other process's owner answered at its terminal, and its call ran.
    new ApprovalsRepo(world.store.db, other).transition('theirs', ['pending'], 'done');
    world.wechat.reply(codeIn(await sent));
    expect((await call).status).toBe('done');
    expect(statusOf(world, 'theirs')).toBe('done');
  });

  it("a call whose approval another process closed, refused or let lapse learns it, in the seed's words where there are some", async () => {
    world = gateWorld();
    for (const [status, words, outcomeStatus, errorCode] of [
      // What a start-up that cannot tell this process apart does (see ApprovalsRepo.cancelLeftovers).
      [
        'cancelled',
        // Nothing that tells the model an approval exists.
        'send_mail did not run: another iAs process stopped it',
        'cancelled',
        { code: 'call-cancelled', params: { cause: 'closed-elsewhere' } },
      ],
      ['rejected', '用户拒绝了你的调用：send_mail', 'refused', { code: 'call-refused' }],
      ['expired', '用户没有确认操作：send_mail', 'unconfirmed', { code: 'call-unconfirmed' }],
    ] as const) {
      const sent = world.wechat.nextSent(CODE);
      const call = world.caller.call({ name: 'send_mail', params: { to: status }, source: 'chat' });
      await sent;
      const mine = world.store.approvals.activeForOwner('owner')!;
      new ApprovalsRepo(world.store.db).transition(mine.id, ['pending'], status);
      const outcome = await call;
      expect(outcome.status).toBe(outcomeStatus);
      expect(outcome.result.error).toBe(words);
      // The audit row keeps those words, and says why by a code the reader's language can say.
      expect(world.store.audit.get(outcome.auditId)).toMatchObject({ error: words, errorCode });
    }
    expect(world.runs('send_mail')).toEqual([]);
  });

  it("start-up recovery cancels what ended (or unknown) processes left, and leaves a live iAs's own", () => {
    world = gateWorld();
    const other = liveProcess();
    const gone = ended();
    openedBy(world, other, 'live-pending', 'pending');
    openedBy(world, other, 'live-queued', 'queued');
    openedBy(world, other, 'live-executing', 'executing');
    openedBy(world, gone, 'gone-queued', 'queued');
    openedBy(world, gone, 'gone-executing', 'executing');
    openedBy(world, undefined, 'unknown-approved', 'approved');

    expect(world.gate.recover()).toBe(3);
    expect(
      ['live-pending', 'live-queued', 'live-executing', 'gone-queued', 'gone-executing', 'unknown-approved'].map((id) =>
        statusOf(world!, id),
      ),
    ).toEqual(['pending', 'queued', 'executing', 'cancelled', 'cancelled', 'cancelled']);
    expect(JSON.parse(world.store.approvals.get('gone-executing')!.result!)).toEqual({
      success: false,
      error: 'interrupted: iAs stopped while this was running',
    });
  });

  it('an approval records the process that opened it', async () => {
    world = gateWorld();
    const sent = world.wechat.nextSent(CODE);
    const call = world.caller.call({ name: 'send_mail', params: { to: 'b' }, source: 'chat' });
    await sent;
    const id = world.store.approvals.activeForOwner('owner')!.id;
    const owner = world.store.db
      .prepare<[string], { pid: number; identity: string }>(
        'SELECT owner_pid AS pid, owner_identity AS identity FROM pending_approvals WHERE id = ?',
      )
      .get(id)!;
    expect(owner).toEqual({ pid: process.pid, identity: identityOf(process.pid) });
    world.wechat.reply('0');
    expect((await call).status).not.toBe('done');
  });
});

/** An approval opened by a process told by its id alone, as an iAs recorded it where that is all it can tell. */
function openedByPid(w: GateWorld, pid: number, id: string, status: ApprovalStatus): void {
  openedBy(w, undefined, id, status);
  w.store.db.prepare('UPDATE pending_approvals SET owner_pid = ?, owner_identity = NULL WHERE id = ?').run(pid, id);
}

describe('approvals of iAs processes told by their id alone (macOS, Windows)', () => {
  it('one left pending by a process that is gone is cancelled, and the next call is asked at once', async () => {
    world = gateWorld();
    openedByPid(world, endedProcessId(), 'left-behind', 'pending');
    const sent = world.wechat.nextSent(CODE);
    const call = world.caller.call({ name: 'send_mail', params: { to: 'b' }, source: 'chat' });
    await settle();
    expect(statusOf(world, 'left-behind')).toBe('cancelled');
    world.wechat.reply(codeIn(await sent));
    expect((await call).status).toBe('done');
    expect(world.runs('send_mail')).toHaveLength(1);
  });

  it('one of a process with that id that still runs stays its own: the call waits behind it', async () => {
    world = gateWorld();
    openedByPid(world, otherProcess(), 'theirs', 'pending');
    const call = world.caller.call({ name: 'send_mail', params: { to: 'b' }, source: 'chat' });
    await settle();
    expect(statusOf(world, 'theirs')).toBe('pending');
    expect(world.store.approvals.nextQueued('owner')?.skillName).toBe('send_mail');
    expect(world.wechat.outbox).toEqual([]);
    world.gate.close();
    expect((await call).status).toBe('cancelled');
    expect(world.runs('send_mail')).toEqual([]);
  });

  it('an approval records the id of the process that opened it, even where nothing more can be told', () => {
    world = gateWorld();
    openedBy(world, undefined, 'untold', 'queued');
    const owner = world.store.db
      .prepare<[string], { pid: number | null; identity: string | null }>(
        'SELECT owner_pid AS pid, owner_identity AS identity FROM pending_approvals WHERE id = ?',
      )
      .get('untold');
    expect(owner).toEqual({ pid: process.pid, identity: null });
  });
});
