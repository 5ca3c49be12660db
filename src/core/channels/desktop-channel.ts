/**
 * The desktop fallback for approvals: a notification (native in the app, in the browser for the
 * web UI, on the terminal for `ias chat`) and the in-app approval card, where the owner approves or
 * rejects with a button. No code travels this way.
 */
import { EventEmitter } from 'node:events';
import type { ApprovalMessageCode } from '../../shared/approval-messages.js';
import type { ApprovalChannel, IncomingMessage } from '../approval/channel.js';

/** What the platform offers to get the owner's attention. */
export interface Notifier {
  /** `message`: an approval message's code, for a notifier that says it in the app's language. */
  notify(title: string, body: string, message?: ApprovalMessageCode): void;
}

export class DesktopChannel implements ApprovalChannel {
  readonly name = 'desktop';
  readonly inApp = true;
  private readonly events = new EventEmitter<{ message: [IncomingMessage] }>();

  constructor(private readonly notifier: Notifier) {}

  isConnected(): boolean {
    return true;
  }

  ownerAddress(): string {
    return 'owner';
  }

  async sendToOwner(text: string, message?: ApprovalMessageCode): Promise<void> {
    const [title, ...body] = text.split('\n');
    this.notifier.notify(title ?? 'iAs', body.join('\n'), message);
  }

  onMessage(handler: (message: IncomingMessage) => void): () => void {
    this.events.on('message', handler);
    return () => this.events.off('message', handler);
  }
}
