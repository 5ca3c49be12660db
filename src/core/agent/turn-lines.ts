/**
 * The lines a turn shows the owner about how it went (its notices, its failure, a stop):
 * kept on the turn's result, and stored with the turn as it ends, as `system` messages marked
 * `shown` that are never sent to the model (see historyOf).
 */
import type { ConversationsRepo, MessageExtra } from '../store/conversations-repo.js';
import type { TurnResult } from './agent.js';
import { codeOf, turnMessage, type MessageCode, type TurnMessage } from './turn-messages.js';

/** Records a notice on the turn. */
export function addNotice(turn: TurnResult, line: TurnMessage): void {
  (turn.notices ??= []).push(line.message);
  (turn.noticeCodes ??= []).push(codeOf(line));
}

/** Records the turn's failure (the provider's, or iAs's own). */
export function setError(turn: TurnResult, line: TurnMessage): void {
  turn.error = line.message;
  turn.errorCode = codeOf(line);
}

/** Whether the turn has any line to store. */
export function hasLines(turn: TurnResult): boolean {
  return Boolean(turn.notices?.length) || turn.error !== undefined || turn.stopped === true;
}

/**
 * Stores the turn's lines (call it inside the commit that ends the turn, with at least one line):
 * the last one ends the turn (see TurnMark).
 */
export function storeLines(conversations: ConversationsRepo, turn: TurnResult): void {
  const lines: { line: string; extra: MessageExtra }[] = [];
  const add = (line: string, shown: 'notice' | 'error' | 'stopped', code?: MessageCode) =>
    lines.push({ line, extra: { shown, ...(code ? { shownCode: code } : {}) } });
  (turn.notices ?? []).forEach((line, i) => add(line, 'notice', turn.noticeCodes?.[i]));
  if (turn.error !== undefined) add(turn.error, 'error', turn.errorCode);
  if (turn.stopped) add('Stopped by the owner.', 'stopped');
  const now = Date.now();
  lines.forEach(({ line, extra }, i) =>
    conversations.append(turn.conversationId, 'system', line, extra, now, i === lines.length - 1 ? 'ends' : undefined),
  );
}

/** The line stored when a turn ends on a failure of iAs's own (not the provider's). */
export function failureLine(error: unknown): TurnMessage {
  return turnMessage('turn-failed', { detail: error instanceof Error ? error.message : String(error) });
}

/** The line stored for a turn whose iAs process stopped before it ended (see cut-off-turns.ts). */
export function cutOffLine(): TurnMessage {
  return turnMessage('turn-cut-off', {});
}
