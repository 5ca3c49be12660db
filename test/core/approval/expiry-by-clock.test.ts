/**
 * A pending approval past its time by the clock lapses, whoever's it is and whatever the timers did:
 * an iAs process's own timer does not count the time the computer slept (Node's timers run on a
 * monotonic clock), and a busy process's may run late. Until it lapses it would hold up every later
 * approval, of this process and of any other on the data folder. Here the gates' clock is moved past
 * the approval's time while its 5-minute timer is far from running.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApprovalChannel } from '../../../src/core/approval/channel.js';
import { expiredText } from '../../../src/core/approval/messages.js';
import { InProcessChannel } from '../../../src/core/approval/in-process-channel.js';
import { CODE, codeIn, gateWorld, sameFolderGate, type GateWorld } from '../../helpers/gate.js';

let world: GateWorld | undefined;
afterEach(() => world?.close());

const LAPSED = '用户没有确认操作：send_mail';
const WAIT = { timeout: 10_000 };

/**
 * A world whose gates read a clock the test moves, with approval A (send_mail to 'a') asked on its
 * WeChat: A's call, its approval's id and code; `sleep` moves the clock past A's time (the laptop
 * slept: A's timer has not run); `otherProcess` is another iAs process on the data folder, with
 * `channels`, on the same clock.
 */
async function approvalA() {
  let at = Date.now();
  const now = () => at;
  const w = (world = gateWorld({ now }));
  const sent = w.wechat.nextSent(CODE);
  const call = w.caller.call({ name: 'send_mail', params: { to: 'a' }, source: 'chat' });
  const code = codeIn(await sent);
  return {
    w,
    a: { call, code, id: w.store.approvals.activeForOwner('owner')!.id },
    now,
    sleep: () => (at += 10 * 60_000),
    otherProcess: (channels?: ApprovalChannel[]) => sameFolderGate(w, { channels, now }),
  };
}

/** A second call of `w`'s process, queued behind A: the call, and its code once it is asked. */
async function queueNext(w: GateWorld) {
  const asked = w.wechat.nextSent(CODE);
  const queued = w.caller.call({ name: 'send_mail', params: { to: 'next' }, source: 'chat' });
  await vi.waitFor(() => expect(w.store.approvals.nextQueued('owner')?.status).toBe('queued'), WAIT);
  return { queued, code: asked.then(codeIn) };
}

const expiredNotices = (channel: InProcessChannel) => channel.outbox.filter((t) => t === expiredText('send_mail'));
const statusOf = (w: GateWorld, id: string) => w.store.approvals.get(id)?.status;

describe('a pending approval past its time by the clock', () => {
  it("is expired by another iAs process's next look, which asks its own call; the owner hears it once, from the process that asked", async () => {
    const { w, a, now, sleep, otherProcess } = await approvalA();
    // `ias chat` on the same data folder (this same live process, so neither counts as ended).
    const terminal = new InProcessChannel({ name: 'terminal', inApp: true });
    const other = otherProcess([terminal]);

    sleep();
    const asked = terminal.nextSent();
    const theirs = other.request({ skill: w.registry.current('send_mail')!, params: { to: 'b' }, source: 'cli' });
    // Its look expired A's approval, so its own is the owner's pending one, not queued behind it.
    expect(statusOf(w, a.id)).toBe('expired');
    expect(w.store.approvals.get(a.id)!.decidedAt).toBe(now());
    await asked;
    const mine = w.store.approvals.activeForOwner('owner')!;
    expect(mine).toMatchObject({ channel: 'terminal', status: 'pending' });

    // A's call learns it in the seed's words, and A tells its owner, on the channel it asked on.
    const outcome = await a.call;
    expect(outcome).toMatchObject({ status: 'unconfirmed', result: { error: LAPSED } });
    await vi.waitFor(() => expect(expiredNotices(w.wechat)).toHaveLength(1), WAIT);
    expect(expiredNotices(terminal)).toEqual([]);

    // A's code, answered late, runs nothing.
    const answered = w.wechat.nextSent(/没有等待确认的操作/);
    w.wechat.reply(a.code);
    await answered;
    expect(statusOf(w, a.id)).toBe('expired');
    expect(statusOf(w, mine.id)).toBe('pending');
    expect(w.runs('send_mail')).toEqual([]);
    expect(expiredNotices(w.wechat)).toHaveLength(1);

    expect(await other.decideInApp(mine.id, false)).toBe(true);
    expect((await theirs).status).toBe('rejected');
  });

  it('is expired by the sweep of a process with nothing waiting; its own process tells the owner once and asks its next call', async () => {
    const { w, a, sleep, otherProcess } = await approvalA();
    const next = await queueNext(w);

    sleep();
    // The app's sweep of left work, every 30 s, with no call of its own waiting.
    otherProcess().closeAbandoned();
    expect(statusOf(w, a.id)).toBe('expired');

    expect((await a.call).result.error).toBe(LAPSED);
    const code = await next.code;
    expect(expiredNotices(w.wechat)).toHaveLength(1);
    w.wechat.reply(code);
    expect((await next.queued).status).toBe('done');
    expect(w.runs('send_mail')).toEqual([JSON.stringify({ to: 'next' })]);
    expect(expiredNotices(w.wechat)).toHaveLength(1);
  });

  it("answered on another process's channel of the same name, is expired there, and told the owner once, by its own process", async () => {
    const { w, a, sleep, otherProcess } = await approvalA();
    // Another iAs process on the data folder with a WeChat of its own, where the owner answers late.
    const theirWechat = new InProcessChannel({ name: 'wechat', owner: 'wxid_owner' });
    otherProcess([theirWechat]);

    sleep();
    theirWechat.reply(a.code);
    expect(statusOf(w, a.id)).toBe('expired');
    expect((await a.call).result.error).toBe(LAPSED);
    await vi.waitFor(() => expect(expiredNotices(w.wechat)).toHaveLength(1), WAIT);
    expect(expiredNotices(theirWechat)).toEqual([]);
    expect(w.runs('send_mail')).toEqual([]);
  });

  it('in one process: a code answered after a sleep is refused as expired, and nothing runs', async () => {
    const { w, a, sleep } = await approvalA();
    sleep();
    w.wechat.reply(a.code);
    expect((await a.call).result.error).toBe(LAPSED);
    expect(statusOf(w, a.id)).toBe('expired');
    expect(expiredNotices(w.wechat)).toHaveLength(1);
    expect(w.runs('send_mail')).toEqual([]);
  });

  it('in one process: after a sleep, the next queued call is asked at the next look, not when the old timer runs', async () => {
    const { w, a, sleep } = await approvalA();
    const next = await queueNext(w);

    sleep();
    const code = await next.code;
    expect((await a.call).result.error).toBe(LAPSED);
    expect(statusOf(w, a.id)).toBe('expired');
    // The owner was told A expired before being asked about the next, and only once.
    expect(expiredNotices(w.wechat)).toHaveLength(1);
    expect(w.wechat.outbox.indexOf(expiredText('send_mail'))).toBeLessThan(w.wechat.outbox.length - 1);
    w.wechat.reply(code);
    expect((await next.queued).status).toBe('done');
    expect(w.runs('send_mail')).toEqual([JSON.stringify({ to: 'next' })]);
  });

  it("its code typed into a chat is no live code: the approval lapses then, and the next one's code is held", async () => {
    const { w, a, sleep } = await approvalA();
    const next = await queueNext(w);

    sleep(); // no look of the gate since
    expect(w.gate.holdsCode(`the code was ${a.code}`)).toBeUndefined();
    // Dead for good before the text went anywhere, whatever the clock does next.
    expect(statusOf(w, a.id)).toBe('expired');
    expect((await a.call).result.error).toBe(LAPSED);
    const code = await next.code;
    expect(expiredNotices(w.wechat)).toHaveLength(1);
    expect(w.gate.holdsCode(`the code is ${code}`)).toBe('code');
    w.wechat.reply(code);
    expect((await next.queued).status).toBe('done');
  });

  it("its code typed into another iAs process's chat is no live code there either, and its own process tells the owner once", async () => {
    const { w, a, sleep, otherProcess } = await approvalA();
    const other = otherProcess();
    expect(other.holdsCode(a.code)).toBe('code');

    sleep();
    expect(other.holdsCode(a.code)).toBeUndefined();
    expect(statusOf(w, a.id)).toBe('expired');
    expect((await a.call).result.error).toBe(LAPSED);
    await vi.waitFor(() => expect(expiredNotices(w.wechat)).toHaveLength(1), WAIT);
  });
});
