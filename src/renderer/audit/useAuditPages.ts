/**
 * The audit log, a page at a time: `queryAudit` with the cursor of the page before. A new query
 * starts over; answers to an older query are dropped.
 *
 * It follows new calls (the `audit-changed` event, see live-rows.ts): the newest page is read
 * again, and the running calls shown past it. Rows shown whose call moved on change in place at
 * once. New rows come in at once while `live` (the list at its top, nothing open); otherwise they
 * wait, counted in `news`, until `showNews` or the list is live again, so the view does not move.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AuditPageInfo, AuditQuery, AuditRowInfo } from '../../shared/contract.js';
import { client, errorText } from '../api/client.js';
import { useIasEvent, useOnReconnect } from '../api/hooks.js';
import { useT } from '../i18n.js';
import { unseenCount, updatedInPlace, withHead } from './live-rows.js';

export const PAGE_SIZE = 100;
/** Running calls shown past the newest page read again, at most, on each change. */
const MAX_LOOKUPS = 20;

export interface AuditPages {
  rows: AuditRowInfo[];
  hasMore: boolean;
  loading: boolean;
  error: string | undefined;
  loadMore: () => void;
  reload: () => void;
  /** New calls waiting to be shown (the newest page's rows not shown); `newsMore`: more than a page. */
  news: number;
  newsMore: boolean;
  /** Shows the new calls waiting. */
  showNews: () => void;
}

/** A call shown, read again alone: the rows started in its millisecond, whatever the filters. */
async function readAgain(row: AuditRowInfo): Promise<AuditRowInfo | undefined> {
  const page = await client.call.queryAudit({ from: row.startedAt, to: row.startedAt + 1, limit: 500 });
  return page.rows.find((r) => r.id === row.id);
}

export function useAuditPages(query: AuditQuery, live: boolean): AuditPages {
  const t = useT();
  const [rows, setRowsState] = useState<AuditRowInfo[]>([]);
  const [hasMore, setHasMore] = useState(true);
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<{ error: unknown }>();
  const [news, setNews] = useState({ count: 0, more: false });
  const generation = useRef(0);
  const cursor = useRef<string | undefined>(undefined);
  const busy = useRef(false);
  const more = useRef(true);
  const queryRef = useRef(query);
  const key = JSON.stringify(query);
  // What the live part reads between renders: the rows shown, the newest page not shown yet.
  const rowsRef = useRef(rows);
  const waiting = useRef<AuditPageInfo>(undefined);
  const liveRef = useRef(live);
  /** A first page under way; a change told meanwhile is followed once it is in. */
  const firstPending = useRef<{ changed: boolean }>(undefined);
  const following = useRef<{ again: boolean }>(undefined);

  const setRows = useCallback((next: AuditRowInfo[]) => {
    rowsRef.current = next;
    setRowsState(next);
  }, []);
  const setWaiting = useCallback((head: AuditPageInfo | undefined) => {
    waiting.current = head;
    const count = head ? unseenCount(rowsRef.current, head) : 0;
    const beyond = count > 0 && head?.nextCursor !== undefined && withHead(rowsRef.current, head).restart;
    setNews((was) => (was.count === count && was.more === beyond ? was : { count, more: beyond }));
  }, []);

  /** The head in front of the rows shown; past a gap, the pages start over from it. */
  const takeHead = useCallback(
    (head: AuditPageInfo) => {
      const merged = withHead(rowsRef.current, head);
      if (merged.restart) {
        // A page under way was read after the old cursor: dropped.
        generation.current++;
        busy.current = false;
        cursor.current = head.nextCursor;
        more.current = head.nextCursor !== undefined;
        setHasMore(more.current);
      }
      setRows(merged.rows);
      setWaiting(undefined);
    },
    [setRows, setWaiting],
  );

  /** Reads the newest page and the running calls shown again, once at a time (a change meanwhile: once more). */
  const follow = useCallback(async () => {
    if (following.current) {
      following.current.again = true;
      return;
    }
    following.current = { again: true };
    while (following.current.again) {
      following.current.again = false;
      if (firstPending.current) {
        firstPending.current.changed = true;
        break;
      }
      const mine = generation.current;
      try {
        const head = await client.call.queryAudit({ ...queryRef.current, limit: PAGE_SIZE });
        const inHead = new Set(head.rows.map((row) => row.id));
        const running = rowsRef.current.filter((row) => row.status === 'running' && !inHead.has(row.id));
        const found = await Promise.all(running.slice(0, MAX_LOOKUPS).map(readAgain));
        if (mine !== generation.current) continue;
        const fresh = new Map<number, AuditRowInfo>();
        for (const row of [...found, ...head.rows]) if (row) fresh.set(row.id, row);
        const updated = updatedInPlace(rowsRef.current, fresh);
        if (updated !== rowsRef.current) setRows(updated);
        if (liveRef.current) takeHead(head);
        else setWaiting(head);
      } catch {
        // Shown as it was: the next change, a reconnection or Refresh reads it again.
      }
    }
    following.current = undefined;
  }, [setRows, setWaiting, takeHead]);

  const fetchPage = useCallback(
    (first: boolean) => {
      if (!first && (busy.current || !more.current)) return;
      const mine = first ? ++generation.current : generation.current;
      if (first) {
        cursor.current = undefined;
        more.current = true;
        firstPending.current = { changed: false };
        // New calls read before are the old query's: taken in while this page is under way, they
        // would take its place (and, past a gap, drop it).
        setWaiting(undefined);
      }
      busy.current = true;
      // Only the first page shows a spinner: later pages arrive while scrolling, with no extra render.
      if (first) setLoading(true);
      const request: AuditQuery = {
        ...queryRef.current,
        limit: PAGE_SIZE,
        ...(cursor.current ? { cursor: cursor.current } : {}),
      };
      client.call.queryAudit(request).then(
        (page) => {
          if (mine !== generation.current) return;
          busy.current = false;
          cursor.current = page.nextCursor;
          more.current = page.nextCursor !== undefined;
          setRows(first ? page.rows : [...rowsRef.current, ...page.rows]);
          setHasMore(more.current);
          setFailure(undefined);
          if (first) {
            setLoading(false);
            const changed = firstPending.current?.changed;
            firstPending.current = undefined;
            if (changed) void follow();
          }
        },
        (err: unknown) => {
          if (mine !== generation.current) return;
          busy.current = false;
          firstPending.current = undefined;
          setFailure({ error: err });
          setLoading(false);
        },
      );
    },
    [setRows, setWaiting, follow],
  );

  useEffect(() => {
    queryRef.current = JSON.parse(key) as AuditQuery;
    fetchPage(true);
  }, [key, fetchPage]);

  useIasEvent((event) => {
    if (event.type === 'audit-changed') void follow();
  });
  // Live again (scrolled back to the top, the drawer closed): what waited comes in.
  useEffect(() => {
    liveRef.current = live;
    if (live && waiting.current) takeHead(waiting.current);
  }, [live, takeHead]);

  const reload = useCallback(() => fetchPage(true), [fetchPage]);
  useOnReconnect(reload);
  const loadMore = useCallback(() => fetchPage(false), [fetchPage]);
  const showNews = useCallback(() => {
    if (waiting.current) takeHead(waiting.current);
  }, [takeHead]);
  const error = failure && errorText(t, failure.error);
  return { rows, hasMore, loading, error, loadMore, reload, news: news.count, newsMore: news.more, showNews };
}
