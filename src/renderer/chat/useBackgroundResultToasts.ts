/**
 * A call that went on in the background says so when it ends, unless its conversation is in view:
 * by then the owner may be in another conversation or on another page.
 */
import { useIasEvent } from '../api/hooks.js';
import { useToast } from '../app/Toasts.js';
import { routeHref, type Route } from '../app/router.js';
import { useT } from '../i18n.js';
import { chatStore } from './chat-store.js';
import { backgroundStatus } from './transcript.js';

export function useBackgroundResultToasts(route: Route): void {
  const t = useT();
  const toast = useToast();
  useIasEvent((push) => {
    if (push.type !== 'chat' || push.event.kind !== 'background-result') return;
    const { conversationId, event } = push;
    if (route.page === 'chat' && route.param === conversationId) return;
    const status = backgroundStatus(event.status);
    const title = chatStore.conversation(conversationId)?.title;
    toast({
      tone: status === 'done' ? 'success' : status === 'error' ? 'error' : 'info',
      title: t.chat.backgroundFinished(event.name),
      body: t.chat.backgroundOutcome(t.tool.status[status], title || undefined),
      action: { label: t.chat.openConversation, href: routeHref('chat', conversationId) },
    });
  });
}
