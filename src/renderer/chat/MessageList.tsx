/**
 * The transcript, virtualised (a conversation of thousands of messages renders only what is in
 * view), kept scrolled to the newest message unless the user scrolled up to read.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { ApprovalInfo } from '../../shared/contract.js';
import { useT } from '../i18n.js';
import { Icon } from '../ui/icons.js';
import { observeRectLazily } from '../ui/virtual.js';
import { MessageView } from './MessageView.js';
import type { Item } from './transcript.js';

const NEAR_BOTTOM_PX = 48;

interface Props {
  conversationKey: string;
  items: Item[];
  approvals: Map<string, ApprovalInfo>;
  /** Shown above the messages (the setup card, an empty state). */
  header?: ReactNode;
}

function estimate(item: Item | undefined): number {
  if (!item) return 240;
  if (item.kind === 'user') return 58 + Math.floor(item.text.length / 80) * 20;
  const text = item.parts.reduce((n, p) => n + (p.type === 'text' ? p.text.length : 120), 0);
  return 40 + Math.floor(text / 90) * 21;
}

export function MessageList({ conversationKey, items, approvals, header }: Props) {
  const t = useT();
  const scroller = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const [away, setAway] = useState(false);
  const offset = header ? 1 : 0;
  const count = items.length + offset;

  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    // Open at the newest message: the first render already shows the end, not the beginning.
    initialRect: { width: 800, height: window.innerHeight },
    observeElementRect: observeRectLazily,
    initialOffset: () => {
      let total = header ? estimate(undefined) : 0;
      for (const item of items) total += estimate(item);
      return Math.max(0, total - window.innerHeight + 120);
    },
    estimateSize: (index) => estimate(index < offset ? undefined : items[index - offset]),
    getItemKey: (index) => (index < offset ? 'header' : (items[index - offset]?.key ?? index)),
    overscan: 6,
  });

  const toBottom = useCallback(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
    stick.current = true;
    setAway(false);
  }, []);

  useLayoutEffect(() => {
    stick.current = true;
    setAway(false);
  }, [conversationKey]);

  // A message just sent brings the view down to it, even from far up in the conversation.
  const lastSent = items.findLast((item) => item.kind === 'user' && item.local === true)?.key;
  useLayoutEffect(() => {
    if (lastSent === undefined) return;
    stick.current = true;
    setAway(false);
  }, [lastSent]);

  // After every render (new text, a row measured): stay at the bottom if that is where we were.
  useLayoutEffect(() => {
    if (!stick.current) return;
    const el = scroller.current;
    if (el && el.scrollHeight - el.scrollTop - el.clientHeight > 1) el.scrollTop = el.scrollHeight;
  });

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    const near = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
    stick.current = near;
    setAway(!near);
  };

  return (
    <div className="message-scroller" ref={scroller} onScroll={onScroll}>
      <div
        className="message-list"
        aria-label={t.chat.messages}
        role="region"
        data-testid="message-list"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {virtualizer.getVirtualItems().map((row) => {
          const item = row.index < offset ? undefined : items[row.index - offset];
          return (
            <div
              key={row.key}
              data-index={row.index}
              ref={virtualizer.measureElement}
              className="message-row"
              style={{ transform: `translateY(${row.start}px)` }}
            >
              {item ? <MessageView item={item} approvals={approvals} /> : header}
            </div>
          );
        })}
      </div>
      {away && (
        <button type="button" className="jump-latest" onClick={toBottom}>
          <Icon name="chevronDown" size={14} /> {t.chat.jumpToLatest}
        </button>
      )}
    </div>
  );
}
