/**
 * A pending approval past its time by the clock lapses, whoever's it is and whatever the timers did:
 * an iAs process's own timer does not count the time the computer slept (Node's timers run on a
 * monotonic clock), and a busy process's may run late. Until it lapses it would hold up every later
 * approval, of this process and of any other on the data folder. Here the gates' clock is moved past
 * the approval's time while its 5-minute timer is far from running.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expiredText } from '../../../src/core/approval/messages.js';
import { InProcessChannel } from '../../../src/core/approval/in-process-channel.js';
import { CODE, codeIn, gateWorld, sameFolderGate, settle, type GateWorld } from '../../helpers/gate.js';

let world: GateWorld | undefined;
afterEach(() => world?.close());

const LAPSED = '用户没有确认操作：send_mail';
const WAIT = { timeout: 10_000 };

/** A clock the gates read, moved by the test. */
function testClock() {
  let at = Date.now();
  return { now: () => at, sleep: (ms: number) => (at += ms) };
}

/** A high-risk call of `world`'s process, asked on its WeChat: the call, its approval's id and code. */
async function ask(w: GateWorld, to: string) {
  const sent = w.wechat.nextSent(CODE);
  const call = w.caller.call({ name: 'send_mail', params: { to }, source: 'chat' });
  const code = codeIn(await sent);
  return { call, code, id: w.store.approvals.activeForOwner('owner')!.id };
}

const expiredNotices = (channel: InProcessChannel) => channel.outbox.filter((t) => t === expiredText('send_mail'));
const statusOf = (w: GateWorld, id: string) => w.store.approvals.get(id)?.status;

describe('a pending approval past its time by the clock', () => {
  it("is expired by another iAs process's next look, which asks its own call; the owner hears it once, from the process that asked", async () => {
    const clock = testClock();
    world = gateWorld({ now: clock.now });
    const a = await ask(world, 'a');
    // `ias chat` on the same data folder (this same live process, so neither counts as ended).
    const terminal = new InProcessChannel({ name: 'terminal', inApp: true });
    const other = sameFolderGate(world, { channels: [terminal], now: clock.now });

    clock.sleep(10 * 60_000); // the laptop slept: A's timer has not run
    const asked = terminal.nextSent();
    const theirs = other.request({ skill: world.registry.current('send_mail')!, params: { to: 'b' }, source: 'cli' });
    // Its look expired A's approval, so its own is the owner's pending one, not queued behind it.
    expect(statusOf(world, a.id)).toBe('expired');
    expect(world.store.approvals.get(a.id)!.decidedAt).toBe(clock.now());
    await asked;
    const mine = world.store.approvals.activeForOwner('owner')!;
    expect(mine).toMatchObject({ channel: 'terminal', status: 'pending' });

    // A's call learns it in the seed's words, and A tells its owner, on the channel it asked on.
    const outcome = await a.call;
    expect(outcome).toMatchObject({ status: 'unconfirmed', result: { error: LAPSED } });
    await vi.waitFor(() => expect(expiredNotices(world!.wechat)).toHaveLength(1), WAIT);
    expect(expiredNotices(terminal)).toEqual([]);

    // A's code, answered late, runs nothing.
    const answered = world.wechat.nextSent(/没有等待确认的操作/);
    world.wechat.reply(a.code);
    await answered;
    expect(statusOf(world, a.id)).toBe('expired');
    expect(statusOf(world, mine.id)).toBe('pending');
    expect(world.runs('send_mail')).toEqual([]);
    expect(expiredNotices(world.wechat)).toHaveLength(1);

    expect(await other.decideInApp(mine.id, false)).toBe(true);
    expect((await theirs).status).toBe('rejected');
  });

  it('is expired by the sweep of a process with nothing waiting; its own process tells the owner once and asks its next call', async () => {
    const clock = testClock();
    world = gateWorld({ now: clock.now });
    const a = await ask(world, 'a');
    const nextAsked = world.wechat.nextSent(CODE);
    const queued = world.caller.call({ name: 'send_mail', params: { to: 'next' }, source: 'chat' });
    await settle();
    expect(world.store.approvals.nextQueued('owner')?.status).toBe('queued');

    clock.sleep(10 * 60_000);
    // The app's sweep of left work, every 30 s, with no call of its own waiting.
    sameFolderGate(world, { now: clock.now }).closeAbandoned();
    expect(statusOf(world, a.id)).toBe('expired');

    expect((await a.call).result.error).toBe(LAPSED);
    const code = codeIn(await nextAsked);
    expect(expiredNotices(world.wechat)).toHaveLength(1);
    world.wechat.reply(code);
    expect((await queued).status).toBe('done');
    expect(world.runs('send_mail')).toEqual([JSON.stringify({ to: 'next' })]);
    expect(expiredNotices(world.wechat)).toHaveLength(1);
  });

  it("answered on another process's channel of the same name, is expired there, and told the owner once, by its own process", async () => {
    const clock = testClock();
    world = gateWorld({ now: clock.now });
    const a = await ask(world, 'a');
    // Another iAs process on the data folder with a WeChat of its own, where the owner answers late.
    const theirWechat = new InProcessChannel({ name: 'wechat', owner: 'wxid_owner' });
    sameFolderGate(world, { channels: [theirWechat], now: clock.now });

    clock.sleep(10 * 60_000);
    theirWechat.reply(a.code);
    expect(statusOf(world, a.id)).toBe('expired');
    expect((await a.call).result.error).toBe(LAPSED);
    await vi.waitFor(() => expect(expiredNotices(world!.wechat)).toHaveLength(1), WAIT);
    expect(expiredNotices(theirWechat)).toEqual([]);
    expect(world.runs('send_mail')).toEqual([]);
  });

  it('in one process: a code answered after a sleep is refused as expired, and nothing runs', async () => {
    const clock = testClock();
    world = gateWorld({ now: clock.now });
    const a = await ask(world, 'a');
    clock.sleep(10 * 60_000);
    world.wechat.reply(a.code);
    expect((await a.call).result.error).toBe(LAPSED);
    expect(statusOf(world, a.id)).toBe('expired');
    expect(expiredNotices(world.wechat)).toHaveLength(1);
    expect(world.runs('send_mail')).toEqual([]);
  });

  it('in one process: after a sleep, the next queued call is asked at the next look, not when the old timer runs', async () => {
    const clock = testClock();
    world = gateWorld({ now: clock.now });
    const a = await ask(world, 'a');
    const nextAsked = world.wechat.nextSent(CODE);
    const queued = world.caller.call({ name: 'send_mail', params: { to: 'next' }, source: 'chat' });
    await settle();

    clock.sleep(10 * 60_000);
    const code = codeIn(await nextAsked);
    expect((await a.call).result.error).toBe(LAPSED);
    expect(statusOf(world, a.id)).toBe('expired');
    // The owner was told A expired before being asked about the next, and only once.
    expect(expiredNotices(world.wechat)).toHaveLength(1);
    expect(world.wechat.outbox.indexOf(expiredText('send_mail'))).toBeLessThan(world.wechat.outbox.length - 1);
    world.wechat.reply(code);
    expect((await queued).status).toBe('done');
    expect(world.runs('send_mail')).toEqual([JSON.stringify({ to: 'next' })]);
  });

  it("its code typed into a chat is no live code: the approval lapses then, and the next one's code is held", async () => {
    const clock = testClock();
    world = gateWorld({ now: clock.now });
    const a = await ask(world, 'a');
    const nextAsked = world.wechat.nextSent(CODE);
    const queued = world.caller.call({ name: 'send_mail', params: { to: 'next' }, source: 'chat' });
    await vi.waitFor(() => expect(world!.store.approvals.nextQueued('owner')).toBeDefined(), WAIT);

    clock.sleep(10 * 60_000); // no look of the gate since
    expect(world.gate.holdsCode(`the code was ${a.code}`)).toBeUndefined();
    // Dead for good before the text went anywhere, whatever the clock does next.
    expect(statusOf(world, a.id)).toBe('expired');
    expect((await a.call).result.error).toBe(LAPSED);
    const code = codeIn(await nextAsked);
    expect(expiredNotices(world.wechat)).toHaveLength(1);
    expect(world.gate.holdsCode(`the code is ${code}`)).toBe('code');
    world.wechat.reply(code);
    expect((await queued).status).toBe('done');
  });

  it("its code typed into another iAs process's chat is no live code there either, and its own process tells the owner once", async () => {
    const clock = testClock();
    world = gateWorld({ now: clock.now });
    const a = await ask(world, 'a');
    const other = sameFolderGate(world, { now: clock.now });
    expect(other.holdsCode(a.code)).toBe('code');

    clock.sleep(10 * 60_000);
    expect(other.holdsCode(a.code)).toBeUndefined();
    expect(statusOf(world, a.id)).toBe('expired');
    expect((await a.call).result.error).toBe(LAPSED);
    await vi.waitFor(() => expect(expiredNotices(world!.wechat)).toHaveLength(1), WAIT);
  });
});
