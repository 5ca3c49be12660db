/** The calls' cards of a stored conversation as the chat shows them after a reload (with their jobs). */
import { withBackgroundJobs } from '../../src/core/api/chat-api.js';
import type { Store } from '../../src/core/store/index.js';
import { storedItems, toolsOf, type ToolView } from '../../src/renderer/chat/transcript.js';

export function cardsAfterReload(store: Pick<Store, 'conversations' | 'jobs'>, conversationId: string): ToolView[] {
  const messages = withBackgroundJobs(
    store.conversations.messages(conversationId),
    store.jobs.ofConversation(conversationId),
  );
  return storedItems(messages).flatMap((item) => (item.kind === 'assistant' ? toolsOf(item) : []));
}
