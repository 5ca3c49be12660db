/**
 * Approvals over WeChat: messages to the owner (a paired contact, or 文件传输助手 when the bot is
 * the owner's own account), and the owner's direct replies. Messages are handed to the router, which
 * gives them to the gate before anything else. A paired contact this login cannot find (contact ids
 * can change with each login) is recorded, and approvals go to the next channel until it is found or
 * the owner pairs again: never to a contact matched by name.
 */
import { EventEmitter } from 'node:events';
import type { Contact, Message as WechatMessage, Wechaty } from 'wechaty';
import type { ApprovalChannel, IncomingMessage } from '../approval/channel.js';
import { OneAtATime } from '../one-at-a-time.js';
import type { WechatBot } from './wechat-bot.js';
import type { WechatSettings } from './wechat-settings.js';

export const FILEHELPER = 'filehelper';
const ECHO_WINDOW_MS = 5 * 60_000;
/** How long one message to the owner may hold up the next. */
const SEND_HOLD_MS = 30_000;

export class WechatChannel implements ApprovalChannel {
  readonly name = 'wechat';
  readonly inApp = false;
  /** The router delivers this channel's messages to the gate, first. */
  readonly routed = true;
  private readonly events = new EventEmitter<{ message: [IncomingMessage]; unreadable: [string] }>();
  /**
   * What the bot itself sent to 文件传输助手 recently, with when, once per time it was sent: its
   * echoes are not the owner's replies. A text sent twice (a reply split into identical pieces)
   * comes back twice, so each echo takes one of its sends.
   */
  private readonly echoes = new Map<string, number[]>();
  /**
   * The owner gets messages in the order they were sent: each goes out once the one before it has
   * gone (or failed), so a slow notice is never overtaken by the next approval's request. A send
   * stuck past SEND_HOLD_MS stops holding up the rest (later approvals would lapse behind it).
   */
  private readonly sends = new OneAtATime(SEND_HOLD_MS);
  /** Counts lookups of the owner's contact: only the latest one's answer is recorded. */
  private lookups = 0;
  /**
   * The paired contact, once this login found it (its payload came): later sends need not ask the
   * contact list first again (a remote call for a puppet behind a service). Forgotten at any
   * change of the bot's state (a login gives contacts new ids).
   */
  private listed?: { bot: Wechaty; id: string };

  constructor(
    private readonly bot: WechatBot,
    private readonly settings: WechatSettings,
  ) {
    bot.on('status', () => {
      this.listed = undefined;
    });
    bot.on('message', (message) => {
      const incoming = this.toIncoming(message);
      if (incoming) this.events.emit('message', incoming);
      else if (this.unreadable(message)) this.events.emit('unreadable', message.talker().id);
    });
  }

  private owner() {
    return this.settings.owner();
  }

  isConnected(): boolean {
    return (
      this.bot.status.state === 'logged-in' &&
      this.owner() !== undefined &&
      this.bot.bot?.isLoggedIn === true &&
      !this.settings.ownerMissing()
    );
  }

  ownerAddress(): string | undefined {
    const owner = this.owner();
    if (!owner) return undefined;
    return owner.mode === 'contact' ? owner.contactId : this.bot.status.user?.id;
  }

  /** Sends `text` after every message sent before it; resolves or rejects as its own send does. */
  sendToOwner(text: string): Promise<void> {
    return this.sends.run(() => this.send(text));
  }

  private async send(text: string): Promise<void> {
    const bot = this.bot.bot;
    const owner = this.owner();
    if (!bot?.isLoggedIn || !owner) throw new Error('WeChat is not connected');
    const to = owner.mode === 'contact' ? owner.contactId : FILEHELPER;
    const contact = await this.lookUp(bot, to);
    if (!contact) throw new Error(`the owner's WeChat contact ${to} cannot be found`);
    if (owner.mode === 'self') this.rememberEcho(text);
    await contact.say(text);
  }

  /** Looks the paired contact up in this login (after it, and when the contact list is complete). */
  async checkOwner(): Promise<void> {
    try {
      const bot = this.bot.bot;
      const owner = this.owner();
      if (bot?.isLoggedIn && owner?.mode === 'contact') await this.lookUp(bot, owner.contactId);
    } catch {
      // WeChat or the database cannot answer now: what was recorded stands.
    }
  }

  /**
   * A contact of this login, or undefined when WeChat does not know it (or cannot say). Asked of the
   * puppet first: Wechaty's own lookup reports an unknown id as the bot's error, which would restart
   * the bot. What the latest lookup of the paired contact says, while this login lasts, is recorded,
   * unless WeChat could not say.
   */
  private async lookUp(bot: Wechaty, id: string): Promise<Contact | undefined> {
    const lookup = ++this.lookups;
    const owner = this.owner();
    const paired = owner?.mode === 'contact' && owner.contactId === id;
    const listedBefore = this.listed?.bot === bot && this.listed.id === id;
    const found = await knownContact(bot, id, paired && !listedBefore);
    const current = lookup === this.lookups && this.bot.bot === bot && bot.isLoggedIn;
    if (current && paired && found === true) this.listed = { bot, id };
    else if (found !== true && listedBefore) this.listed = undefined;
    if (current && found !== undefined && owner?.mode === 'contact' && owner.contactId === id) {
      try {
        this.settings.setOwnerFound(owner, found);
      } catch {
        // Not recorded (the database refused it): the message goes or fails as it would have.
      }
    }
    return found ? bot.Contact.find({ id }) : undefined;
  }

  onMessage(handler: (message: IncomingMessage) => void): () => void {
    this.events.on('message', handler);
    return () => this.events.off('message', handler);
  }

  /**
   * Subscribes to what a contact sent the bot in a direct chat that iAs cannot read (a voice
   * message, a picture, a file…), by the sender's id; returns the unsubscribe function.
   */
  onUnreadable(handler: (from: string) => void): () => void {
    this.events.on('unreadable', handler);
    return () => this.events.off('unreadable', handler);
  }

  /**
   * Whether a message is one a person sent to be read that has no text (not a sticker, a recall or
   * WeChat's own notes), from a contact in a direct chat: never the account's own sends (in
   * own-account mode, files put in 文件传输助手 are the owner's own business).
   */
  private unreadable(message: WechatMessage): boolean {
    const bot = this.bot.bot;
    if (!bot || message.self() || message.room()) return false;
    const { Audio, Image, Video, Attachment, Url, Location, ChatHistory } = bot.Message.Type;
    return [Audio, Image, Video, Attachment, Url, Location, ChatHistory].includes(message.type());
  }

  private rememberEcho(text: string): void {
    const now = Date.now();
    for (const [t, times] of this.echoes) {
      const recent = times.filter((at) => now - at <= ECHO_WINDOW_MS);
      if (recent.length > 0) this.echoes.set(t, recent);
      else this.echoes.delete(t);
    }
    this.echoes.set(text, [...(this.echoes.get(text) ?? []), now]);
  }

  /** Whether `text` is an echo of one of the bot's own sends (then that send is spent). */
  private takeEcho(text: string): boolean {
    const times = this.echoes.get(text);
    if (!times) return false;
    times.shift();
    if (times.length === 0) this.echoes.delete(text);
    return true;
  }

  /** A WeChat message as the gate and the router see it; undefined for what is not for us. */
  private toIncoming(message: WechatMessage): IncomingMessage | undefined {
    const bot = this.bot.bot;
    if (!bot || message.type() !== bot.Message.Type.Text) return undefined;
    const text = message.text();
    if (message.self()) {
      // Only "the bot is my own account" mode: the owner's notes to 文件传输助手 are the replies.
      const owner = this.owner();
      if (owner?.mode !== 'self' || message.listener()?.id !== FILEHELPER || message.room()) return undefined;
      if (this.takeEcho(text)) return undefined;
      return { from: message.talker().id, direct: true, text, ownAccount: true };
    }
    return { from: message.talker().id, direct: !message.room(), text };
  }
}

/**
 * Whether this login knows contact `id`: its payload, else its contact list says. When neither can
 * answer, or the list names a contact whose payload failed (WeChat not answering for a while),
 * nothing is known: undefined, and what was recorded stands. With `listFirst` (the paired contact,
 * until this login's list has named it), the list is asked first: a puppet asked for the payload of
 * an id it does not know may try again for long (wechat4u: about 50 s), and the approval waiting on
 * it would wait as long to go to the desktop. (Other ids, 文件传输助手 among them, need not be in the
 * list.) The list is asked once at most.
 */
async function knownContact(bot: Wechaty, id: string, listFirst: boolean): Promise<boolean | undefined> {
  let list: Promise<boolean> | undefined;
  const listed = () => (list ??= bot.puppet.contactList().then((ids) => ids.includes(id)));
  if (listFirst && (await listed().catch(() => undefined)) === false) return false;
  try {
    await bot.puppet.contactPayload(id);
    return true;
  } catch {
    // Unknown, or WeChat did not answer: its contact list tells which.
  }
  try {
    return (await listed()) ? undefined : false;
  } catch {
    return undefined;
  }
}
