/**
 * The owner is told how an approval ended before being asked about the next one in the queue:
 * refused, cancelled or stopped, as when it expires (see expiry-by-clock.test.ts). Asked first, the
 * owner would read the next request, then a "refused" that seems to answer it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cancelledText, rejectedText } from '../../../src/core/approval/messages.js';
import type { InProcessChannel } from '../../../src/core/approval/in-process-channel.js';
import { CODE, codeIn, gateWorld, type GateWorld } from '../../helpers/gate.js';

let world: GateWorld | undefined;
afterEach(() => world?.close());

const WAIT = { timeout: 10_000 };

/**
 * Two high-risk calls on `channel`: send_mail asked, run_shell queued behind it. `decide` ends the
 * first; returns what the channel received from then on, once run_shell is asked.
 */
async function afterFirstDecided(
  w: GateWorld,
  channel: InProcessChannel,
  decide: (first: { id: string; code?: string }) => void | Promise<unknown>,
  signal?: AbortSignal,
) {
  const firstAsked = channel.nextSent(/send_mail/);
  const first = w.caller.call({ name: 'send_mail', params: { to: 'a' }, source: 'chat', signal });
  const request = await firstAsked;
  const id = w.store.approvals.activeForOwner('owner')!.id;
  const second = w.caller.call({ name: 'run_shell', params: { to: 'b' }, source: 'chat' });
  await vi.waitFor(() => expect(w.store.approvals.nextQueued('owner')?.skillName).toBe('run_shell'), WAIT);

  const before = channel.outbox.length;
  const secondAsked = channel.nextSent(/run_shell/);
  await decide({ id, code: CODE.test(request) ? codeIn(request) : undefined });
  expect((await first).status).not.toBe('done');
  await secondAsked;
  await vi.waitFor(() => expect(channel.outbox.length - before).toBeGreaterThanOrEqual(2), WAIT);
  return { received: channel.outbox.slice(before), second };
}

/** The owner cancels the second on WeChat, and its call ends (before the store closes). */
async function cancelSecond(w: GateWorld, second: Promise<{ status: string }>) {
  w.wechat.reply('取消');
  expect((await second).status).toBe('refused');
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe("the owner hears how an approval ended before the next one's request", () => {
  it('cancelled by a reply in WeChat', async () => {
    world = gateWorld();
    const w = world;
    const { received, second } = await afterFirstDecided(w, w.wechat, () => w.wechat.reply('取消'));
    expect(received).toHaveLength(2);
    expect(received[0]).toBe(cancelledText('send_mail'));
    expect(received[1]).toMatch(/run_shell[\s\S]*确认码 Code：\d{6}/);
    await cancelSecond(w, second);
  });

  it('refused by a third wrong code', async () => {
    world = gateWorld();
    const w = world;
    const { received, second } = await afterFirstDecided(w, w.wechat, async ({ code }) => {
      for (const left of [2, 1]) {
        const told = w.wechat.nextSent(new RegExp(`还剩 ${left} 次`));
        w.wechat.reply(wrong(code!));
        await told;
      }
      w.wechat.reply(wrong(code!));
    });
    // The two "wrong code" notices came before; the third refuses.
    expect(received.slice(2)).toHaveLength(2);
    expect(received[2]).toBe(rejectedText('send_mail'));
    expect(received[3]).toMatch(/run_shell/);
    await cancelSecond(w, second);
  });

  it('refused on the in-app card', async () => {
    world = gateWorld({ wechatConnected: false });
    const w = world;
    const { received, second } = await afterFirstDecided(w, w.inApp, async ({ id }) => {
      expect(await w.gate.decideInApp(id, false)).toBe(true);
    });
    expect(received).toHaveLength(2);
    expect(received[0]).toBe(rejectedText('send_mail'));
    expect(received[1]).toMatch(/run_shell/);
    expect(await w.gate.decideInApp(w.store.approvals.activeForOwner('owner')!.id, false)).toBe(true);
    expect((await second).status).toBe('refused');
  });

  it('cancelled because its turn was stopped', async () => {
    world = gateWorld();
    const w = world;
    const controller = new AbortController();
    const { received, second } = await afterFirstDecided(w, w.wechat, () => controller.abort(), controller.signal);
    expect(received).toHaveLength(2);
    expect(received[0]).toBe(cancelledText('send_mail'));
    expect(received[1]).toMatch(/run_shell/);
    // The next one is answerable as ever.
    w.wechat.reply(codeIn(received[1]));
    expect((await second).status).toBe('done');
  });
});
