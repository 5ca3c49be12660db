import fs from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import type { mock } from 'wechaty-puppet-mock';
import { WechatService } from '../../../src/core/channels/wechat-service.js';
import { CODE, codeIn, gateWorld, settle } from '../../helpers/gate.js';
import { unhandledDuring } from '../../helpers/unhandled.js';
import { failingPuppet, MOCK_IDS } from '../../helpers/wechat-mock.js';
import { AUTO_LOGIN_PUPPET, chatWechatWorld, wechatWorld, type WechatWorld } from '../../helpers/wechat-world.js';

const mail = { to: 'boss@example.com', body: 'hi' };

/** Starts a high-risk call and returns it with the code that reached `to` on WeChat. */
async function ask(world: WechatWorld, to: string = MOCK_IDS.owner) {
  const call = world.caller.call({ name: 'send_mail', params: mail, source: 'chat' });
  const message = await world.wx.waitForSent((m) => m.to === to && CODE.test(m.text));
  return { call, code: codeIn(message.text), message: message.text };
}

describe('WeChat: the bot and the owner', () => {
  it('logs in, remembers the account, and keeps the session file private', async () => {
    const w = await wechatWorld({ owner: 'none' });
    expect(w.service.status()).toMatchObject({ state: 'logged-in', user: { id: MOCK_IDS.self } });
    expect(w.service.settings.account()).toMatchObject({ id: MOCK_IDS.self, name: 'iAs Bot' });
    expect(fs.statSync(w.service.bot.memoryFile).mode & 0o777).toBe(0o600);
  });

  it('pairs the owner by the code shown in the app; strangers, groups and wrong codes bind nobody', async () => {
    const w = await wechatWorld({ owner: 'none' });
    const session = w.service.router.startPairing();
    await w.wx.say(w.wx.stranger, 'WRONG1');
    await w.wx.sayInGroup(w.wx.owner, session.code);
    await settle();
    expect(w.service.settings.owner()).toBeUndefined();
    await w.wx.say(w.wx.owner, session.code.toLowerCase());
    const confirmation = await w.wx.waitForSent((m) => m.to === MOCK_IDS.owner);
    expect(confirmation.text).toMatch(/已绑定/);
    expect(w.service.settings.owner()).toMatchObject({ mode: 'contact', contactId: MOCK_IDS.owner, name: 'Owner' });
    // The code is spent: the stranger sending it later changes nothing.
    await w.wx.say(w.wx.stranger, session.code);
    await settle();
    expect(w.service.settings.owner()).toMatchObject({ contactId: MOCK_IDS.owner });
  });

  it('pairs the owner even when the confirmation cannot be sent, and iAs stays up', async () => {
    const world = await wechatWorld({ owner: 'none' });
    const unhandled = await unhandledDuring(async () => {
      const attempted = new Promise<void>((resolve) => {
        world.wx.puppet.messageSendText = async () => {
          resolve();
          throw new Error('WeChat cannot be reached');
        };
      });
      const paired = new Promise((resolve) => world.service.router.once('paired', resolve));
      const session = world.service.router.startPairing();
      await world.wx.say(world.wx.owner, session.code);
      await attempted;
      expect(await paired).toMatchObject({ mode: 'contact', contactId: MOCK_IDS.owner });
    });
    expect(unhandled).toEqual([]);
    expect(world.service.settings.owner()).toMatchObject({ mode: 'contact', contactId: MOCK_IDS.owner });
  });
  it('a pairing the database refuses to store binds nobody and stays open, and iAs stays up', async () => {
    const world = await wechatWorld({ owner: 'none' });
    world.store.db.exec(`CREATE TRIGGER refuse_owner BEFORE INSERT ON settings
      WHEN NEW.key = 'wechat.owner' BEGIN SELECT RAISE(ABORT, 'the disk is full'); END`);
    const session = world.service.router.startPairing();
    const unhandled = await unhandledDuring(async () => {
      await world.wx.say(world.wx.owner, session.code);
      await world.service.router.idle();
    });
    expect(unhandled).toEqual([]);
    expect(world.service.settings.owner()).toBeUndefined();
    // Once the disk is mended, the same code pairs.
    world.store.db.exec('DROP TRIGGER refuse_owner');
    await world.wx.say(world.wx.owner, session.code);
    await world.wx.waitForSent((m) => m.to === MOCK_IDS.owner && /已绑定/.test(m.text));
    expect(world.service.settings.owner()).toMatchObject({ mode: 'contact', contactId: MOCK_IDS.owner });
  });
});

describe('WeChat: approvals on the owner’s phone', () => {
  it('approved with the code', async () => {
    const w = await wechatWorld();
    const { call, code, message } = await ask(w);
    expect(message).toMatch(/send_mail[\s\S]*to: boss@example.com[\s\S]*回复确认码执行，回复 0 或 取消 以取消/);
    await w.wx.say(w.wx.owner, code);
    expect((await call).status).toBe('done');
    expect(w.runs('send_mail')).toHaveLength(1);
  });

  it('cancelled with 取消', async () => {
    const w = await wechatWorld();
    const { call } = await ask(w);
    await w.wx.say(w.wx.owner, '取消');
    expect((await call).result.error).toBe('用户拒绝了你的调用：send_mail');
    expect(w.runs('send_mail')).toEqual([]);
  });

  it('three wrong codes refuse it, each answered with the tries left', async () => {
    const w = await wechatWorld();
    const { call, code } = await ask(w);
    const wrong = code === '123456' ? '654321' : '123456';
    await w.wx.say(w.wx.owner, wrong);
    expect((await w.wx.waitForSent((m) => m.text === '确认码错误，还剩 2 次。Wrong code: 2 tries left.')).to).toBe(
      MOCK_IDS.owner,
    );
    await w.wx.say(w.wx.owner, wrong);
    await w.wx.waitForSent((m) => m.text === '确认码错误，还剩 1 次。Wrong code: 1 try left.');
    await w.wx.say(w.wx.owner, wrong);
    expect((await call).result.error).toBe('用户拒绝了你的调用：send_mail');
    await w.wx.say(w.wx.owner, code);
    await settle();
    expect(w.runs('send_mail')).toEqual([]);
  });

  it('left to expire', async () => {
    const w = await wechatWorld({ ttlMs: 300 });
    const { call, code } = await ask(w);
    expect((await call).result.error).toBe('用户没有确认操作：send_mail');
    await w.wx.waitForSent((m) => /已过期/.test(m.text));
    await w.wx.say(w.wx.owner, code);
    await settle();
    expect(w.runs('send_mail')).toEqual([]);
  });

  it('a stranger and a group sending the right code run nothing', async () => {
    const w = await wechatWorld();
    const { call, code } = await ask(w);
    await w.wx.say(w.wx.stranger, code);
    await w.wx.sayInGroup(w.wx.owner, code);
    await w.wx.sayInGroup(w.wx.stranger, code);
    await settle();
    expect(w.runs('send_mail')).toEqual([]);
    expect(w.store.approvals.activeForOwner('owner')).toMatchObject({ status: 'pending', attemptsLeft: 3 });
    expect(w.wx.sent.filter((m) => m.to !== MOCK_IDS.owner)).toEqual([]);
    await w.wx.say(w.wx.owner, '0');
    await call;
  });

  it('the bot logged out while an approval waits: the desktop takes over and the owner is told', async () => {
    const w = await wechatWorld();
    const { call, code } = await ask(w);
    const moved = w.inApp.nextSent();
    await w.wx.logout();
    expect(await moved).toMatch(/微信 已断开/);
    const [open] = w.gate.openApprovals();
    expect(open).toMatchObject({ channel: 'in-app', status: 'pending' });
    expect(w.service.status().state).not.toBe('logged-in');
    expect(await w.gate.decideInApp(open!.id, true)).toBe(true);
    expect((await call).status).toBe('done');
    expect(w.runs('send_mail')).toHaveLength(1);
    void code;
  });

  it('"the bot is my own account": approvals go to 文件传输助手 and my notes there answer them', async () => {
    const w = await wechatWorld({ owner: 'self' });
    const { call, code } = await ask(w, MOCK_IDS.filehelper);
    // The bot's own request, echoed back to it, is not taken as an answer.
    await settle();
    expect(w.store.approvals.activeForOwner('owner')!.attemptsLeft).toBe(3);
    await w.wx.sayToFilehelper(code);
    expect((await call).status).toBe('done');
  });
});

describe('WeChat: chat with iAs from WeChat', () => {
  it('the owner’s message goes through the agent loop and the reply comes back as plain text', async () => {
    const w = await chatWechatWorld();
    w.model.enqueue({ content: '## Weather\n\nIt is **sunny** in `Shanghai`.' });
    await w.wx.say(w.wx.owner, '天气如何？');
    const reply = await w.wx.waitForSent((m) => m.to === MOCK_IDS.owner && /sunny/.test(m.text));
    expect(reply.text).toBe('▍Weather\n\nIt is sunny in Shanghai.');
    expect(w.model.requests[0]!.body.messages.at(-1)).toEqual({ role: 'user', content: '天气如何？' });
    // A code-like answer is never a chat message, and strangers do not chat with iAs.
    await w.wx.say(w.wx.owner, '123456');
    await w.wx.say(w.wx.stranger, 'hello bot');
    await w.service.router.idle();
    await settle();
    expect(w.model.requests).toHaveLength(1);
    // The conversation continues in the same WeChat conversation.
    w.model.enqueue({ content: 'Still sunny.' });
    await w.wx.say(w.wx.owner, 'and later?');
    await w.wx.waitForSent((m) => m.text === 'Still sunny.');
    expect(w.model.requests[1]!.body.messages.some((m: { content: string }) => m.content === '天气如何？')).toBe(true);
  });
  it('the owner deleted WeChat’s conversation in the app: the next message begins a new one', async () => {
    const w = await chatWechatWorld();
    w.model.enqueue({ content: 'Hi.' });
    await w.wx.say(w.wx.owner, 'hi');
    await w.wx.waitForSent((m) => m.text === 'Hi.');
    const deleted = w.service.settings.conversation()!;
    w.store.conversations.delete(deleted);
    w.model.enqueue({ content: 'Hello again.' });
    await w.wx.say(w.wx.owner, 'are you there?');
    await w.wx.waitForSent((m) => m.to === MOCK_IDS.owner && m.text === 'Hello again.');
    await w.service.router.idle();
    const started = w.service.settings.conversation()!;
    expect(started).not.toBe(deleted);
    expect(w.store.conversations.messages(started).map((m) => [m.role, m.content])).toEqual([
      ['user', 'are you there?'],
      ['assistant', 'Hello again.'],
    ]);
    expect(w.store.conversations.get(deleted)).toBeUndefined();
  });
});

describe('WeChat: logged out and in again', () => {
  it('pairs the owner and answers approvals as before, in the same iAs', async () => {
    const world = gateWorld({ wechatConnected: false });
    // Loaded by name at each start, as the app loads its puppet: a new mock WeChat each time.
    const service = new WechatService({
      dataDir: world.home,
      gate: world.gate,
      settings: world.store.settings,
      puppet: { name: AUTO_LOGIN_PUPPET },
      reconnect: false,
    });
    const loggedIn = async () => {
      await service.start();
      await vi.waitFor(() => expect(service.status().state).toBe('logged-in'), { timeout: 5000 });
      const puppet = service.bot.bot!.puppet as unknown as { autoMocker: mock.Mocker; autoSelf: mock.ContactMock };
      const owner = puppet.autoMocker.createContact({ id: MOCK_IDS.owner, name: 'Owner' });
      const sent: string[] = [];
      puppet.autoSelf.on('message', (m) => {
        if (m.payload.talkerId === puppet.autoSelf.id) sent.push(m.text() ?? '');
      });
      return { say: (text: string) => owner.say(text).to(puppet.autoSelf), sent };
    };
    try {
      await loggedIn();
      await service.logout(); // Settings → WeChat → Log out
      const wx = await loggedIn(); // … and Log in again
      const session = service.router.startPairing();
      wx.say(session.code);
      await vi.waitFor(() => expect(service.settings.owner()).toMatchObject({ contactId: MOCK_IDS.owner }), {
        timeout: 10_000,
      });
      const call = world.caller.call({ name: 'send_mail', params: mail, source: 'chat' });
      await vi.waitFor(() => expect(wx.sent.some((t) => CODE.test(t))).toBe(true), { timeout: 10_000 });
      wx.say(codeIn(wx.sent.find((t) => CODE.test(t))!));
      expect((await call).status).toBe('done');
    } finally {
      await service.stop();
      world.close();
    }
  });
});

describe('WeChat: a failing puppet', () => {
  it('throwing at start-up leaves iAs up, reports the error, and approvals fall back to the desktop', async () => {
    const world = gateWorld({ wechatConnected: false });
    const service = new WechatService({
      dataDir: world.home,
      gate: world.gate,
      settings: world.store.settings,
      puppet: failingPuppet('cannot reach WeChat', 'start'),
      reconnect: false,
    });
    service.settings.setOwner({ mode: 'contact', contactId: MOCK_IDS.owner, name: 'Owner', boundAt: 0 });
    await service.start();
    expect(service.status().state).toBe('error');
    expect(service.status().error).toMatch(/cannot reach WeChat/);
    const card = world.inApp.nextSent();
    const call = world.caller.call({ name: 'send_mail', params: mail, source: 'chat' });
    await card;
    const [open] = world.gate.openApprovals();
    expect(open!.channel).toBe('in-app');
    await world.gate.decideInApp(open!.id, false);
    expect((await call).status).toBe('refused');
    await service.stop();
    world.close();
  });
});
