/**
 * An approval channel inside the process: used by tests (a stand-in owner who reads messages and
 * types replies) and, with `inApp`, by the app's own approval card.
 */
import { EventEmitter } from 'node:events';
import type { ApprovalChannel, IncomingMessage } from './channel.js';

export interface InProcessChannelOptions {
  name?: string;
  owner?: string;
  inApp?: boolean;
}

export class InProcessChannel implements ApprovalChannel {
  readonly name: string;
  readonly inApp: boolean;
  /** Everything sent to the owner, oldest first. */
  readonly outbox: string[] = [];
  connected = true;
  private readonly owner: string;
  private readonly events = new EventEmitter<{ message: [IncomingMessage]; sent: [string] }>();

  constructor(options: InProcessChannelOptions = {}) {
    this.name = options.name ?? 'in-process';
    this.owner = options.owner ?? 'owner';
    this.inApp = options.inApp ?? false;
  }

  isConnected(): boolean {
    return this.connected;
  }

  ownerAddress(): string {
    return this.owner;
  }

  async sendToOwner(text: string): Promise<void> {
    if (!this.connected) throw new Error(`${this.name} is not connected`);
    this.outbox.push(text);
    this.events.emit('sent', text);
  }

  onMessage(handler: (message: IncomingMessage) => void): () => void {
    this.events.on('message', handler);
    return () => this.events.off('message', handler);
  }

  /** Delivers a message as if someone typed it (the owner unless `from` says otherwise). */
  reply(text: string, options: { from?: string; direct?: boolean } = {}): void {
    this.events.emit('message', { from: options.from ?? this.owner, direct: options.direct ?? true, text });
  }

  /** Resolves with the next message sent to the owner (that matches `pattern`, when given). */
  nextSent(pattern?: RegExp): Promise<string> {
    return new Promise((resolve) => {
      const listener = (text: string) => {
        if (pattern && !pattern.test(text)) return;
        this.events.off('sent', listener);
        resolve(text);
      };
      this.events.on('sent', listener);
    });
  }
}
