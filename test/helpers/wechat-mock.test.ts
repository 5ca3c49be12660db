import { afterEach, describe, expect, it } from 'vitest';
import { WechatyBuilder, type Message } from 'wechaty';
import { PuppetMock, mock } from 'wechaty-puppet-mock';
import { MOCK_IDS, failingPuppet, startMockWeChat, type MockWeChat } from './wechat-mock.js';

const timers = (): number => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

describe('startMockWeChat', () => {
  let wx: MockWeChat | undefined;
  afterEach(async () => {
    await wx?.stop();
    wx = undefined;
  });

  it('starts a real Wechaty on the mock puppet, logged in as self', async () => {
    wx = await startMockWeChat();
    expect(wx.bot.isLoggedIn).toBe(true);
    expect(wx.bot.currentUser.id).toBe(MOCK_IDS.self);
    expect(wx.bot.currentUser.name()).toBe('iAs Bot');
    expect(wx.bot.puppet).toBe(wx.puppet);
    const owner = await wx.bot.Contact.find({ id: MOCK_IDS.owner });
    expect(owner?.name()).toBe('Owner');
    const room = await wx.bot.Room.find({ id: MOCK_IDS.group });
    expect(await room?.topic()).toBe('iAs Test Group');
    expect((await room?.memberAll())?.map((c) => c.id).sort()).toEqual(
      [MOCK_IDS.owner, MOCK_IDS.self, MOCK_IDS.stranger].sort(),
    );
    expect(wx.errors).toEqual([]);
  });

  it('can start logged out, show a QR code, then log in', async () => {
    wx = await startMockWeChat({ login: false });
    expect(wx.bot.isLoggedIn).toBe(false);
    const scans: string[] = [];
    wx.bot.on('scan', (qrcode) => {
      scans.push(qrcode);
    });
    wx.scan('https://login.weixin.qq.com/l/test');
    expect(scans).toEqual(['https://login.weixin.qq.com/l/test']);
    expect(wx.bot.authQrCode).toBe('https://login.weixin.qq.com/l/test');
    const logins: string[] = [];
    wx.bot.on('login', (user) => {
      logins.push(user.id);
    });
    await wx.login();
    expect(logins).toEqual([MOCK_IDS.self]);
    expect(wx.bot.isLoggedIn).toBe(true);
  });

  it('delivers a direct message from the owner: talker = owner, no room, listener = self', async () => {
    wx = await startMockWeChat();
    const seen: Message[] = [];
    wx.bot.on('message', (m) => {
      seen.push(m);
    });
    const msg = await wx.say(wx.owner, '你好 iAs');
    expect(seen).toEqual([msg]);
    expect(msg.talker().id).toBe(MOCK_IDS.owner);
    expect(msg.room()).toBeUndefined();
    expect(msg.listener()?.id).toBe(MOCK_IDS.self);
    expect(msg.self()).toBe(false);
    expect(msg.text()).toBe('你好 iAs');
    expect(msg.type()).toBe(wx.bot.Message.Type.Text);

    const fromStranger = await wx.say(wx.stranger, 'who are you');
    expect(fromStranger.talker().id).toBe(MOCK_IDS.stranger);
    expect(wx.sent).toEqual([]);
  });

  it('delivers a group message with the room set and mentions', async () => {
    wx = await startMockWeChat();
    const msg = await wx.sayInGroup(wx.stranger, 'hello group');
    expect(msg.room()?.id).toBe(MOCK_IDS.group);
    expect(msg.talker().id).toBe(MOCK_IDS.stranger);
    expect(msg.listener()).toBeUndefined();
    expect(msg.self()).toBe(false);
    expect(await msg.mentionSelf()).toBe(false);

    const mention = await wx.sayInGroup(wx.owner, '@iAs Bot do it', [wx.self]);
    expect(mention.room()?.id).toBe(MOCK_IDS.group);
    expect(await mention.mentionSelf()).toBe(true);
    expect(mention.text()).toBe('@iAs Bot do it');
  });

  it("records the bot's own sends in `sent`, which also come back as self() messages", async () => {
    wx = await startMockWeChat();
    const own: Message[] = [];
    wx.bot.on('message', (m) => {
      if (m.self()) own.push(m);
    });
    const owner = await wx.bot.Contact.find({ id: MOCK_IDS.owner });
    if (!owner) throw new Error('owner not found');
    expect(await owner.say('reply to owner')).toBeUndefined(); // the mock's send returns no message id
    expect(wx.sent).toEqual([{ to: MOCK_IDS.owner, text: 'reply to owner' }]); // recorded before say() resolves

    const room = await wx.bot.Room.find({ id: MOCK_IDS.group });
    await room?.say('hello room');
    await expect(wx.waitForSent((m) => m.to === MOCK_IDS.group)).resolves.toEqual({
      to: MOCK_IDS.group,
      text: 'hello room',
    });

    // waitForSent also waits for sends that have not happened yet.
    const later = wx.waitForSent((m) => m.text === 'later', 1000);
    setTimeout(() => void owner.say('later'), 20);
    await expect(later).resolves.toEqual({ to: MOCK_IDS.owner, text: 'later' });
    await expect(wx.waitForSent((m) => m.text === 'never', 50)).rejects.toThrow(/timed out after 50 ms/);

    await expect.poll(() => own.map((m) => m.text())).toEqual(['reply to owner', 'hello room', 'later']);
    expect(own.every((m) => m.talker().id === MOCK_IDS.self)).toBe(true);
  });

  it("turns the account's own typing into filehelper into self() messages to 'filehelper'", async () => {
    wx = await startMockWeChat();
    const msg = await wx.sayToFilehelper('summarise my day');
    expect(msg.self()).toBe(true);
    expect(msg.talker().id).toBe(MOCK_IDS.self);
    expect(msg.listener()?.id).toBe('filehelper');
    expect(msg.room()).toBeUndefined();
    expect(msg.text()).toBe('summarise my day');
    expect(wx.sent).toEqual([]); // scripted, not sent by the bot

    // The bot's reply to filehelper looks exactly like the account's typing: the app must tell them apart itself.
    const replies: Message[] = [];
    wx.bot.on('message', (m) => {
      if (m.self() && m.listener()?.id === 'filehelper') replies.push(m);
    });
    const filehelper = await wx.bot.Contact.find({ id: 'filehelper' });
    await filehelper?.say('here is your summary');
    expect(wx.sent).toEqual([{ to: 'filehelper', text: 'here is your summary' }]);
    await expect.poll(() => replies.map((m) => m.text())).toEqual(['here is your summary']);
  });

  it("is logged out by WeChat: 'logout' fires and isLoggedIn becomes false; can log in again", async () => {
    wx = await startMockWeChat();
    const logouts: { id: string; reason: string | undefined; loggedInDuringEvent: boolean }[] = [];
    wx.bot.on('logout', (user, reason) => {
      logouts.push({ id: user.id, reason, loggedInDuringEvent: wx?.bot.isLoggedIn ?? false });
    });
    await wx.logout('kicked out');
    expect(wx.bot.isLoggedIn).toBe(false);
    // The puppet clears the user only on the next setImmediate, so a 'logout' listener still sees isLoggedIn true.
    expect(logouts).toEqual([{ id: MOCK_IDS.self, reason: 'kicked out', loggedInDuringEvent: true }]);

    await wx.login();
    expect(wx.bot.isLoggedIn).toBe(true);
    const msg = await wx.say(wx.owner, 'back?');
    expect(msg.talker().id).toBe(MOCK_IDS.owner);
  });

  it('bot.logout() from the app also emits logout', async () => {
    wx = await startMockWeChat();
    const logouts: string[] = [];
    wx.bot.on('logout', (user) => {
      logouts.push(user.id);
    });
    await wx.bot.logout();
    expect(wx.bot.isLoggedIn).toBe(false);
    await expect.poll(() => logouts).toEqual([MOCK_IDS.self]);
  });

  it('stop() emits a last logout, leaves no timers and no process-wide handlers', async () => {
    const before = timers();
    const handlers = (): number[] => [
      process.listenerCount('unhandledRejection'),
      process.listenerCount('uncaughtException'),
    ];
    const handlersBefore = handlers();
    wx = await startMockWeChat();
    expect(timers()).toBeGreaterThan(before); // wechaty's 1-hour keep-alive interval
    const logouts: (string | undefined)[] = [];
    wx.bot.on('logout', (_user, reason) => {
      logouts.push(reason);
    });
    await wx.say(wx.owner, 'hi');
    await wx.stop();
    expect(logouts).toEqual(['puppet stop()']);
    expect(wx.bot.isLoggedIn).toBe(false);
    expect(wx.bot.state.inactive()).toBe(true);
    expect(timers()).toBe(before);
    expect(handlers()).toEqual(handlersBefore);
    await wx.stop(); // idempotent
  });

  it('gives each world its own mocker, so fixed ids can be reused', async () => {
    const first = await startMockWeChat();
    const second = await startMockWeChat();
    try {
      const a = await first.say(first.owner, 'one');
      const b = await second.say(second.owner, 'two');
      expect(a.talker().id).toBe(b.talker().id);
      expect(first.mocker).not.toBe(second.mocker);
    } finally {
      await first.stop();
      await second.stop();
    }
  });
});

describe('puppet failures (how the app can stay up)', () => {
  it('a puppet whose start() rejects: bot.start() resolves, error emitted, never logged in', async () => {
    const bot = WechatyBuilder.build({ puppet: failingPuppet('no network', 'start') });
    const errors: string[] = [];
    bot.on('error', (e) => {
      errors.push(e.message);
    });
    await expect(bot.start()).resolves.toBeUndefined();
    expect(errors).toEqual(['no network']);
    expect(bot.state.active()).toBe(true);
    expect(bot.puppet.state.active()).toBe(false);
    expect(bot.isLoggedIn).toBe(false);
    await bot.stop();
    expect(bot.state.inactive()).toBe(true);
  });

  it('a puppet whose onStart() rejects: bot.start() resolves after ~5 s with three errors', async () => {
    const bot = WechatyBuilder.build({ puppet: failingPuppet('no network') });
    const errors: string[] = [];
    bot.on('error', (e) => {
      errors.push(e.message);
    });
    const t0 = Date.now();
    await expect(bot.start()).resolves.toBeUndefined();
    expect(Date.now() - t0).toBeGreaterThanOrEqual(4900);
    expect(errors).toEqual(['no network', 'Timeout after 5000 ms', 'no network']);
    expect(bot.state.active()).toBe(true);
    expect(bot.puppet.state.active()).toBe(false);
    await bot.stop();
    expect(bot.state.inactive()).toBe(true);
  }, 15_000);

  it("without an 'error' listener, a failing start() rejects and a later puppet error throws", async () => {
    const bot = WechatyBuilder.build({ puppet: failingPuppet('no network', 'start') });
    await expect(bot.start()).rejects.toThrow('no network');
    expect(bot.state.active()).toBe('pending'); // stuck: bot.stop() would wait 5 s and reject

    const mocker = new mock.Mocker();
    const puppet = new PuppetMock({ mocker });
    const healthy = WechatyBuilder.build({ puppet });
    await healthy.start();
    try {
      // From a timer or socket callback this would be an uncaught exception.
      expect(() => puppet.emit('error', new Error('connection lost'))).toThrow('connection lost');
      const errors: string[] = [];
      healthy.on('error', (e) => {
        errors.push(e.message);
      });
      puppet.emit('error', new Error('connection lost'));
      expect(errors).toEqual(['connection lost']);
    } finally {
      await healthy.stop();
    }
  });
});
