/**
 * Who asked for an audited call, as the entry panel shows it: a conversation that still exists (its
 * title), a scheduled task that still exists (its name), one of those deleted since (the id as
 * stored), or another requester (the terminal). Found with the contract's reads.
 */
import { requestingConversation, taskOfConversation, TERMINAL_REQUESTER } from '../../shared/run-now-requests.js';
import { client } from '../api/client.js';

export type Requester =
  | { kind: 'conversation'; id: string; title: string }
  | { kind: 'task'; id: string; name: string }
  /** `id`: the requester as stored. */
  | { kind: 'deleted'; of: 'conversation' | 'task'; id: string }
  | { kind: 'other'; text: string };

export async function findRequester(requestedBy: string): Promise<Requester> {
  if (requestedBy === TERMINAL_REQUESTER) return { kind: 'other', text: requestedBy };
  const conversationId = requestingConversation(requestedBy);
  const taskId = taskOfConversation(conversationId);
  if (taskId !== undefined) {
    const task = (await client.call.listTasks()).find((x) => x.id === taskId);
    return task ? { kind: 'task', id: task.id, name: task.name } : { kind: 'deleted', of: 'task', id: requestedBy };
  }
  // By its id: however old, not only one of the latest the chat lists.
  const conversation = await client.call.getConversation(conversationId);
  return conversation
    ? { kind: 'conversation', id: conversation.id, title: conversation.title }
    : { kind: 'deleted', of: 'conversation', id: requestedBy };
}
