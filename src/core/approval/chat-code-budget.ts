/**
 * How many 6-digit windows of chat messages are compared with a pending approval's code. Each
 * comparison answers "is this the code?" (a message holding it is refused as `code-in-chat`), so
 * without a limit a message of 100,000 digits would test 100,000 codes at once, and a handful of
 * them would find a code among the 1,000,000 within its 5 minutes. Each approval gets a budget of
 * distinct windows over its life, kept in memory (approvals do not survive a restart): once a
 * message would go past it, that message and every later one with 6 digits or more is held while
 * that approval waits, without comparing, so the answer no longer depends on the code.
 */

/** Distinct 6-digit windows compared with one approval's code: a phone number and an order id fit. */
export const CHAT_CODE_BUDGET = 20;

export class ChatCodeBudget {
  /** The approval whose budget this is (one pending approval per owner at a time). */
  private approvalId?: string;
  private readonly compared = new Set<string>();
  private spent = false;

  constructor(private readonly limit = CHAT_CODE_BUDGET) {}

  /**
   * Whether `candidates` (a message's 6-digit windows) may be compared with the code of approval
   * `approvalId`; they are then counted (a window compared before costs nothing). False once the
   * budget is spent, and from then on for that approval.
   */
  take(approvalId: string, candidates: readonly string[]): boolean {
    if (this.approvalId !== approvalId) {
      this.approvalId = approvalId;
      this.compared.clear();
      this.spent = false;
    }
    if (this.spent) return false;
    const fresh = new Set<string>();
    for (const candidate of candidates) {
      if (this.compared.has(candidate)) continue;
      fresh.add(candidate);
      if (this.compared.size + fresh.size > this.limit) {
        this.spent = true;
        return false;
      }
    }
    for (const candidate of fresh) this.compared.add(candidate);
    return true;
  }
}
