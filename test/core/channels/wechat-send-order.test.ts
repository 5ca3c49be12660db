/**
 * What iAs sends the owner on WeChat arrives in the order it was sent: a slow message is not
 * overtaken, and one that fails holds up nothing after it.
 */
import { describe, expect, it } from 'vitest';
import { CODE, codeIn } from '../../helpers/gate.js';
import { unhandledDuring } from '../../helpers/unhandled.js';
import { MOCK_IDS } from '../../helpers/wechat-mock.js';
import { wechatWorld, type WechatWorld } from '../../helpers/wechat-world.js';

/** Turns of the event loop a slow send takes (a quick one takes none: it is done within one). */
const SLOW_TURNS = 10;
const turns = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
};

/**
 * The puppet's sends, as WeChat would take them: those `slow` picks take a while, those `fails`
 * picks fail (after their while). Returns what happened to each, in order ("start …", "sent …",
 * "failed …"), and a promise of the first send `slow` picks reaching WeChat.
 */
function wechatSends(world: WechatWorld, how: { slow?: (text: string) => boolean; fails?: (text: string) => boolean }) {
  const { puppet } = world.wx;
  const send = puppet.messageSendText.bind(puppet);
  const log: string[] = [];
  let reached!: () => void;
  const slowReached = new Promise<void>((resolve) => (reached = resolve));
  puppet.messageSendText = async (...args: Parameters<typeof send>) => {
    const text = args[1];
    log.push(`start ${text}`);
    if (how.slow?.(text)) {
      reached();
      await turns(SLOW_TURNS);
    }
    if (how.fails?.(text)) {
      log.push(`failed ${text}`);
      throw new Error('WeChat cannot be reached');
    }
    const sent = await send(...args);
    log.push(`sent ${text}`);
    return sent;
  };
  return { log, slowReached };
}

describe('WeChat: messages to the owner arrive in order', () => {
  it('a slow message is not overtaken by the one sent after it', async () => {
    const w = await wechatWorld();
    const { channel } = w.service;
    const { log, slowReached } = wechatSends(w, { slow: (text) => text === 'first' });
    const first = channel.sendToOwner('first');
    await slowReached;
    const second = channel.sendToOwner('second');
    await Promise.all([first, second]);
    expect(w.wx.sent).toEqual([
      { to: MOCK_IDS.owner, text: 'first' },
      { to: MOCK_IDS.owner, text: 'second' },
    ]);
    expect(log).toEqual(['start first', 'sent first', 'start second', 'sent second']);
  });

  it('a message that fails holds up nothing after it, and fails only for its own sender', async () => {
    const w = await wechatWorld();
    const { channel } = w.service;
    const { log } = wechatSends(w, {
      slow: (text) => text.startsWith('lost'),
      fails: (text) => text.startsWith('lost'),
    });
    const unhandled = await unhandledDuring(async () => {
      const awaited = channel.sendToOwner('lost, awaited');
      // Nobody waits for this one: its failure is no unhandled rejection either.
      void channel.sendToOwner('lost, let go');
      const next = channel.sendToOwner('next');
      await expect(awaited).rejects.toThrow('WeChat cannot be reached');
      await expect(next).resolves.toBeUndefined();
    });
    expect(unhandled).toEqual([]);
    expect(log).toEqual([
      'start lost, awaited',
      'failed lost, awaited',
      'start lost, let go',
      'failed lost, let go',
      'start next',
      'sent next',
    ]);
    expect(w.wx.sent).toEqual([{ to: MOCK_IDS.owner, text: 'next' }]);
  });

  it('two approvals in a row: the first one’s 已确认 comes before the second one’s request', async () => {
    const w = await wechatWorld();
    // The notice that the first call runs is slow to go out; the second call's request is long
    // enough to go in several messages, its parameters before its code.
    wechatSends(w, { slow: (text) => text.includes('已确认') });
    const first = w.caller.call({ name: 'send_mail', params: { to: 'boss@example.com' }, source: 'chat' });
    const asked = await w.wx.waitForSent((m) => CODE.test(m.text));
    const second = w.caller.call({
      name: 'run_shell',
      params: { to: 'ops@example.com', body: 'x'.repeat(2000) },
      source: 'chat',
    });
    await w.wx.say(w.wx.owner, codeIn(asked.text));
    expect((await first).status).toBe('done');
    const askedAgain = await w.wx.waitForSent((m) => m !== asked && CODE.test(m.text));
    await w.wx.say(w.wx.owner, '取消');
    expect((await second).result.error).toBe('用户拒绝了你的调用：run_shell');
    await w.wx.waitForSent((m) => m.text.includes('已取消'));
    expect(w.wx.sent.map((m) => m.to)).toEqual(w.wx.sent.map(() => MOCK_IDS.owner));
    // In order: the first request, its 已确认, every part of the second request, its 已取消.
    const [request, approved, ...rest] = w.wx.sent.map((m) => m.text);
    const cancelled = rest.pop();
    expect(request).toBe(asked.text);
    expect(approved).toMatch(/^已确认.*send_mail/);
    expect(rest.length).toBeGreaterThan(1);
    expect(rest[0]).toMatch(/run_shell[\s\S]*（1\/\d）/);
    expect(rest.at(-1)).toBe(askedAgain.text);
    expect(cancelled).toMatch(/^已取消.*run_shell/);
  });
});
