/**
 * Turns cut off because the iAs process running them stopped (killed, crashed, power lost): the
 * conversation still names that process as the owner of a turn under way (see TurnMark), and it
 * has ended. Such a turn gets a line saying so, shown with it like any other (never sent to the
 * model); a turn of an iAs process that still runs is its own and is never marked.
 */
import { recordedProcessEnded } from '../process-identity.js';
import type { ConversationsRepo } from '../store/conversations-repo.js';
import { cutOffLine } from './turn-lines.js';
import { codeOf } from './turn-messages.js';

/**
 * Stores the cut-off line of the conversation's turn when its process has ended; call it inside a
 * commit. Returns whether it did.
 */
export function settleCutOffTurn(conversations: ConversationsRepo, conversationId: string): boolean {
  const owner = conversations.turnOwner(conversationId);
  if (!owner || !recordedProcessEnded(owner, conversations.leases())) return false;
  if (!conversations.releaseTurn(conversationId, owner)) return false;
  const line = cutOffLine();
  conversations.append(conversationId, 'system', line.message, { shown: 'error', shownCode: codeOf(line) });
  return true;
}

/**
 * Marks the cut-off turns (at start-up: all of them; on reading a conversation: its own), each in
 * a commit of its own. Costs one read when no turn is under way. Returns how many it marked.
 */
export function markCutOffTurns(
  conversations: ConversationsRepo,
  atomically: <T>(fn: () => T) => T,
  conversationIds: readonly string[] = conversations.withTurnUnderWay(),
): number {
  let marked = 0;
  const leases = conversationIds.length > 0 ? conversations.leases() : undefined;
  for (const id of conversationIds) {
    const owner = conversations.turnOwner(id);
    if (owner && recordedProcessEnded(owner, leases) && atomically(() => settleCutOffTurn(conversations, id))) marked++;
  }
  return marked;
}
