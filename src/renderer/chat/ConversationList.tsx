/**
 * The conversations, newest first: open one, rename it in place (F2), delete it after a
 * confirmation (Delete). Arrow keys move between them. The latest hundred at first; "Show older"
 * brings the next hundred, until there are none.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { ConversationInfo } from '../../shared/contract.js';
import { MAX_TITLE_CHARS } from '../../shared/text-limits.js';
import { takingItsPlace } from '../ui/taking-its-place.js';
import { errorText } from '../api/client.js';
import { isShown, navigate, routeHref } from '../app/router.js';
import { useTimeZone } from '../app/SettingsProvider.js';
import { useToast } from '../app/Toasts.js';
import { useLocale, useT } from '../i18n.js';
import { ConfirmDialog } from '../ui/Dialog.js';
import { formatShortDate } from '../ui/format.js';
import { composingKey } from '../ui/composing.js';
import { Icon } from '../ui/icons.js';
import { useFocusKept } from '../ui/useFocusKept.js';
import { chatStore } from './chat-store.js';

interface Props {
  conversations: ConversationInfo[] | undefined;
  /** There are older conversations than those listed; `loadingOlder`: they are on their way. */
  hasOlder: boolean;
  loadingOlder: boolean;
  error?: string;
  currentId: string | undefined;
  liveIds: Set<string>;
  onPicked?: () => void;
}

/** `onDone(byKey)`: ended with Enter or Esc (the focus goes back to the conversation), or by leaving the box. */
function RenameInput({ conversation, onDone }: { conversation: ConversationInfo; onDone: (byKey: boolean) => void }) {
  const t = useT();
  const toast = useToast();
  const [title, setTitle] = useState(conversation.title);
  const commit = (byKey: boolean) => {
    const next = title.trim();
    onDone(byKey);
    if (!next || next === conversation.title) return;
    chatStore
      .rename(conversation.id, next)
      .catch((err: unknown) => toast({ tone: 'error', title: t.chat.renameFailed, body: errorText(t, err) }));
  };
  return (
    <input
      className="conv-rename"
      aria-label={t.chat.renameLabel}
      data-testid="conversation-rename-input"
      value={title}
      // No more than a title may hold: a longer one would be refused, and the name typed lost.
      maxLength={MAX_TITLE_CHARS}
      autoFocus
      onFocus={(e) => e.currentTarget.select()}
      onChange={(e) => setTitle(e.target.value)}
      onBlur={() => commit(false)}
      onKeyDown={(e) => {
        if (composingKey(e)) return;
        if (e.key === 'Enter') {
          e.preventDefault();
          commit(true);
        } else if (e.key === 'Escape') {
          e.preventDefault();
          onDone(true);
        }
      }}
    />
  );
}

export function ConversationList({
  conversations,
  hasOlder,
  loadingOlder,
  error,
  currentId,
  liveIds,
  onPicked,
}: Props) {
  const t = useT();
  const locale = useLocale();
  const timeZone = useTimeZone();
  const toast = useToast();
  const [renaming, setRenaming] = useState<string>();
  const [deleting, setDeleting] = useState<ConversationInfo>();
  const list = useRef<HTMLUListElement>(null);
  // "Show older" is disabled while they come, and gone once the oldest is listed: the focus comes
  // back to it, or else goes to the first of those it brought (after the one listed last before).
  const lastBefore = useRef<string | undefined>(undefined);
  const keepFocus = useFocusKept(loadingOlder, () =>
    list.current?.querySelector<HTMLElement>(
      lastBefore.current === undefined
        ? 'li[data-id] a.conv-link'
        : `li[data-id="${CSS.escape(lastBefore.current)}"] ~ li[data-id] a.conv-link`,
    ),
  );
  // The rename box or the delete confirmation takes the focus, and where it was (the rename button,
  // the delete button shown on hover or focus) is gone once they close: the conversation gets it.
  const refocus = useRef<string | undefined>(undefined);
  useEffect(() => {
    const id = refocus.current;
    if (id === undefined || renaming !== undefined || deleting !== undefined) return;
    refocus.current = undefined;
    list.current?.querySelector<HTMLElement>(`li[data-id="${CSS.escape(id)}"] a.conv-link`)?.focus();
  }, [renaming, deleting]);

  const confirmDelete = () => {
    const target = deleting;
    setDeleting(undefined);
    if (!target) return;
    // Its link goes with it: the focus goes to the conversation that takes its place (else the one before).
    refocus.current = takingItsPlace(conversations, (c) => c.id === target.id)?.id;
    chatStore.remove(target.id).then(
      () => {
        // The owner still on it goes to a new chat; one who has gone elsewhere meanwhile stays there.
        if (isShown('chat', target.id)) navigate('chat', undefined, true);
      },
      (err: unknown) => toast({ tone: 'error', title: t.chat.deleteFailed, body: errorText(t, err) }),
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const target = event.target as HTMLElement;
    if (!target.matches('a.conv-link')) return;
    const id = target.closest<HTMLElement>('li[data-id]')?.dataset.id;
    const conversation = conversations?.find((c) => c.id === id);
    if (!conversation) return;
    const links = [...event.currentTarget.querySelectorAll<HTMLAnchorElement>('a.conv-link')];
    const index = links.indexOf(target as HTMLAnchorElement);
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      links[Math.max(0, Math.min(links.length - 1, index + (event.key === 'ArrowDown' ? 1 : -1)))]?.focus();
    } else if (event.key === 'F2') {
      event.preventDefault();
      setRenaming(conversation.id);
    } else if (event.key === 'Delete') {
      event.preventDefault();
      setDeleting(conversation);
    }
  };

  return (
    <nav className="conversations" aria-label={t.chat.conversations}>
      <div className="pane-head">
        <h2>{t.chat.conversations}</h2>
        <a
          href={routeHref('chat')}
          className="icon-button"
          data-testid="new-conversation"
          aria-label={t.chat.newConversation}
          title={t.chat.newConversation}
          onClick={onPicked}
        >
          <Icon name="plus" />
        </a>
      </div>
      {error && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
      <ul ref={list} className="conv-list" data-testid="conversation-list" onKeyDown={onKeyDown}>
        {conversations?.length === 0 && <li className="muted conv-empty">{t.chat.noConversations}</li>}
        {conversations?.map((conversation) => (
          <li
            key={conversation.id}
            className={conversation.id === currentId ? 'conv-item current' : 'conv-item'}
            data-testid="conversation-item"
            data-id={conversation.id}
          >
            {renaming === conversation.id ? (
              <RenameInput
                conversation={conversation}
                onDone={(byKey) => {
                  if (byKey) refocus.current = conversation.id;
                  setRenaming(undefined);
                }}
              />
            ) : (
              <>
                <a
                  className="conv-link"
                  href={routeHref('chat', conversation.id)}
                  aria-current={conversation.id === currentId ? 'page' : undefined}
                  onClick={onPicked}
                >
                  <span className="conv-title">{conversation.title || t.chat.untitled}</span>
                  <span className="conv-meta">
                    {liveIds.has(conversation.id) && <span className="live-dot" aria-label={t.chat.working} />}
                    {formatShortDate(conversation.updatedAt, locale, timeZone)}
                  </span>
                </a>
                <span className="conv-actions">
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={t.chat.rename(conversation.title || t.chat.untitled)}
                    title={t.chat.renameLabel}
                    data-testid="conversation-rename"
                    onClick={() => setRenaming(conversation.id)}
                  >
                    <Icon name="edit" size={14} />
                  </button>
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={t.chat.delete(conversation.title || t.chat.untitled)}
                    title={t.common.delete}
                    data-testid="conversation-delete"
                    onClick={() => setDeleting(conversation)}
                  >
                    <Icon name="trash" size={14} />
                  </button>
                </span>
              </>
            )}
          </li>
        ))}
        {hasOlder && (
          <li className="conv-more">
            <button
              type="button"
              className="button"
              data-testid="conversations-older"
              disabled={loadingOlder}
              onClick={() => {
                lastBefore.current = conversations?.at(-1)?.id;
                keepFocus();
                void chatStore.loadOlder();
              }}
            >
              {t.chat.showOlder}
            </button>
          </li>
        )}
      </ul>
      <ConfirmDialog
        open={deleting !== undefined}
        title={t.chat.deleteTitle}
        message={t.chat.deleteMessage(deleting?.title || t.chat.untitled)}
        confirmLabel={t.common.delete}
        danger
        onConfirm={confirmDelete}
        onCancel={() => {
          refocus.current = deleting?.id;
          setDeleting(undefined);
        }}
      />
    </nav>
  );
}
