/** React access to the chat store. */
import { useSyncExternalStore } from 'react';
import { chatStore, type ChatState } from './chat-store.js';

export function useChatState(): ChatState {
  return useSyncExternalStore(chatStore.subscribe, chatStore.getState);
}
