/**
 * The audit log, a page at a time: `queryAudit` with the cursor of the page before. A new query
 * starts over; answers to an older query are dropped.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AuditQuery, AuditRowInfo } from '../../shared/contract.js';
import { client, errorText } from '../api/client.js';
import { useOnReconnect } from '../api/hooks.js';
import { useT } from '../i18n.js';

export const PAGE_SIZE = 100;

export interface AuditPages {
  rows: AuditRowInfo[];
  hasMore: boolean;
  loading: boolean;
  error: string | undefined;
  loadMore: () => void;
  reload: () => void;
}

export function useAuditPages(query: AuditQuery): AuditPages {
  const t = useT();
  const [rows, setRows] = useState<AuditRowInfo[]>([]);
  const [hasMore, setHasMore] = useState(true);
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<{ error: unknown }>();
  const generation = useRef(0);
  const cursor = useRef<string | undefined>(undefined);
  const busy = useRef(false);
  const more = useRef(true);
  const queryRef = useRef(query);
  const key = JSON.stringify(query);

  const fetchPage = useCallback((first: boolean) => {
    if (!first && (busy.current || !more.current)) return;
    const mine = first ? ++generation.current : generation.current;
    if (first) {
      cursor.current = undefined;
      more.current = true;
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
        setRows((current) => (first ? page.rows : [...current, ...page.rows]));
        setHasMore(more.current);
        setFailure(undefined);
        if (first) setLoading(false);
      },
      (err: unknown) => {
        if (mine !== generation.current) return;
        busy.current = false;
        setFailure({ error: err });
        setLoading(false);
      },
    );
  }, []);

  useEffect(() => {
    queryRef.current = JSON.parse(key) as AuditQuery;
    fetchPage(true);
  }, [key, fetchPage]);

  const reload = useCallback(() => fetchPage(true), [fetchPage]);
  useOnReconnect(reload);
  const loadMore = useCallback(() => fetchPage(false), [fetchPage]);
  const error = failure && errorText(t, failure.error);
  return { rows, hasMore, loading, error, loadMore, reload };
}
