/**
 * The desktop fallback for approvals: a notification (native in the app, in the browser for the
 * web UI, on the terminal for `ias chat`) and the in-app approval card, where the owner approves or
 * rejects with a button. No code travels this way.
 */
import { EventEmitter } from 'node:events';
import type { ApprovalMessageCode } from '../../shared/approval-messages.js';
import { approvalNotification } from '../../shared/approval-notice.js';
import type { Locale } from '../../shared/locale.js';
import type { ApprovalChannel, IncomingMessage } from '../approval/channel.js';

/** What the platform offers to get the owner's attention. */
export interface Notifier {
  /** `message`: an approval message's code, for a notifier that says it in the app's language. */
  notify(title: string, body: string, message?: ApprovalMessageCode): void;
}

/**
 * A notifier that says each approval message in the owner's language, as `locale` gives it at the
 * time (the desktop app's native notifications): from the message's code alone, never the gate's
 * bilingual text, so no approval code can show there (and the gate makes none for this channel).
 */
export function inOwnerLanguage(locale: () => Locale, show: (title: string, body: string) => void): Notifier {
  return {
    notify(_title, _body, message) {
      const notice = approvalNotification(locale(), message);
      show(notice.title, notice.body ?? '');
    },
  };
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
