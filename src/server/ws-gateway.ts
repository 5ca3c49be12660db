/**
 * The WebSocket at `/ws`: an upgrade needs the token and the server's own Origin; then requests are
 * answered one by one and every core event is pushed to every socket. Text frames only, at most
 * 1 MB; a frame that is not JSON closes the socket (1003). Past the cap of sockets (see limits.ts),
 * an upgrade is taken and closed at once with 1013 (busy-socket.ts), after the checks below: no one
 * without the token reaches it. Past the cap of connections (connection-cap.ts) it is answered 503
 * before any check, as every request is.
 *
 * Where the token goes: a browser cannot set headers on a WebSocket, except the subprotocols, so
 * the page offers `Sec-WebSocket-Protocol: ias, ias-busy, ias-token.<TOKEN>` and the server answers `ias`
 * (programs may send `Authorization: Bearer` instead). Chosen over a first authentication message
 * because the check stays where it was, before the upgrade: a socket without the token is refused
 * with 401 and never exists, so there is no unauthenticated state to guard (no events pushed to it,
 * no frames to ignore, no timer to close it). The token is not in the URL, so it reaches no log.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { IasApi, IasEvent, WsPush, WsResponse } from '../shared/contract.js';
import { hasBearer, offeredProtocols, protocolToken, tokenMatches, WS_PROTOCOL } from './auth.js';
import { WS_BUSY_PROTOCOL } from '../shared/serve-auth.js';
import { closeAsBusy } from './busy-socket.js';
import type { BusyCheck } from './connection-cap.js';
import { sameOrigin } from './hosts.js';
import { HEARTBEAT_MS, MAX_BUFFERED_BYTES, MAX_FRAME_BYTES, SERVE_LIMITS } from './limits.js';
import type { Notice } from './refusal-notice.js';
import { refuseUpgrade as refuse } from './upgrade-refusal.js';
import { dispatch, parseFrame } from './ws-protocol.js';

export const WS_PATH = '/ws';

export interface EventSource {
  on(event: 'event', listener: (event: IasEvent) => void): unknown;
  off(event: 'event', listener: (event: IasEvent) => void): unknown;
}

export interface WsGatewayOptions {
  api: IasApi;
  events: EventSource;
  token: string;
  hosts: () => Set<string> | undefined;
  /** Open sockets past which an upgrade is closed at once with 1013 (see busy-socket.ts). */
  maxClients?: number;
  /** True for a connection past the server's cap: its upgrade is refused. */
  busy?: BusyCheck;
  /** Says that upgrades are refused for the cap on sockets (throttled by its maker). */
  notice?: Notice;
}

function send(socket: WebSocket, message: WsResponse | WsPush): void {
  if (socket.readyState !== WebSocket.OPEN) return;
  if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
    socket.close(1008, 'too slow');
    return;
  }
  let text: string;
  try {
    text = JSON.stringify(message);
  } catch (err) {
    if (!('id' in message)) return;
    text = JSON.stringify({ id: message.id, error: `the answer could not be sent: ${(err as Error).message}` });
  }
  socket.send(text);
}

export class WsGateway {
  private readonly wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_FRAME_BYTES,
    perMessageDeflate: false,
    // Echo `ias`, never the token: a client that offered subprotocols needs one of them back.
    handleProtocols: (protocols) => (protocols.has(WS_PROTOCOL) ? WS_PROTOCOL : false),
  });
  private readonly alive = new WeakSet<WebSocket>();
  private readonly heartbeat: NodeJS.Timeout;
  private readonly onEvent = (event: IasEvent) => {
    for (const socket of this.wss.clients) send(socket, { event });
  };

  constructor(private readonly options: WsGatewayOptions) {
    options.events.on('event', this.onEvent);
    this.heartbeat = setInterval(() => this.beat(), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** The server's `upgrade` listener. */
  readonly upgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    socket.on('error', () => socket.destroy());
    if (this.options.busy?.(socket)) return refuse(socket, 503, 'Service Unavailable');
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://server.invalid');
    } catch {
      return refuse(socket, 404, 'Not Found');
    }
    if (url.pathname !== WS_PATH) return refuse(socket, 404, 'Not Found');
    const fromProtocol = protocolToken(req);
    const authorised =
      fromProtocol !== undefined ? tokenMatches(fromProtocol, this.options.token) : hasBearer(req, this.options.token);
    if (!authorised) return refuse(socket, 401, 'Unauthorized');
    // Any page may try to open a socket here: Origin says whose page it is (a second line behind the token).
    if (!sameOrigin(req, this.options.hosts())) return refuse(socket, 403, 'Forbidden');
    if (this.full) {
      this.options.notice?.((words) => words.socketsClosed(this.max));
      // A page of an older iAs (it offers `ias` but not `ias-busy`) would take a socket opened as its
      // own and send its calls on it: it is answered 503, as it was then.
      const offered = offeredProtocols(req);
      if (offered.includes(WS_PROTOCOL) && !offered.includes(WS_BUSY_PROTOCOL)) {
        return refuse(socket, 503, 'Service Unavailable');
      }
      return closeAsBusy(req, socket, head);
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => this.connected(ws));
  };

  get connections(): number {
    return this.wss.clients.size;
  }

  private get max(): number {
    return this.options.maxClients ?? SERVE_LIMITS.maxWsClients;
  }

  /** Whether an upgrade would be refused now for the cap on sockets (closed at once with 1013). */
  get full(): boolean {
    return this.wss.clients.size >= this.max;
  }

  private connected(socket: WebSocket): void {
    this.alive.add(socket);
    socket.on('pong', () => this.alive.add(socket));
    socket.on('error', () => socket.terminate());
    socket.on('message', (data: RawData, isBinary: boolean) => {
      if (isBinary) return;
      const parsed = parseFrame(Array.isArray(data) ? Buffer.concat(data).toString('utf8') : data.toString());
      if (parsed.kind === 'malformed') {
        socket.close(1003, 'malformed JSON');
        return;
      }
      if (parsed.kind === 'invalid') {
        if (parsed.id !== undefined) {
          const code = parsed.errorCode ? { errorCode: parsed.errorCode } : {};
          send(socket, { id: parsed.id, error: parsed.error, ...code });
        } else socket.close(1003, parsed.error.slice(0, 100));
        return;
      }
      void dispatch(this.options.api, parsed.request).then((response) => send(socket, response));
    });
  }

  private beat(): void {
    for (const socket of this.wss.clients) {
      if (!this.alive.has(socket)) {
        socket.terminate();
        continue;
      }
      this.alive.delete(socket);
      socket.ping();
    }
  }

  /** Stops pushing events and closes every socket ("going away"), cutting those that do not answer within a second. */
  async close(): Promise<void> {
    clearInterval(this.heartbeat);
    this.options.events.off('event', this.onEvent);
    for (const socket of this.wss.clients) socket.close(1001, 'server shutting down');
    const deadline = Date.now() + 1000;
    while (this.wss.clients.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    for (const socket of this.wss.clients) socket.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }
}
