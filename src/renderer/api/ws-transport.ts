/**
 * The headless transport: a WebSocket to `ias serve` speaking WsRequest / WsResponse / WsPush.
 * Calls made while the link is down wait for it; calls in flight when it drops fail. Reconnects
 * with exponential back-off (with jitter), at once when the browser comes back online.
 */
import type { ApiMethod, IasEvent, WsPush, WsRequest, WsResponse } from '../../shared/contract.js';
import type { ConnectionStatus, Transport } from './transport.js';

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

export function createWsTransport(url: string): Transport {
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
    if (socket?.readyState !== WebSocket.OPEN) return;
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
    if (message.error !== undefined) entry.reject(new Error(message.error));
    else entry.resolve(message.result);
  }

  function scheduleReconnect(): void {
    const delay = backoffDelay(attempt++);
    setStatus({ state: 'reconnecting', retryAt: Date.now() + delay });
    clearTimeout(timer);
    timer = setTimeout(connect, delay);
  }

  function connect(): void {
    clearTimeout(timer);
    timer = undefined;
    if (socket && socket.readyState <= WebSocket.OPEN) return;
    let ws: WebSocket;
    try {
      ws = new WebSocket(url);
    } catch {
      scheduleReconnect();
      return;
    }
    socket = ws;
    ws.onopen = () => {
      attempt = 0;
      setStatus({ state: 'open' });
      flush();
    };
    ws.onmessage = (message) => onMessage(message.data);
    ws.onclose = () => {
      if (socket !== ws) return;
      socket = undefined;
      // What was sent may or may not have run: say so rather than send it twice.
      for (const [id, entry] of pending) {
        if (!entry.sent) continue;
        pending.delete(id);
        entry.reject(new Error('connection lost'));
      }
      scheduleReconnect();
    };
  }

  if (typeof window !== 'undefined') {
    window.addEventListener('online', () => {
      if (status.state === 'reconnecting') connect();
    });
  }
  connect();

  return {
    kind: 'ws',
    invoke(method: ApiMethod, params: unknown[]) {
      const id = nextId++;
      const request: WsRequest = { id, method, params };
      return new Promise((resolve, reject) => {
        pending.set(id, { frame: JSON.stringify(request), sent: false, resolve, reject });
        flush();
      });
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
