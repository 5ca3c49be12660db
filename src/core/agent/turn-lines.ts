/**
 * The lines a turn shows the owner about how it went (its notices, its provider failure, a stop):
 * kept on the turn's result, and stored with the turn as it ends, as `system` messages marked
 * `shown` that are never sent to the model (see historyOf).
 */
import type { ConversationsRepo } from '../store/conversations-repo.js';
import type { TurnResult } from './agent.js';
import { codeOf, type MessageCode, type TurnMessage } from './turn-messages.js';

/** Records a notice on the turn. */
export function addNotice(turn: TurnResult, line: TurnMessage): void {
  (turn.notices ??= []).push(line.message);
  (turn.noticeCodes ??= []).push(codeOf(line));
}

/** Records the turn's provider failure. */
export function setError(turn: TurnResult, line: TurnMessage): void {
  turn.error = line.message;
  turn.errorCode = codeOf(line);
}

/** Whether the turn has any line to store. */
export function hasLines(turn: TurnResult): boolean {
  return Boolean(turn.notices?.length) || turn.error !== undefined || turn.stopped === true;
}

/** Stores the turn's lines (call it inside the commit that ends the turn). */
export function storeLines(conversations: ConversationsRepo, turn: TurnResult): void {
  const store = (line: string, shown: 'notice' | 'error' | 'stopped', code?: MessageCode) =>
    conversations.append(turn.conversationId, 'system', line, { shown, ...(code ? { shownCode: code } : {}) });
  (turn.notices ?? []).forEach((line, i) => store(line, 'notice', turn.noticeCodes?.[i]));
  if (turn.error !== undefined) store(turn.error, 'error', turn.errorCode);
  if (turn.stopped) store('Stopped by the owner.', 'stopped');
}
