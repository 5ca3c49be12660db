/**
 * A real `Wechaty` bot on `wechaty-puppet-mock`, plus a scripted world: the bot's own account (`self`), an `owner`,
 * a `stranger`, a `group` (room with all three) and WeChat's 文件传输助手 (`filehelper`, id 'filehelper').
 *
 * ```ts
 * const wx = await startMockWeChat();            // started and logged in as `self`
 * wx.bot.on('message', handler);                 // or hand `wx.bot` / `wx.puppet` to the code under test
 * const msg = await wx.say(wx.owner, 'hi');      // resolves once the bot has emitted 'message' for it
 * await wx.waitForSent((m) => m.to === wx.owner.id);
 * await wx.stop();
 * ```
 *
 * How the mock works (wechaty-puppet-mock 1.19.4, wechaty 1.20.2, wechaty-puppet 1.21.3):
 * - `ContactMock.say(text).to(contactOrRoom)` builds a message payload, stores it in the `Mocker`, emits 'message' on
 *   the talker / listener / room mocks (synchronously) and then `puppet.emit('message', { messageId })`. Wechaty turns
 *   that into its own 'message' event asynchronously (it first loads the payload), so a bare `say().to()` has not
 *   reached the bot when it returns; `say()`/`sayInGroup()` below wait for it.
 * - The bot's own account is just a `ContactMock` passed to `mocker.login(contact)` (the puppet's `currentUserId`).
 *   When the bot sends (`contact.say()`, `room.say()`), `PuppetMock.messageSendText` does `self.say(text).to(conv)`:
 *   the same path, so the bot's own sends come back as wechaty 'message' events with `msg.self() === true`.
 *   Conversation ids containing '@' are loaded as rooms, anything else as contacts: room ids must contain '@'.
 *   `messageSendText` resolves to `undefined` (no message id), so `contact.say()` resolves to `undefined` too.
 * - `sent` is observed from the `self` mock's own 'message' event (talker = self), not by patching anything.
 *
 * (1) A puppet that fails at start-up (measured, see wechat-mock.test.ts):
 * - `onStart()` rejects (the normal place for a puppet's start code): the puppet's service control emits 'error',
 *   then stops itself, waiting 5 s for a state that never comes ("Timeout after 5000 ms"). With a `bot.on('error')`
 *   listener, `bot.start()` RESOLVES after ~5 s, having emitted 'error' three times ('boom', 'Timeout after 5000 ms',
 *   'boom'); the bot says it is started (`bot.state.active() === true`) while `bot.puppet.state.active() === false`
 *   and it never logs in. `bot.stop()` afterwards is quick and clean.
 * - `start()` itself rejects: `bot.start()` resolves at once after one 'error'; same state as above.
 * - `onStart()` never settles: `bot.start()` resolves after 15 s with NO 'error' (only a log.warn), the puppet stays
 *   'pending'; `bot.stop()` then takes 5 s and emits one 'error' ('Timeout after 5000 ms').
 * - The puppet emits 'error' later: the bot re-emits it as 'error' (a GError with the same message).
 * - WITHOUT a `bot.on('error')` listener every one of those emits throws: `bot.start()` rejects (GError 'boom'), and
 *   leaves the bot stuck in 'starting' (a later `bot.stop()` rejects after 5 s); an 'error' the puppet emits from a
 *   timer or socket callback becomes an uncaught exception that kills the process.
 * So, to stay up: attach `bot.on('error', …)` BEFORE `bot.start()`, also wrap `start()` in try/catch, and decide
 * "the channel works" from `bot.puppet.state.active() === true` / the 'login' event, never from `start()` resolving.
 * (The default wechat4u puppet's uncaught TypeError without network is a different failure, outside these paths.)
 *
 * (2) The bot's own messages to filehelper ("the bot is the owner's own account" mode): supported.
 * `self.say(text).to(filehelper)` (here: `sayToFilehelper(text)`) is what WeChat delivers when the account's human
 * types into 文件传输助手 on the phone: the bot gets 'message' with `self() === true`, `talker().id === self.id`,
 * `listener().id === 'filehelper'`, `room() === undefined`. Gotcha: the bot's own replies sent to filehelper
 * (`(await bot.Contact.find({ id: 'filehelper' })).say(…)`) arrive the same way and are indistinguishable by event;
 * since the mock's send returns no message id, the app must recognise its own replies itself (e.g. remember the
 * texts it just sent, or prefix them) or it will answer itself in a loop. `sayToFilehelper` messages are not in `sent`.
 *
 * (3) Process-wide effects: importing wechaty installs `process.on('unhandledRejection')` and
 * `process.on('uncaughtException')` (which only logs, so it also SWALLOWS crashes) only when WECHATY_LOG is 'verbose'
 * or 'silly' at import time; otherwise none (checked before/after import, start, login and stop). Raven/Sentry would
 * install handlers only if the `raven` package were installed and WECHATY_RAVEN_DSN set; it is not installed. While
 * running, the bot holds a 1-hour `setInterval` (keeps the process alive — a started bot that is never stopped keeps
 * Node running) and the puppet a watchdog that only arms on 'heartbeat' (the mock never sends one). `bot.stop()`
 * clears them on `setImmediate`, i.e. just after it resolves; `stop()` below waits for that. After it nothing of
 * wechaty's is left active. `bot.stop()` while logged in emits 'logout' (reason 'puppet stop()') first. No files are
 * written (no `name` option means no memory-card file).
 */
import { WechatyBuilder, type Message, type Wechaty } from 'wechaty';
import { PuppetMock, mock } from 'wechaty-puppet-mock';

export type ContactMock = mock.ContactMock;
export type RoomMock = mock.RoomMock;

export const MOCK_IDS = {
  self: 'wxid_ias_self',
  owner: 'wxid_ias_owner',
  stranger: 'wxid_ias_stranger',
  filehelper: 'filehelper',
  group: 'ias-group@chatroom',
} as const;

export interface SentMessage {
  /** Contact id, or room id for a room message. */
  to: string;
  /** '' for a file. */
  text: string;
  /** File name, when the bot sent a FileBox. */
  file?: string;
}

export interface MockWeChat {
  /** A real Wechaty instance, started and (unless `login: false`) logged in as `self`. */
  bot: Wechaty;
  puppet: PuppetMock;
  mocker: mock.Mocker;
  /** The bot's own account. */
  self: ContactMock;
  owner: ContactMock;
  stranger: ContactMock;
  /** Room 'ias-group@chatroom' with self, owner and stranger. */
  group: RoomMock;
  /** 文件传输助手, id 'filehelper'. */
  filehelper: ContactMock;
  /** Everything the bot sent, in order. Clear with `sent.length = 0`. */
  sent: SentMessage[];
  /** Every 'error' the bot emitted (the helper listens, so errors never throw; see (1) above). */
  errors: Error[];
  /** The first entry of `sent` (already there or still to come) that matches. Default timeout 10 s. */
  waitForSent(predicate: (m: SentMessage) => boolean, timeoutMs?: number): Promise<SentMessage>;
  /** `from` sends a direct text to the bot; resolves with the bot's Message once the bot has emitted it. */
  say(from: ContactMock, text: string): Promise<Message>;
  /** `from` says `text` in the group, mentioning `mentions` (only `mentionIdList`: add '@Name ' to `text` yourself). */
  sayInGroup(from: ContactMock, text: string, mentions?: ContactMock[]): Promise<Message>;
  /** The account's human types `text` into 文件传输助手 (talker = self, listener = filehelper). Not added to `sent`. */
  sayToFilehelper(text: string): Promise<Message>;
  /** Emit a 'scan' (QR code) event, e.g. with `login: false`. */
  scan(qrcode: string): void;
  /** Log in as `self`; resolves on the bot's 'login'. Throws if already logged in. */
  login(): Promise<void>;
  /** WeChat logs the bot out (puppet-side, as when kicked); resolves after 'logout' and `bot.isLoggedIn === false`. */
  logout(reason?: string): Promise<void>;
  /** `bot.stop()` and wait for wechaty's deferred timer cleanup. Idempotent. */
  stop(): Promise<void>;
}

export interface MockWeChatOptions {
  /** Log in as `self` during start (default true). */
  login?: boolean;
  /**
   * Per-event wait limit for the helper's own waits (default 10 s: a wait ends as soon as its event
   * comes, and an owner's message answered by the model, over HTTP, can take seconds on a loaded CI).
   */
  timeoutMs?: number;
  /**
   * Builds and starts the bot on the mock puppet (the code under test does, e.g. iAs's WechatBot);
   * by default the helper builds and starts a plain Wechaty itself.
   */
  startBot?: (puppet: PuppetMock) => Promise<Wechaty>;
}

const nextTick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`wechat-mock: timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export async function startMockWeChat(options: MockWeChatOptions = {}): Promise<MockWeChat> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const mocker = new mock.Mocker();
  const self = mocker.createContact({ id: MOCK_IDS.self, name: 'iAs Bot' });
  const owner = mocker.createContact({ id: MOCK_IDS.owner, name: 'Owner' });
  const stranger = mocker.createContact({ id: MOCK_IDS.stranger, name: 'Stranger' });
  const filehelper = mocker.createContact({ id: MOCK_IDS.filehelper, name: '文件传输助手' });
  const group = mocker.createRoom({
    id: MOCK_IDS.group,
    topic: 'iAs Test Group',
    memberIdList: [self.id, owner.id, stranger.id],
    ownerId: owner.id,
  });
  const puppet = new PuppetMock({ mocker });
  const bot = options.startBot ? await options.startBot(puppet) : WechatyBuilder.build({ puppet });

  const errors: Error[] = [];
  bot.on('error', (e) => {
    errors.push(e);
  });

  // Messages the bot has emitted, and who waits for which.
  const arrived = new Map<string, Message>();
  const arrivalWaiters = new Map<string, (m: Message) => void>();
  bot.on('message', (m) => {
    arrived.set(m.id, m);
    arrivalWaiters.get(m.id)?.(m);
    arrivalWaiters.delete(m.id);
  });

  const sent: SentMessage[] = [];
  const sentWaiters = new Set<(m: SentMessage) => void>();
  let scripting = false; // true while the script itself speaks as `self` (filehelper), so it is not recorded as sent
  self.on('message', (m) => {
    if (scripting || m.payload.talkerId !== self.id) return;
    const to = m.room()?.id ?? m.listener()?.id ?? '';
    const file = mocker.cacheFileBoxPayload.get(m.id)?.name;
    const entry: SentMessage = { to, text: m.text() ?? '', ...(file === undefined ? {} : { file }) };
    sent.push(entry);
    for (const waiter of [...sentWaiters]) waiter(entry);
  });

  /** Run `send` (a synchronous `ContactMock.say().to()`) and wait until the bot emits the message it created. */
  async function deliver(from: ContactMock, send: () => void, what: string): Promise<Message> {
    let id: string | undefined;
    const grab = (m: mock.MessageMock): void => {
      id ??= m.id;
    };
    from.on('message', grab);
    try {
      send();
    } finally {
      from.off('message', grab);
    }
    if (id === undefined) throw new Error(`wechat-mock: no message created for ${what}`);
    const done = arrived.get(id);
    if (done) return done;
    const messageId = id;
    return withTimeout(
      new Promise<Message>((resolve) => arrivalWaiters.set(messageId, resolve)),
      timeoutMs,
      `the bot to receive ${what}`,
    ).finally(() => arrivalWaiters.delete(messageId));
  }

  async function login(): Promise<void> {
    const loggedIn = new Promise<void>((resolve) => bot.once('login', () => resolve()));
    mocker.login(self);
    await withTimeout(loggedIn, timeoutMs, "the bot's 'login'");
  }

  let stopped: Promise<void> | undefined;

  const world: MockWeChat = {
    bot,
    puppet,
    mocker,
    self,
    owner,
    stranger,
    group,
    filehelper,
    sent,
    errors,
    waitForSent(predicate, ms = timeoutMs) {
      const found = sent.find(predicate);
      if (found) return Promise.resolve(found);
      let waiter: ((m: SentMessage) => void) | undefined;
      return withTimeout(
        new Promise<SentMessage>((resolve) => {
          waiter = (m) => {
            if (predicate(m)) resolve(m);
          };
          sentWaiters.add(waiter);
        }),
        ms,
        'a matching sent message',
      ).finally(() => {
        if (waiter) sentWaiters.delete(waiter);
      });
    },
    say(from, text) {
      return deliver(from, () => from.say(text).to(self), `'${text}' from ${from.id}`);
    },
    sayInGroup(from, text, mentions = []) {
      return deliver(from, () => from.say(text, mentions).to(group), `'${text}' from ${from.id} in the group`);
    },
    sayToFilehelper(text) {
      return deliver(
        self,
        () => {
          scripting = true;
          try {
            self.say(text).to(filehelper);
          } finally {
            scripting = false;
          }
        },
        `'${text}' to filehelper`,
      );
    },
    scan(qrcode) {
      mocker.scan(qrcode);
    },
    login,
    async logout(reason = 'logged out by wechat-mock') {
      const loggedOut = new Promise<void>((resolve) => bot.once('logout', () => resolve()));
      // Emits 'logout' synchronously and clears currentUserId on the next setImmediate.
      await puppet.logout(reason);
      await withTimeout(loggedOut, timeoutMs, "the bot's 'logout'");
    },
    stop() {
      stopped ??= (async () => {
        await bot.stop();
        // Wechaty clears its keep-alive interval, and the puppet stops the mocker, on setImmediate after stop().
        await nextTick();
        await nextTick();
      })();
      return stopped;
    },
  };

  if (!options.startBot) await bot.start();
  if (options.login !== false) {
    try {
      await login();
    } catch (e) {
      await world.stop();
      throw e;
    }
  }
  return world;
}

/**
 * A mock puppet whose start-up fails with `message`: `where: 'onStart'` (default, the realistic case: costs ~5 s in
 * `bot.start()`, see (1)) or `where: 'start'` (fails at once). Use it to check that the app stays up.
 */
export function failingPuppet(message = 'puppet failed to start', where: 'onStart' | 'start' = 'onStart'): PuppetMock {
  class FailingPuppetMock extends PuppetMock {
    override async onStart(): Promise<void> {
      throw new Error(message);
    }
  }
  const puppet = new FailingPuppetMock();
  if (where === 'start') {
    // `start` is typed as a property on PuppetMock, so replace it on the instance rather than override it.
    puppet.start = async (): Promise<void> => {
      throw new Error(message);
    };
  }
  return puppet;
}
