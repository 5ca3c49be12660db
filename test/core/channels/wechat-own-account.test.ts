/**
 * "The bot is my own account": the owner's notes to 文件传输助手 are theirs, while what the bot
 * itself sends there comes back to it as its own too, and is no message of the owner's.
 */
import { describe, expect, it } from 'vitest';
import { MOCK_IDS } from '../../helpers/wechat-mock.js';
import { chatWechatWorld, wechatWorld, type WechatWorld } from '../../helpers/wechat-world.js';

/** Resolves once the bot has received `count` messages of its own account with `text`. */
function ownMessages(world: WechatWorld, text: string, count: number): Promise<void> {
  return new Promise((resolve) => {
    let seen = 0;
    world.wx.bot.on('message', (m) => {
      if (m.self() && m.text() === text && ++seen === count) resolve();
    });
  });
}

describe('WeChat, the bot is my own account: the bot’s own replies', () => {
  it('a reply in two identical pieces: neither echo goes to the model as the owner’s message', async () => {
    const w = await chatWechatWorld({ owner: 'self' });
    const piece = 'A'.repeat(1800);
    const echoes = ownMessages(w, piece, 2);
    w.model.enqueue({ content: `${piece}\n\n${piece}` });
    await w.wx.sayToFilehelper('hi');
    await echoes;
    // The owner's next note is answered, and it is the only message after 'hi' the model gets.
    w.model.enqueue({ content: 'pong' });
    await w.wx.sayToFilehelper('ping');
    await w.wx.waitForSent((m) => m.to === MOCK_IDS.filehelper && m.text === 'pong');
    await w.service.router.idle();
    expect(w.model.requests.map((r) => r.body.messages.at(-1))).toEqual([
      { role: 'user', content: 'hi' },
      { role: 'user', content: 'ping' },
    ]);
    expect(w.wx.sent.filter((m) => m.text === piece)).toHaveLength(2);
  });
});

describe('WeChat, the bot is my own account: pairing', () => {
  it('the code typed into 文件传输助手 binds nobody, and the pairing stays open for the owner’s contact', async () => {
    const w = await wechatWorld({ owner: 'self' });
    const session = w.service.router.startPairing();
    await w.wx.sayToFilehelper(session.code);
    await w.wx.say(w.wx.owner, session.code);
    await w.wx.waitForSent((m) => m.to === MOCK_IDS.owner && /已绑定/.test(m.text));
    expect(w.service.settings.owner()).toMatchObject({ mode: 'contact', contactId: MOCK_IDS.owner });
  });

  it('while the bot reconnects (its status names no account), the code typed into 文件传输助手 binds nobody', async () => {
    const w = await wechatWorld({ owner: 'self', reconnect: true });
    const session = w.service.router.startPairing();
    // A failure: a retry is set, the status names no account, and the bot there is still up.
    w.service.bot.fail(new Error('network went away'));
    expect(w.service.bot.status).toMatchObject({ state: 'reconnecting' });
    expect(w.service.bot.status.user).toBeUndefined();
    const noted = ownMessages(w, session.code, 1);
    await w.wx.sayToFilehelper(session.code);
    await noted;
    await w.service.router.idle();
    expect(w.service.settings.owner()).toMatchObject({ mode: 'self' });
    expect(w.wx.sent.filter((m) => /已绑定/.test(m.text))).toEqual([]);
  });
});
