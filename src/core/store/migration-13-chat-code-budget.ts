/**
 * The budget of 6-digit chat windows compared with a pending approval's code (see
 * approval/chat-code-budget.ts), kept with the approval so that every iAs process on the data
 * folder (the app, `ias serve`, `ias chat`) spends one budget, not one each. `chat_windows`: a JSON
 * array of the windows compared so far, each an HMAC bound to the approval (never the digits: the
 * file tells no reader which numbers were tried, nor the code when it was among them);
 * `chat_windows_spent`: 1 once a message went past the budget. Both are cleared when the approval
 * leaves 'pending' (it never returns there), and go with its row.
 */
export const chatCodeBudgetSchema = `
ALTER TABLE pending_approvals ADD COLUMN chat_windows TEXT;
ALTER TABLE pending_approvals ADD COLUMN chat_windows_spent INTEGER NOT NULL DEFAULT 0;
CREATE TRIGGER approval_chat_windows_clear AFTER UPDATE OF status ON pending_approvals
WHEN new.status <> 'pending' AND (new.chat_windows IS NOT NULL OR new.chat_windows_spent <> 0) BEGIN
  UPDATE pending_approvals SET chat_windows = NULL, chat_windows_spent = 0 WHERE id = new.id;
END;
`;
