/** React hooks over the client: events, the link's state, and data that reloads itself. */
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { IasEvent } from '../../shared/contract.js';
import { useT } from '../i18n.js';
import { client, errorText, type ConnectionStatus } from './client.js';

/** Calls `listener` for every event pushed by the core, for as long as the component lives. */
export function useIasEvent(listener: (event: IasEvent) => void): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => client.onEvent((event) => latest.current(event)), []);
}

export function useConnection(): ConnectionStatus {
  return useSyncExternalStore(client.onConnection, client.connection);
}

/** Calls `callback` each time the link comes back after a drop (to fetch what may have changed). */
export function useOnReconnect(callback: () => void): void {
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });
  useEffect(() => {
    // Only a drop and a return count: calls made before the first connection simply wait for it.
    let wasDown = false;
    return client.onConnection((status) => {
      if (status.state === 'open' && wasDown) latest.current();
      wasDown = status.state !== 'open';
    });
  }, []);
}

export interface Loaded<T> {
  data: T | undefined;
  error: string | undefined;
  loading: boolean;
  reload: () => void;
  setData: (update: (data: T | undefined) => T | undefined) => void;
}

/**
 * Data from one call: loaded when `key` changes, reloaded on demand, when the link comes back and
 * when an event `reloadOn` accepts arrives. A stale answer never replaces a newer one.
 */
export function useLoad<T>(
  fetch: () => Promise<T>,
  key: unknown[] = [],
  reloadOn?: (event: IasEvent) => boolean,
): Loaded<T> {
  const [data, setDataState] = useState<T>();
  const t = useT();
  const [failure, setFailure] = useState<{ error: unknown }>();
  const [loading, setLoading] = useState(true);
  const generation = useRef(0);
  const fetchRef = useRef(fetch);
  useEffect(() => {
    fetchRef.current = fetch;
  });

  const reload = useCallback(() => {
    const mine = ++generation.current;
    setLoading(true);
    fetchRef.current().then(
      (value) => {
        if (mine !== generation.current) return;
        setDataState(value);
        setFailure(undefined);
        setLoading(false);
      },
      (err: unknown) => {
        if (mine !== generation.current) return;
        setFailure({ error: err });
        setLoading(false);
      },
    );
  }, []);

  useEffect(reload, key);
  useOnReconnect(reload);
  useIasEvent((event) => {
    if (reloadOn?.(event)) reload();
  });

  const setData = useCallback((update: (data: T | undefined) => T | undefined) => setDataState(update), []);
  const error = failure && errorText(t, failure.error);
  return { data, error, loading, reload, setData };
}

/** `value`, once it has stopped changing for `ms`. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The current time, ticking every `ms` (for countdowns and relative times). */
export function useNow(ms = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}
