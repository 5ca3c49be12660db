/**
 * How many 6-digit windows of chat messages are compared with a pending approval's code. Each
 * comparison answers "is this the code?" (a message holding it is refused as `code-in-chat`), so
 * without a limit a message of 100,000 digits would test 100,000 codes at once, and a handful of
 * them would find a code among the 1,000,000 within its 5 minutes. Each approval gets a budget of
 * distinct windows over its life: once a message would go past it, that message and every later
 * one with 6 digits or more is held while that approval waits, without comparing, so the answer no
 * longer depends on the code.
 *
 * The budget is kept with the approval in SQLite (ApprovalsRepo.takeChatWindows, one write
 * transaction), so every iAs process on the data folder (the app, `ias serve`, `ias chat`) spends
 * the same one: typing into two of them does not buy twice the windows, and a process started
 * while the approval waits finds it as spent as it is. The windows are stored as HMACs under the
 * approval key, bound to the approval and apart from the code's own HMAC, so the database shows
 * neither the numbers compared nor whether the code was among them. A process with another key
 * (the app's, in the keychain) counts the same number again under its own HMAC: the shared budget
 * only gets tighter. When the budget cannot be written (the file busy past its wait), the message
 * is held as if it were spent, and nothing is compared.
 */
import { createHmac } from 'node:crypto';
import type { ApprovalsRepo } from '../store/approvals-repo.js';

/** Distinct 6-digit windows compared with one approval's code: a phone number and an order id fit. */
export const CHAT_CODE_BUDGET = 20;

/** A window as stored with approval `approvalId`: an HMAC that reveals no digits. */
export function windowHmac(key: Buffer, approvalId: string, window: string): string {
  return createHmac('sha256', key).update(['ias-chat-window-v1', approvalId, window].join('\0')).digest('hex');
}

export class ChatCodeBudget {
  constructor(
    private readonly approvals: Pick<ApprovalsRepo, 'takeChatWindows'>,
    private readonly key: Buffer,
    private readonly limit = CHAT_CODE_BUDGET,
  ) {}

  /**
   * Whether `candidates` (a message's 6-digit windows) may be compared with the code of pending
   * approval `approvalId`; they are then counted (a window compared before, by any iAs process
   * with this key, costs nothing). False once the budget is spent, and from then on for that
   * approval, in every process.
   */
  take(approvalId: string, candidates: readonly string[]): boolean {
    // More distinct windows than the budget spend it, whatever was counted before: the first
    // `limit + 1` say so as well as all of them, and a long run of digits costs no more HMACs.
    const distinct = new Set<string>();
    for (const candidate of candidates) {
      distinct.add(candidate);
      if (distinct.size > this.limit) break;
    }
    const windows = [...distinct].map((c) => windowHmac(this.key, approvalId, c));
    try {
      return this.approvals.takeChatWindows(approvalId, windows, this.limit);
    } catch {
      // Not counted (the file busy past its wait, or unwritable): held, never compared unbudgeted.
      // The message is refused as held, and the next one tries the budget again.
      return false;
    }
  }
}
