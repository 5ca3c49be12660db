/**
 * The audit log as a virtualised table: only the rows in view are in the DOM, the next page
 * loads as the end comes into view. Arrow keys, Page Up/Down, Home/End move; Enter opens a row.
 *
 * Scrolling costs the browser as little as it can: the rows sit in normal flow inside one window,
 * moved to where the first of them belongs (rows added or removed lay out the list, not the page;
 * rows positioned one by one lay out the whole page each time), and a row that leaves the view
 * lends its element to one that comes in (see row-slots.ts).
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import type { AuditRowInfo } from '../../shared/contract.js';
import { useT } from '../i18n.js';
import { Spinner } from '../ui/Spinner.js';
import { observeRectLazily } from '../ui/virtual.js';
import { AuditRow } from './AuditRow.js';
import { useRowSlots } from './row-slots.js';

const ROW_HEIGHT = 30;
const LOAD_AHEAD = 60;
/** Rows kept beyond each edge of the view: enough for a wheel notch before the next render. */
const OVERSCAN = 4;

interface Props {
  rows: AuditRowInfo[];
  hasMore: boolean;
  loading: boolean;
  active: number | undefined;
  /** The row picked (by a click or the keys). */
  onActive: (row: AuditRowInfo) => void;
  onOpen: (row: AuditRowInfo) => void;
  loadMore: () => void;
  /** The scrolling, focusable body (to give focus back when the drawer closes). */
  bodyRef?: RefObject<HTMLDivElement | null>;
  /** Told when the list comes to its top or leaves it. */
  onAtTop?: (atTop: boolean) => void;
}

export function AuditTable(props: Props) {
  const { rows, hasMore, loading, active, onActive, onOpen, loadMore, bodyRef, onAtTop } = props;
  const t = useT();
  const own = useRef<HTMLDivElement>(null);
  const scroller = bodyRef ?? own;
  const atTop = useRef(true);
  const onScroll = () => {
    const now = (scroller.current?.scrollTop ?? 0) < 1;
    if (now === atTop.current) return;
    atTop.current = now;
    onAtTop?.(now);
  };
  const count = rows.length + (hasMore ? 1 : 0);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    initialRect: { width: 1000, height: Math.max(300, window.innerHeight - 140) },
    observeElementRect: observeRectLazily,
    overscan: OVERSCAN,
    // Fixed-height rows: render on the next frame rather than inside each scroll event.
    useFlushSync: false,
  });
  const items = virtualizer.getVirtualItems();
  const last = items[items.length - 1];
  // The "loading more" row, when there is one, is the last item and has its own key.
  const slots = useRowSlots(items.filter((item) => item.index < rows.length).map((item) => item.index));

  useEffect(() => {
    if (hasMore && !loading && last && last.index >= rows.length - LOAD_AHEAD) loadMore();
  }, [last, hasMore, loading, rows.length, loadMore]);

  const pick = useCallback(
    (row: AuditRowInfo) => {
      onActive(row);
      onOpen(row);
    },
    [onActive, onOpen],
  );

  const move = (index: number) => {
    if (rows.length === 0) return;
    const next = Math.max(0, Math.min(rows.length - 1, index));
    onActive(rows[next]!);
    virtualizer.scrollToIndex(next, { align: 'auto' });
  };
  const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? 300) / ROW_HEIGHT) - 1);
  const onKeyDown = (event: KeyboardEvent) => {
    const at = active ?? -1;
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(at + 1),
      ArrowUp: () => move(at - 1),
      PageDown: () => move(at + page),
      PageUp: () => move(at - page),
      Home: () => move(0),
      End: () => move(rows.length - 1),
      Enter: () => {
        const row = active !== undefined ? rows[active] : undefined;
        if (row) onOpen(row);
      },
    };
    const action = keys[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  };

  return (
    <div className="audit-table" role="table" aria-label={t.audit.title} aria-rowcount={hasMore ? -1 : rows.length + 1}>
      <div className="audit-row audit-header" role="row">
        <span role="columnheader">{t.audit.columns.time}</span>
        <span role="columnheader">{t.audit.columns.skill}</span>
        <span role="columnheader" className="col-source">
          {t.audit.columns.source}
        </span>
        <span role="columnheader" className="col-risk">
          {t.audit.columns.risk}
        </span>
        <span role="columnheader">{t.audit.columns.status}</span>
        <span role="columnheader" className="col-approval">
          {t.audit.columns.approval}
        </span>
        <span role="columnheader" className="num col-duration">
          {t.audit.columns.duration}
        </span>
        <span role="columnheader" className="col-result">
          {t.audit.columns.result}
        </span>
      </div>
      <div
        className="audit-scroll"
        ref={scroller}
        tabIndex={0}
        role="rowgroup"
        data-testid="audit-table"
        aria-activedescendant={active !== undefined ? `audit-row-${rows[active]?.id}` : undefined}
        onKeyDown={onKeyDown}
        onScroll={onScroll}
      >
        <div className="audit-space" style={{ height: virtualizer.getTotalSize() }}>
          <div className="audit-window" style={{ transform: `translateY(${items[0]?.start ?? 0}px)` }}>
            {items.map((item, k) => {
              const row = rows[item.index];
              if (!row) {
                return (
                  <div key="more" className="audit-row audit-more" style={{ height: ROW_HEIGHT }} role="row">
                    <span role="cell" className="audit-more-cell">
                      <Spinner size={12} /> {rows.length === 0 ? t.common.loading : t.audit.loadingMore}
                    </span>
                  </div>
                );
              }
              return (
                <AuditRow
                  key={slots[k]}
                  row={row}
                  index={item.index}
                  height={ROW_HEIGHT}
                  active={item.index === active}
                  onPick={pick}
                />
              );
            })}
          </div>
        </div>
      </div>
    </div>
  );
}
