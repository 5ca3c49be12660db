/**
 * The headless transport: a WebSocket to `ias serve` speaking WsRequest / WsResponse / WsPush.
 * Calls made while the link is down wait for it; calls in flight when it drops fail. Reconnects
 * with exponential back-off (with jitter), at once when the browser comes back online.
 * The access token goes as a subprotocol. Too busy for one more socket, the server opens it
 * answering the subprotocol `ias-busy` and closes it at once with 1013: nothing is sent on it, calls
 * keep waiting, and the reconnection says the server is busy (`busy`). A browser does not say why an
 * upgrade failed, so when a socket closes before it opened, the server is asked whether the token is
 * right: if not (or there is none), the state is `unauthorized` and nothing is tried again; if it is
 * busy (too many connections: 503), the reconnection says so too.
 */
import type { ApiMethod, IasEvent, WsPush, WsRequest, WsResponse } from '../../shared/contract.js';
import { SESSION_PATH, WS_BUSY_CLOSE, WS_BUSY_PROTOCOL, wsProtocols } from '../../shared/serve-auth.js';
import { apiErrorText } from '../../shared/api-errors.js';
import { CallError, type ConnectionStatus, type Transport } from './transport.js';
import { downloadAuditExport } from './web-export.js';

export interface WsAuth {
  /** The access token; undefined when the page was opened without its link. */
  token: string | undefined;
  /**
   * Whether the server takes the token: true, false, 'busy' when it is too busy to take a socket
   * (the token is right), or undefined when it cannot tell (it is down).
   */
  check(token: string): Promise<SessionCheck>;
  /** Called once the server has refused the token. */
  forget(): void;
  /** Called each time the server has accepted the token (a socket opened with it). */
  accepted?(): void;
}

const notSignedIn = () => {
  const { message, messageCode } = apiErrorText('not-signed-in', {});
  return new CallError(message, messageCode);
};
const connectionLost = () => {
  const { message, messageCode } = apiErrorText('connection-lost', {});
  return new CallError(message, messageCode);
};

export type SessionCheck = boolean | 'busy' | undefined;

/** Asks `GET /api/session` of the server at `origin` whether `token` is right, and whether it is busy. */
export async function checkSession(origin: string, token: string): Promise<SessionCheck> {
  try {
    const res = await fetch(`${origin}${SESSION_PATH}`, {
      headers: { authorization: `Bearer ${token}` },
      cache: 'no-store',
      credentials: 'omit',
    });
    if (res.status === 401) return false;
    if (res.status === 503) return 'busy';
    return res.ok ? true : undefined;
  } catch {
    return undefined;
  }
}

interface Pending {
  frame: string;
  sent: boolean;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

const MIN_DELAY_MS = 500;
const MAX_DELAY_MS = 10_000;

export function backoffDelay(attempt: number): number {
  const base = Math.min(MAX_DELAY_MS, MIN_DELAY_MS * 2 ** attempt);
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

export function defaultWsUrl(location: Location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

/** `origin`: the server's, where the audit log's export is downloaded from (web-export.ts). */
export function createWsTransport(url: string, auth?: WsAuth, origin?: string): Transport {
  let socket: WebSocket | undefined;
  let nextId = 1;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let status: ConnectionStatus = { state: 'connecting' };
  const pending = new Map<number, Pending>();
  const eventListeners = new Set<(event: IasEvent) => void>();
  const statusListeners = new Set<(status: ConnectionStatus) => void>();

  function setStatus(next: ConnectionStatus): void {
    status = next;
    for (const listener of statusListeners) listener(status);
  }

  function flush(): void {
    // Not on a socket opened only to be closed as busy: it is open, but the link is not.
    if (status.state !== 'open' || socket?.readyState !== WebSocket.OPEN) return;
    for (const entry of pending.values()) {
      if (entry.sent) continue;
      socket.send(entry.frame);
      entry.sent = true;
    }
  }

  function onMessage(data: unknown): void {
    if (typeof data !== 'string') return;
    let message: Partial<WsResponse & WsPush>;
    try {
      message = JSON.parse(data) as Partial<WsResponse & WsPush>;
    } catch {
      return;
    }
    if (message.event) {
      for (const listener of eventListeners) listener(message.event);
      return;
    }
    if (typeof message.id !== 'number') return;
    const entry = pending.get(message.id);
    if (!entry) return;
    pending.delete(message.id);
    if (message.error !== undefined) entry.reject(new CallError(message.error, message.errorCode));
    else entry.resolve(message.result);
  }

  function unauthorized(reason: 'missing' | 'refused'): void {
    clearTimeout(timer);
    timer = undefined;
    if (reason === 'refused') auth?.forget();
    for (const [id, entry] of pending) {
      pending.delete(id);
      entry.reject(notSignedIn());
    }
    setStatus({ state: 'unauthorized', reason });
  }

  function scheduleReconnect(busy = false): void {
    const delay = backoffDelay(attempt++);
    setStatus({ state: 'reconnecting', retryAt: Date.now() + delay, ...(busy ? { busy } : {}) });
    clearTimeout(timer);
    timer = setTimeout(connect, delay);
  }

  function connect(): void {
    clearTimeout(timer);
    timer = undefined;
    if (status.state === 'unauthorized') return;
    if (socket && socket.readyState <= WebSocket.OPEN) return;
    const token = auth?.token;
    let ws: WebSocket;
    try {
      ws = token === undefined ? new WebSocket(url) : new WebSocket(url, wsProtocols(token));
    } catch {
      scheduleReconnect();
      return;
    }
    socket = ws;
    let opened = false;
    let busy = false;
    ws.onopen = () => {
      auth?.accepted?.();
      if (ws.protocol === WS_BUSY_PROTOCOL) {
        // Opened only to be closed (1013) past the token check: nothing is sent, the back-off goes on.
        busy = true;
        return;
      }
      opened = true;
      attempt = 0;
      setStatus({ state: 'open' });
      flush();
    };
    ws.onmessage = (message) => onMessage(message.data);
    ws.onclose = (closed) => {
      if (socket !== ws) return;
      socket = undefined;
      // What was sent may or may not have run: say so rather than send it twice.
      for (const [id, entry] of pending) {
        if (!entry.sent) continue;
        pending.delete(id);
        entry.reject(connectionLost());
      }
      if (busy || closed.code === WS_BUSY_CLOSE) {
        scheduleReconnect(true);
        return;
      }
      if (opened || token === undefined || !auth) {
        scheduleReconnect();
        return;
      }
      void auth.check(token).then((right) => {
        if (socket !== undefined || status.state === 'unauthorized') return;
        if (right === false) unauthorized('refused');
        else scheduleReconnect(right === 'busy');
      });
    };
  }

  if (typeof window !== 'undefined') {
    window.addEventListener('online', () => {
      if (status.state === 'reconnecting') connect();
    });
  }
  if (auth && auth.token === undefined) unauthorized('missing');
  else connect();

  return {
    kind: 'ws',
    invoke(method: ApiMethod, params: unknown[]) {
      if (status.state === 'unauthorized') return Promise.reject(notSignedIn());
      const id = nextId++;
      const request: WsRequest = { id, method, params };
      return new Promise((resolve, reject) => {
        pending.set(id, { frame: JSON.stringify(request), sent: false, resolve, reject });
        flush();
      });
    },
    saveAuditExport(query, format, fileName) {
      if (status.state === 'unauthorized') return Promise.reject(notSignedIn());
      const from = origin ?? new URL(url.replace(/^ws/, 'http')).origin;
      return downloadAuditExport(from, auth?.token, query, format, fileName);
    },
    onEvent(listener) {
      eventListeners.add(listener);
      return () => eventListeners.delete(listener);
    },
    status: () => status,
    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    retryNow() {
      if (status.state === 'reconnecting') connect();
    },
  };
}
