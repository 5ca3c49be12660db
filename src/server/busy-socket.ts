/**
 * A WebSocket refused for the cap on sockets, said where a browser can read it: a browser never sees
 * the status of a refused upgrade (503), but it sees a close code. So the upgrade is taken — answering
 * the subprotocol `ias-busy` when offered (the page then knows as the socket opens) — and
 * the socket closed at once with 1013 "Try Again Later". Only for a client that offered `ias-busy`
 * (the page) or no subprotocol (a program with a Bearer header); see ws-gateway.ts.
 *
 * Only for an upgrade that passed the token and Origin checks. Such a socket runs nothing (no
 * listener reads its frames), gets no event and is not counted among the sockets (its server tracks
 * none). The server's side ends as soon as the close frame is out and the socket is destroyed once
 * flushed, without waiting for the client's close frame (ws would wait up to 30 s): it holds a
 * connection no longer than a refused upgrade does (see upgrade-refusal.ts).
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { WS_BUSY_CLOSE, WS_BUSY_PROTOCOL } from '../shared/serve-auth.js';

const refusals = new WebSocketServer({
  noServer: true,
  clientTracking: false,
  perMessageDeflate: false,
  // Nothing but a close frame (at most 125 bytes, as any control frame) is read from these sockets.
  maxPayload: 125,
  handleProtocols: (protocols) => (protocols.has(WS_BUSY_PROTOCOL) ? WS_BUSY_PROTOCOL : false),
});

export function closeAsBusy(req: IncomingMessage, socket: Duplex, head: Buffer): void {
  refusals.handleUpgrade(req, socket, head, (ws) => {
    // A frame the client sends before our close is not read; an error in it must not throw.
    ws.on('error', () => {});
    ws.close(WS_BUSY_CLOSE, 'server busy, try again later');
    socket.once('finish', () => socket.destroy());
    socket.end();
  });
}
