/**
 * What the owner types while an approval waits: an answer on the channel the code went to (the
 * code, a cancel word, a wrong try), or a code typed where it must not go (a chat with the model).
 * Only the gate's own callers hear the outcome; codes are compared here, never returned.
 */
import type { ApprovalRow, ApprovalsRepo } from '../store/approvals-repo.js';
import type { ApprovalMessageCode } from '../../shared/approval-messages.js';
import { ChatCodeBudget } from './chat-code-budget.js';
import type { ApprovalChannel, IncomingMessage } from './channel.js';
import { codeBinding, codeCandidates, codeInText, codeMatches, normalizeCodeText } from './code.js';
import * as say from './messages.js';

const CANCEL_WORDS = new Set(['0', '取消', 'cancel']);
/**
 * A number alone of 4 to 8 digits, in groups or not: while a code waits, the owner meant it as the
 * code (a digit dropped, added or mistyped), so it is no message for the model, which would learn
 * most of the code.
 */
const NEAR_CODE = /^\d(?:[\s.\-·,、_/]*\d){3,7}$/;

/**
 * Why a chat message is kept from the model: it holds the pending approval's code ('code'); it holds
 * 6 digits while another iAs process's approval (whose code cannot be checked here) is pending
 * ('maybe-code'); it holds 6 digits after the approval's budget of compared windows, shared by
 * every iAs process on the data folder, is spent ('held': nothing was compared, see ChatCodeBudget);
 * or it is a number alone, not the code, that WeChat would take for a try at it ('near-code').
 */
export type CodeInChat = 'code' | 'maybe-code' | 'held' | 'near-code';

/** What of the gate the owner's replies work with. */
interface AnsweredGate {
  approvals: ApprovalsRepo;
  /** The install's HMAC key. */
  key: Buffer;
  closed: () => boolean;
  /** The owner's pending approval, if any (the one an answer is for). */
  active: () => ApprovalRow | undefined;
  /** See ExpiryByClock.expireIfDue: true when the approval is no longer answerable. */
  expireIfDue: (row: ApprovalRow) => boolean;
  waitsFor: (id: string) => boolean;
  approve: (row: ApprovalRow, channel: ApprovalChannel) => Promise<boolean>;
  reject: (row: ApprovalRow, channel: ApprovalChannel, told: 'rejected' | 'cancelled') => Promise<boolean>;
  changed: (id: string) => void;
  send: (channel: ApprovalChannel, text: string, message?: ApprovalMessageCode) => Promise<void>;
}

export class OwnerReplies {
  /**
   * How many of the 6-digit windows typed into chats may still be compared with the pending code:
   * kept with the approval in SQLite, one budget for every iAs process on the data folder.
   */
  private readonly chatBudget: ChatCodeBudget;

  constructor(private readonly gate: AnsweredGate) {
    this.chatBudget = new ChatCodeBudget(gate.approvals, gate.key);
  }

  /**
   * A message arrived on a channel. Returns true when it was an answer to the gate (it must then
   * go nowhere else, least of all to the model).
   */
  async handleMessage(channel: ApprovalChannel, message: IncomingMessage): Promise<boolean> {
    const { gate } = this;
    if (gate.closed()) return false;
    if (!message.direct || message.from !== channel.ownerAddress()) return false;
    const text = normalizeCodeText(message.text);
    const looksLikeAnswer = /^\d{6}$/.test(text) || CANCEL_WORDS.has(text.toLowerCase());
    const row = gate.active();
    if (!row || row.channel !== channel.name || channel.inApp) {
      if (looksLikeAnswer) await gate.send(channel, say.noPendingText());
      // One past its time (asked elsewhere, or by another process whose timer has not run) lapses,
      // after that answer: the next approval it lets through may be asked here.
      if (row) gate.expireIfDue(row);
      return looksLikeAnswer;
    }
    if (gate.expireIfDue(row)) return true;
    if (CANCEL_WORDS.has(text.toLowerCase())) {
      await gate.reject(row, channel, 'cancelled');
      return true;
    }
    if (/^\d{6}$/.test(text)) {
      if (codeMatches(gate.key, codeBinding(row), text, row.codeHash ?? '')) {
        await gate.approve(row, channel);
        return true;
      }
      const left = gate.approvals.decrementAttempts(row.id);
      if (left === undefined) return true;
      if (left > 0) await gate.send(channel, say.wrongCodeText(left));
      else await gate.reject(row, channel, 'rejected');
      gate.changed(row.id);
      return true;
    }
    // The code inside other words, or typed in groups, is not an answer — and must not travel on to
    // the model; nor must a number alone that misses it by a digit.
    if (NEAR_CODE.test(text) || codeInText(gate.key, codeBinding(row), text, row.codeHash ?? '')) {
      await gate.send(channel, say.codeOnlyText());
      return true;
    }
    return false;
  }

  /**
   * Whether `text` holds the code of the owner's pending approval, alone or among other words (a
   * message typed into a chat with the model, which must never see a code): 'code' when it does.
   * The approval of another iAs process on the data folder (the app keeps its key in the OS
   * keychain, `ias` in a file, so neither can check the other's code, stored only as an HMAC) is
   * 'maybe-code' for any 6 digits in the text: which of them is its code cannot be told here.
   * Each refusal tells whether a number was the code, so only a budget of 6-digit windows is
   * compared per approval, shared by every iAs process on the data folder (kept with the approval
   * in SQLite); past it, any 6 digits are 'held' without comparing (see ChatCodeBudget).
   * A number alone of 4 to 8 digits that is not the code is 'near-code': WeChat takes it for a try
   * at the code (a digit mistyped, dropped or added), and so it is; the model would learn most of it.
   * An approval past its time by the clock holds no live code: it lapses here, as at any look,
   * before the text goes anywhere (so its code stays dead whatever the clock does next), and the
   * one pending after it, if any, is judged instead.
   */
  holdsCode(text: string): CodeInChat | undefined {
    const { gate } = this;
    let row = gate.active();
    while (row && gate.expireIfDue(row)) row = gate.active();
    const codeHash = row?.codeHash;
    if (!row || codeHash == null) return undefined;
    const typed = normalizeCodeText(text);
    // Held whatever its digits: which near-miss it is is not compared, so it tells nothing of the code.
    const nearCode = NEAR_CODE.test(typed) ? 'near-code' : undefined;
    const candidates = codeCandidates(typed);
    if (candidates.length === 0) return nearCode;
    if (!this.chatBudget.take(row.id, candidates)) return 'held';
    const bound = codeBinding(row);
    if (candidates.some((c) => codeMatches(gate.key, bound, c, codeHash))) return 'code';
    if (!gate.waitsFor(row.id)) return 'maybe-code';
    return nearCode;
  }
}
