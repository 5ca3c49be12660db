/** Chat: the conversation list, the transcript with live replies, tool cards and approvals, and the message box. */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { sayApiError } from '../../shared/api-errors.js';
import { client } from '../api/client.js';
import { useLoad } from '../api/hooks.js';
import { useApprovals } from '../approvals/ApprovalsProvider.js';
import { isShown, navigate, routeHref } from '../app/router.js';
import { ToastSlot } from '../app/Toasts.js';
import { matchApprovals } from '../chat/approval-match.js';
import { chatStore, DRAFT } from '../chat/chat-store.js';
import { Composer } from '../chat/Composer.js';
import { ConversationList } from '../chat/ConversationList.js';
import { MessageList } from '../chat/MessageList.js';
import { SetupCard } from '../chat/SetupCard.js';
import { UnusableModelCard } from '../chat/UnusableModelCard.js';
import type { AssistantItem } from '../chat/transcript.js';
import { useChatState } from '../chat/useChat.js';
import { useT } from '../i18n.js';
import { composingKey } from '../ui/composing.js';
import { Icon } from '../ui/icons.js';
import { Spinner } from '../ui/Spinner.js';

export function ChatPage({ conversationId, compact }: { conversationId?: string; compact: boolean }) {
  const t = useT();
  const state = useChatState();
  const { approvals } = useApprovals();
  // Read again when a turn fails: the model may have become unusable since (its card then shows);
  // and when the provider is saved anywhere (Settings, another window, `ias provider`).
  const provider = useLoad(
    () => client.call.getProvider(),
    [],
    (event) =>
      event.type === 'provider-changed' ||
      (event.type === 'chat' && event.event.kind === 'done' && event.event.error !== undefined),
  );
  const [listOpen, setListOpen] = useState(false);
  const listToggle = useRef<HTMLButtonElement>(null);
  const popover = useRef<HTMLDivElement>(null);
  // The compact window's conversations pop-over: the focus goes in (to the open conversation, else
  // the first link), and a click elsewhere closes it.
  useEffect(() => {
    if (!listOpen) return;
    const inside = popover.current;
    (inside?.querySelector<HTMLElement>('a.conv-link[aria-current="page"]') ?? inside?.querySelector('a'))?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!popover.current?.contains(target) && !listToggle.current?.contains(target)) setListOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [listOpen]);
  /**
   * Esc closes the pop-over, back to its button (not an Esc a rename box or a dialog in it took, nor
   * one that drops a word being composed).
   */
  const onPopoverKey = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented || composingKey(event)) return;
    if ((event.target as Element).closest('dialog')) return;
    event.preventDefault();
    setListOpen(false);
    listToggle.current?.focus();
  };
  const key = conversationId ?? DRAFT;

  useEffect(() => chatStore.ensureConversations(), []);
  useEffect(() => {
    if (conversationId) void chatStore.open(conversationId);
  }, [conversationId]);

  const transcript = state.transcripts[key];
  const items = useMemo(() => transcript?.items ?? [], [transcript]);
  const live = items.findLast((item): item is AssistantItem => item.kind === 'assistant' && item.live);
  const matches = useMemo(() => matchApprovals(items, approvals), [items, approvals]);
  const liveIds = useMemo(
    () =>
      new Set(
        Object.entries(state.transcripts)
          .filter(([, tr]) => tr.items.some((i) => i.kind === 'assistant' && i.live))
          .map(([id]) => id),
      ),
    [state.transcripts],
  );
  // One older than those listed (opened by a link) is read by its id.
  const conversation = conversationId
    ? (state.conversations?.find((c) => c.id === conversationId) ?? state.unlisted[conversationId])
    : undefined;
  // A model set up but with a setting that cannot be used is said as such, not as nothing set up.
  const unusable = provider.data?.unusable ?? null;
  const needsSetup = provider.data?.effective === null && !unusable;
  // Once shown, the setup card stays until the first message: saving makes the model usable at
  // once, and the card would vanish before a test's answer (a wrong key, say) could be read.
  const [setupShown, setSetupShown] = useState(false);
  useEffect(() => {
    if (needsSetup) setSetupShown(true);
  }, [needsSetup]);
  const showSetup = needsSetup || (setupShown && !conversationId && items.length === 0);
  // Deleted (here, elsewhere), or a link to it out of date: said so, with the way to a new one.
  const missing = conversationId !== undefined && state.missing[conversationId] === true;

  /** Resolves false when the text should go back into the message box (see Composer). */
  const send = async (text: string): Promise<boolean> => {
    setSetupShown(false);
    const sent = await chatStore.send(conversationId, text);
    // The draft becomes the new conversation's page, if the owner is still on the draft: one who
    // moved on while the answer came (to Skills, to another conversation) is not taken back.
    if (!conversationId && sent.conversationId && isShown('chat')) navigate('chat', sent.conversationId, true);
    // Six digits that may be the code of another iAs process's approval, or numbers held while an
    // approval waits: nothing was stored or sent, and the text waits in the box to be written
    // another way or sent once the approval is answered. (A code that is this app's own is not
    // kept: it belongs in WeChat, not in the box; nor is a number alone taken for a try at it.)
    // Likewise a reply still coming in this conversation from elsewhere (WeChat, `ias chat`): the
    // text waits to be sent once it has ended.
    // And a message too long to send: it waits there to be shortened or split.
    const kept = sent.refused?.code;
    if (
      kept === 'maybe-code-in-chat' ||
      kept === 'numbers-held-for-approval' ||
      kept === 'reply-in-progress' ||
      kept === 'message-too-long'
    )
      return false;
    // No model iAs can use any more (changed since this page read it): nothing was stored. Its card
    // (or the setup card) says what to mend, and the text waits in the box to be sent after.
    if (sent.refused?.code !== 'no-usable-model') return true;
    provider.reload();
    return false;
  };
  const stop = () => {
    if (live) void chatStore.stopBlock(live);
  };

  const header = missing ? (
    <div className="chat-empty" data-testid="conversation-missing" role="status">
      <Icon name="chat" size={28} />
      <h2>{t.chat.missingTitle}</h2>
      <p className="muted">{t.chat.missing}</p>
      <a href={routeHref('chat')} className="button button-primary">
        <Icon name="plus" size={14} /> {t.chat.newConversation}
      </a>
    </div>
  ) : unusable && provider.data ? (
    <UnusableModelCard info={provider.data} unusable={unusable} compact={compact} onSaved={provider.reload} />
  ) : showSetup && provider.data ? (
    <SetupCard info={provider.data} onSaved={provider.reload} />
  ) : transcript?.hasEarlier && conversationId ? (
    <div className="chat-earlier">
      <button
        type="button"
        className="button"
        data-testid="load-earlier"
        disabled={transcript.loadingEarlier}
        onClick={() => void chatStore.loadEarlier(conversationId)}
      >
        {t.chat.loadEarlier}
      </button>
    </div>
  ) : items.length === 0 && transcript?.status !== 'loading' ? (
    <div className="chat-empty">
      <Icon name="chat" size={28} />
      <h2>{t.chat.emptyTitle}</h2>
      <p className="muted">{t.chat.emptyBody}</p>
    </div>
  ) : undefined;

  const list = (
    <ConversationList
      conversations={state.conversations}
      hasOlder={state.hasOlder === true}
      loadingOlder={state.loadingOlder === true}
      error={
        state.conversationsError && sayApiError(t.apiError, state.conversationsError, state.conversationsErrorCode)
      }
      currentId={conversationId}
      liveIds={liveIds}
      onPicked={() => setListOpen(false)}
    />
  );

  return (
    <div className={compact ? 'chat-page compact' : 'chat-page'}>
      {compact
        ? listOpen && (
            <div ref={popover} className="conv-popover" onKeyDown={onPopoverKey}>
              {list}
            </div>
          )
        : list}
      <section className="chat-main" aria-label={t.chat.title}>
        <header className="chat-head">
          {compact && (
            <button
              ref={listToggle}
              type="button"
              className="icon-button"
              aria-expanded={listOpen}
              aria-label={t.chat.conversations}
              title={t.chat.conversations}
              onClick={() => setListOpen((o) => !o)}
            >
              <Icon name="list" />
            </button>
          )}
          <h1 className="chat-title">
            {missing
              ? t.chat.missingTitle
              : conversation?.title || (conversationId ? t.chat.untitled : t.chat.newConversation)}
          </h1>
          {transcript?.status === 'loading' && <Spinner />}
          {compact && (
            <a href="#/chat" className="icon-button" aria-label={t.chat.newConversation} title={t.chat.newConversation}>
              <Icon name="plus" />
            </a>
          )}
        </header>
        {/* Toasts take room of their own here: they never cover a message or the message box. */}
        <ToastSlot />
        {transcript?.status === 'error' && (
          <p className="notice notice-error" role="alert">
            {t.chat.loadFailed(sayApiError(t.apiError, transcript.error ?? '', transcript.errorCode))}
          </p>
        )}
        {transcript?.status === 'loading' && items.length === 0 ? (
          <div className="message-scroller page-loading">
            <Spinner />
          </div>
        ) : (
          <MessageList
            key={key}
            conversationKey={key}
            items={missing ? [] : items}
            approvals={matches}
            header={header}
          />
        )}
        <Composer
          busy={live !== undefined}
          disabled={needsSetup || unusable !== null || missing}
          disabledReason={missing ? t.chat.missingTitle : unusable ? t.chat.fixModelFirst : t.chat.setupFirst}
          onSend={send}
          onStop={stop}
          focusKey={key}
        />
      </section>
    </div>
  );
}
