/**
 * The transcript, virtualised (a conversation of thousands of messages renders only what is in
 * view), kept scrolled to the newest message unless the user scrolled up to read. Earlier messages
 * put above the first one leave it where it was on screen.
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

/** A message and how far below the top of the view it is shown. */
interface Anchor {
  key: string;
  top: number;
}

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
  /** The first message as last shown. */
  const first = useRef<Anchor | undefined>(undefined);
  /** Earlier messages came above it: it stays in place (while they are measured) until the owner scrolls. */
  const held = useRef<Anchor | undefined>(undefined);
  const offset = header ? 1 : 0;
  const count = items.length + offset;

  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    // Open at the newest message: the first render already shows the end, not the beginning.
    initialRect: { width: 800, height: window.innerHeight },
    observeElementRect: observeRectLazily,
    initialOffset: () => {
      if (items.length === 0) return 0;
      let total = header ? estimate(undefined) : 0;
      for (const item of items) total += estimate(item);
      return Math.max(0, total - window.innerHeight + 120);
    },
    estimateSize: (index) => estimate(index < offset ? undefined : items[index - offset]),
    getItemKey: (index) => (index < offset ? 'header' : (items[index - offset]?.key ?? index)),
    overscan: 6,
  });

  /** Where a message starts in the list, with the rows measured so far; undefined if it is not there. */
  const startOf = (key: string): number | undefined => {
    const index = items.findIndex((item) => item.key === key);
    if (index < 0) return undefined;
    virtualizer.getTotalSize(); // brings the measurements up to date
    return virtualizer.measurementsCache[index + offset]?.start;
  };

  const release = useCallback(() => {
    held.current = undefined;
    virtualizer.shouldAdjustScrollPositionOnItemSizeChange = undefined;
  }, [virtualizer]);

  const toBottom = useCallback(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
    stick.current = true;
    release();
    setAway(false);
  }, [release]);

  useLayoutEffect(() => {
    stick.current = true;
    release();
    setAway(false);
  }, [conversationKey, release]);

  // A message just sent brings the view down to it, even from far up in the conversation.
  const lastSent = items.findLast((item) => item.kind === 'user' && item.local === true)?.key;
  useLayoutEffect(() => {
    if (lastSent === undefined) return;
    stick.current = true;
    release();
    setAway(false);
  }, [lastSent, release]);

  // After every render (new text, a row measured): stay at the bottom if that is where we were. A
  // list of no messages holds only its card (set up a model, say), read from its top.
  useLayoutEffect(() => {
    if (!stick.current || items.length === 0) return;
    const el = scroller.current;
    if (el && el.scrollHeight - el.scrollTop - el.clientHeight > 1) el.scrollTop = el.scrollHeight;
  });

  // The first message of the owner's: its key is its own and stays when earlier ones load (an
  // assistant block's is its first loaded message's, and the block may grow upwards then).
  const firstKey = items.find((item) => item.kind === 'user')?.key ?? items[0]?.key;

  const noteFirst = (el: HTMLDivElement) => {
    const key = firstKey;
    const start = key === undefined ? undefined : startOf(key);
    first.current = key === undefined || start === undefined ? undefined : { key, top: start - el.scrollTop };
  };

  // Earlier messages put above the first one (Load earlier): that message keeps its place on
  // screen, and rows above it, measured later, push the view instead of it.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const before = first.current;
    if (!stick.current && before && before.key !== firstKey && startOf(before.key) !== undefined) {
      held.current = before;
      const index = items.findIndex((item) => item.key === before.key) + offset;
      virtualizer.shouldAdjustScrollPositionOnItemSizeChange = (row) => row.index < index;
    }
    const anchor = held.current;
    const start = anchor && startOf(anchor.key);
    if (anchor && start === undefined) release();
    else if (anchor && start !== undefined && Math.abs(el.scrollTop - (start - anchor.top)) > 0.5)
      el.scrollTop = start - anchor.top;
    noteFirst(el);
  });

  // The view itself moved or resized (a toast taking room above it or giving it back, the window,
  // the message box growing): one kept at the newest message stays there, and one read higher up
  // keeps what is read where it was on screen. Done as the layout changes, before it is painted.
  const hasItems = useRef(false);
  hasItems.current = items.length > 0;
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    let top = el.getBoundingClientRect().top;
    const observer = new ResizeObserver(() => {
      const now = el.getBoundingClientRect().top;
      const moved = now - top;
      top = now;
      if (stick.current) {
        if (hasItems.current) el.scrollTop = el.scrollHeight;
        return;
      }
      if (Math.abs(moved) < 0.5) return;
      el.scrollTop += moved;
      for (const anchor of [held.current, first.current]) if (anchor) anchor.top -= moved;
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    const near = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
    stick.current = near;
    setAway(!near);
    noteFirst(el);
  };

  return (
    <div
      className="message-scroller"
      ref={scroller}
      onScroll={onScroll}
      onWheel={release}
      onTouchStart={release}
      onPointerDown={release}
      onKeyDown={release}
    >
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
