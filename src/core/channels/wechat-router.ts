/**
 * Where a WeChat message goes: first to the approval gate (an answer to an approval goes nowhere
 * else), then to owner pairing, then — from the owner only, in a direct chat — to the agent loop,
 * whose reply goes back to WeChat. Groups and strangers reach nothing.
 */
import { EventEmitter } from 'node:events';
import type { Agent, TurnResult } from '../agent/agent.js';
import type { IncomingMessage } from '../approval/channel.js';
import { CODE_IN_CHAT_ERRORS } from '../approval/code-in-chat-errors.js';
import type { ApprovalGate } from '../approval/gate.js';
import { OneAtATime } from '../one-at-a-time.js';
import { PairingSession } from './pairing.js';
import type { WechatBot } from './wechat-bot.js';
import type { WechatChannel } from './wechat-channel.js';
import type { OwnerBinding, WechatSettings } from './wechat-settings.js';
import {
  answeredReply,
  failedTurnReply,
  notTextReply,
  refusalReply,
  thrownReply,
  type OwnerReply,
} from './wechat-replies.js';
import { modelReplyPieces, splitForWechat } from './wechat-text.js';
import type { Locale } from '../../shared/locale.js';

export interface WechatRouterOptions {
  bot: WechatBot;
  channel: WechatChannel;
  gate: ApprovalGate;
  settings: WechatSettings;
  /** The agent that answers the owner's chat messages; without it WeChat only carries approvals. */
  agent?: Agent;
  /** The owner's language, for what iAs itself says in a reply (English when not given). */
  locale?: () => Locale;
}

export class WechatRouter extends EventEmitter<{ paired: [OwnerBinding]; replied: [string] }> {
  private pairing: PairingSession | undefined;
  /** The owner's chat messages, answered one at a time, in the order they came. */
  private readonly chats = new OneAtATime();
  /** Messages on their way to the gate, pairing or the chat queue. */
  private readonly routing = new Set<Promise<void>>();
  private readonly unsubscribe: (() => void)[];

  constructor(private readonly options: WechatRouterOptions) {
    super();
    // What cannot be done for a message (the database refusing a write) is left undone, and iAs
    // stays up: a pairing stays open, an answer to an approval can be sent again.
    const track = (routed: Promise<void>) => {
      const tracked: Promise<void> = routed.catch(() => undefined).finally(() => this.routing.delete(tracked));
      this.routing.add(tracked);
    };
    this.unsubscribe = [
      options.channel.onMessage((message) => track(this.route(message))),
      // The owner's voice message, picture or file: answered, never met with silence (a code said
      // aloud would leave its approval to lapse without a word). Nobody else is answered.
      options.channel.onUnreadable((from) => {
        if (from === options.channel.ownerAddress()) track(this.tell(notTextReply(this.options.locale?.() ?? 'en')));
      }),
    ];
  }

  close(): void {
    for (const off of this.unsubscribe) off();
  }

  /** Starts pairing (from the app or `ias wechat pair` only): the owner sends this code to the bot. */
  startPairing(): PairingSession {
    this.pairing = new PairingSession();
    return this.pairing;
  }

  /** A pairing under way ends (the bot logged out): its code binds nobody. */
  endPairing(): void {
    this.pairing = undefined;
  }

  /** "The bot is my own account": approvals go to 文件传输助手 and my notes there are the replies. */
  bindSelf(): OwnerBinding {
    const owner: OwnerBinding = { mode: 'self', boundAt: Date.now() };
    this.options.settings.setOwner(owner);
    this.pairing = undefined;
    this.emit('paired', owner);
    return owner;
  }

  /** Waits for the messages and chats in flight (tests, shutdown). */
  async idle(): Promise<void> {
    await Promise.all([...this.routing]);
    await this.chats.idle();
  }

  private async route(message: IncomingMessage): Promise<void> {
    const { channel, gate } = this.options;
    if (await gate.handleMessage(channel, message)) return;
    if (this.pairing && message.direct && this.pairing.matches(message.text)) {
      // The bot's own account (its notes to 文件传输助手) is no contact to pair: the code stays open
      // for the owner's, and goes nowhere else. Told by the message itself, not by the bot's status,
      // which names no account while it reconnects.
      if (!message.ownAccount) await this.pair(message.from);
      return;
    }
    if (!message.direct || message.from !== channel.ownerAddress() || !this.options.agent) return;
    void this.chats.run(() => this.chat(message.text));
  }

  private async pair(contactId: string): Promise<void> {
    // The contact's name is only for showing: the id alone pairs, when WeChat cannot look it up now.
    const contact = await this.options.bot.bot?.Contact.find({ id: contactId }).catch(() => undefined);
    const owner: OwnerBinding = { mode: 'contact', contactId, name: contact?.name() ?? contactId, boundAt: Date.now() };
    this.options.settings.setOwner(owner);
    this.pairing = undefined;
    // Paired whether or not the confirmation gets through; told after it (`ias wechat pair` then stops the bot).
    await this.tell('已绑定：你是 iAs 的主人，确认请求会发到这里。Paired: approvals will come here.');
    this.emit('paired', owner);
  }

  /** Says `text` to the owner; like the gate's notices, one that cannot be delivered changes nothing. */
  private async tell(text: string): Promise<void> {
    try {
      await this.options.channel.sendToOwner(text);
    } catch {
      // WeChat cannot reach the owner now: what was done stands.
    }
  }

  /**
   * WeChat's conversation to go on with; none once the owner has deleted it (in the app, `ias`), so
   * the next message begins a new one.
   */
  private conversation(agent: Agent): string | undefined {
    const { settings } = this.options;
    const id = settings.conversation();
    if (id === undefined || agent.hasConversation(id)) return id;
    settings.setConversation(undefined);
    return undefined;
  }

  private async chat(text: string): Promise<void> {
    const { agent, settings, gate } = this.options;
    if (!agent) return;
    const locale = this.options.locale?.() ?? 'en';
    // Kept from the model, as the app keeps it (the agent refuses it too): it may hold a code.
    const held = gate.holdsCode(text);
    if (held) {
      await this.reply({ text: refusalReply(locale, CODE_IN_CHAT_ERRORS[held], {}) });
      return;
    }
    let turn: TurnResult;
    try {
      turn = await agent.send(text, {
        conversationId: this.conversation(agent),
        // Kept from the moment the message is stored: a turn that then fails in iAs leaves its
        // failure in this conversation, and the next message goes on with it.
        onBegun: (id) => settings.setConversation(id),
      });
    } catch (err) {
      // Refused, or failed before it could end: the owner is told why, never left without a word.
      await this.reply(thrownReply(locale, err));
      return;
    }
    // What came before a failure (text cut mid-reply, an earlier round's) is the owner's, as in the app.
    const answered = answeredReply(locale, turn);
    if (answered.text || !turn.error) await this.reply(answered);
    if (turn.error) await this.reply(failedTurnReply(locale, turn.error, turn.errorCode));
  }

  /**
   * Sends a reply to the owner's message, in pieces WeChat takes. One that quotes words iAs did not
   * write (the model's, a provider's error) comes under its warning when it reads like iAs's own
   * messages: it shares the chat with approval requests.
   */
  private async reply({ text, warning }: OwnerReply): Promise<void> {
    const pieces = warning ? modelReplyPieces(text, warning) : splitForWechat(text);
    for (const piece of pieces) await this.options.channel.sendToOwner(piece);
    this.emit('replied', text);
  }
}
