/**
 * Approvals over WeChat: messages to the owner (a paired contact, or 文件传输助手 when the bot is
 * the owner's own account), and the owner's direct replies. Messages are handed to the router, which
 * gives them to the gate before anything else.
 */
import { EventEmitter } from 'node:events';
import type { Message as WechatMessage } from 'wechaty';
import type { ApprovalChannel, IncomingMessage } from '../approval/channel.js';
import { OneAtATime } from '../one-at-a-time.js';
import type { WechatBot } from './wechat-bot.js';
import type { OwnerBinding } from './wechat-settings.js';

export const FILEHELPER = 'filehelper';
const ECHO_WINDOW_MS = 5 * 60_000;
/** How long one message to the owner may hold up the next. */
const SEND_HOLD_MS = 30_000;

export class WechatChannel implements ApprovalChannel {
  readonly name = 'wechat';
  readonly inApp = false;
  /** The router delivers this channel's messages to the gate, first. */
  readonly routed = true;
  private readonly events = new EventEmitter<{ message: [IncomingMessage] }>();
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

  constructor(
    private readonly bot: WechatBot,
    private readonly owner: () => OwnerBinding | undefined,
  ) {
    bot.on('message', (message) => {
      const incoming = this.toIncoming(message);
      if (incoming) this.events.emit('message', incoming);
    });
  }

  isConnected(): boolean {
    return this.bot.status.state === 'logged-in' && this.owner() !== undefined && this.bot.bot?.isLoggedIn === true;
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
    const contact = await bot.Contact.find({ id: to });
    if (!contact) throw new Error(`the owner's WeChat contact ${to} cannot be found`);
    if (owner.mode === 'self') this.rememberEcho(text);
    await contact.say(text);
  }

  onMessage(handler: (message: IncomingMessage) => void): () => void {
    this.events.on('message', handler);
    return () => this.events.off('message', handler);
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
