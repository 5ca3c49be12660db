/**
 * WeChat's own log, asked for at its most talkative (WECHATY_LOG=silly, read as its packages load),
 * would print every message sent and received: approval codes are never logged, so it is kept at
 * `info`, and neither the code sent to the owner nor the owner's reply reaches the console.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { CODE, codeIn } from '../../helpers/gate.js';
import { MOCK_IDS } from '../../helpers/wechat-mock.js';
import { wechatWorld } from '../../helpers/wechat-world.js';

vi.hoisted(() => {
  process.env.WECHATY_LOG = 'silly';
});

afterEach(() => {
  vi.restoreAllMocks();
});

it('neither the approval code sent nor the reply with it is printed by WeChat’s log', async () => {
  const printed: string[] = [];
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      printed.push(args.map(String).join(' '));
    });
  }
  const w = await wechatWorld();
  const call = w.caller.call({ name: 'send_mail', params: { to: 'boss@example.com', body: 'hi' }, source: 'chat' });
  const code = codeIn((await w.wx.waitForSent((m) => m.to === MOCK_IDS.owner && CODE.test(m.text))).text);
  await w.wx.say(w.wx.owner, code);
  expect(await call).toMatchObject({ status: 'done' });
  // WeChat's log ran, at info: the bot's start was said.
  expect(printed.length).toBeGreaterThan(0);
  expect(printed.filter((line) => line.includes(code))).toEqual([]);
});
