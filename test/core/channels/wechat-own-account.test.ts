/**
 * "The bot is my own account": the owner's notes to 文件传输助手 are theirs, while what the bot
 * itself sends there comes back to it as its own too, and is no message of the owner's.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { testAgent } from '../../helpers/agent.js';
import { startModelServer, type ModelServer } from '../../helpers/model-server.js';
import { MOCK_IDS } from '../../helpers/wechat-mock.js';
import { wechatWorld, type WechatWorld } from '../../helpers/wechat-world.js';

let w: WechatWorld | undefined;
let server: ModelServer | undefined;
afterEach(async () => {
  await w?.shutdown();
  await server?.close();
  w = undefined;
  server = undefined;
});

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
    server = await startModelServer();
    const model = server;
    w = await wechatWorld({ owner: 'self', agent: (world) => testAgent(world, model.url) });
    const piece = 'A'.repeat(1800);
    const echoes = ownMessages(w, piece, 2);
    model.enqueue({ content: `${piece}\n\n${piece}` });
    await w.wx.sayToFilehelper('hi');
    await echoes;
    // The owner's next note is answered, and it is the only message after 'hi' the model gets.
    model.enqueue({ content: 'pong' });
    await w.wx.sayToFilehelper('ping');
    await w.wx.waitForSent((m) => m.to === MOCK_IDS.filehelper && m.text === 'pong');
    await w.service.router.idle();
    expect(model.requests.map((r) => r.body.messages.at(-1))).toEqual([
      { role: 'user', content: 'hi' },
      { role: 'user', content: 'ping' },
    ]);
    expect(w.wx.sent.filter((m) => m.text === piece)).toHaveLength(2);
  });
});

describe('WeChat, the bot is my own account: pairing', () => {
  it('the code typed into 文件传输助手 binds nobody, and the pairing stays open for the owner’s contact', async () => {
    w = await wechatWorld({ owner: 'self' });
    const session = w.service.router.startPairing();
    await w.wx.sayToFilehelper(session.code);
    await w.wx.say(w.wx.owner, session.code);
    await w.wx.waitForSent((m) => m.to === MOCK_IDS.owner && /已绑定/.test(m.text));
    expect(w.service.settings.owner()).toMatchObject({ mode: 'contact', contactId: MOCK_IDS.owner });
  });

  it('while the bot reconnects (its status names no account), the code typed into 文件传输助手 binds nobody', async () => {
    w = await wechatWorld({ owner: 'self', reconnect: true });
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
