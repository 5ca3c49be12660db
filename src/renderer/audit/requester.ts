/**
 * Who asked for an audited call, as the entry panel shows it: a conversation that still exists (its
 * title), a scheduled task that still exists (its name), one of those deleted since (the id as
 * stored), or another requester (the terminal). Found with the contract's lists.
 */
import { requestingConversation, taskOfConversation, TERMINAL_REQUESTER } from '../../shared/run-now-requests.js';
import { client } from '../api/client.js';

export type Requester =
  /** `title` undefined: one older than the conversations listed, found by its messages. */
  | { kind: 'conversation'; id: string; title: string | undefined }
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
  const listed = (await client.call.listConversations()).find((c) => c.id === conversationId);
  if (listed) return { kind: 'conversation', id: listed.id, title: listed.title };
  // The list holds the latest conversations only: an older one is still there if it has messages.
  const messages = await client.call.getMessages(conversationId, 1);
  return messages.length > 0
    ? { kind: 'conversation', id: conversationId, title: undefined }
    : { kind: 'deleted', of: 'conversation', id: requestedBy };
}
