/** How the gate reaches the owner: send text, and hear the owner's replies. One interface for all. */
import type { ApprovalMessageCode } from '../../shared/approval-messages.js';

export interface IncomingMessage {
  /** The sender's address on this channel (a WeChat contact id, "owner" in-process…). */
  from: string;
  /** True for a one-to-one chat; false for a group. */
  direct: boolean;
  text: string;
  /** Sent from the bot's own account (in WeChat: the owner's notes to 文件传输助手 in own-account mode). */
  ownAccount?: true;
}

/** The channel of `ias chat` and `ias tasks run`: the owner answers y/N at the terminal. */
export const TERMINAL_CHANNEL = 'terminal';

export interface ApprovalChannel {
  readonly name: string;
  /**
   * True when the owner decides on this channel with buttons in the app itself (no code is sent):
   * the in-app approval card, used when WeChat is not connected.
   */
  readonly inApp: boolean;
  /**
   * True when a router hands this channel's messages to the gate (and, only if the gate does not
   * take them, to the chat); the gate then does not subscribe to the channel itself.
   */
  readonly routed?: boolean;
  isConnected(): boolean;
  /** The owner's address on this channel: only messages from it, in a direct chat, count. */
  ownerAddress(): string | undefined;
  /**
   * `message`: what the gate's own texts say, as a code with its parameters, for a channel that
   * shows them in the app's language (the in-app card's); others send the text as it is.
   */
  sendToOwner(text: string, message?: ApprovalMessageCode): Promise<void>;
  /** Subscribes to incoming messages; returns the unsubscribe function. */
  onMessage(handler: (message: IncomingMessage) => void): () => void;
}
