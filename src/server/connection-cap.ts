/**
 * The cap on the connections `ias serve` holds open, WebSockets included. Past `maxConnections` a
 * connection is still accepted, to be told why: its request (or upgrade) is answered 503 and the
 * connection closed. Past `refusedConnections` more, Node drops new ones as they come in, unanswered,
 * so a flood costs no more than that many sockets. Each kind of refusal is logged, not each refusal.
 */
import type http from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { ServeLimits } from './limits.js';
import type { Notice } from './refusal-notice.js';

export type BusyCheck = (socket: Duplex) => boolean;

export function capConnections(
  server: http.Server,
  limits: Pick<ServeLimits, 'maxConnections' | 'refusedConnections'>,
  notices: { busy: Notice; dropped: Notice },
): BusyCheck {
  const busy = new WeakSet<Duplex>();
  let open = 0;
  server.maxConnections = limits.maxConnections + limits.refusedConnections;
  server.on('connection', (socket: Socket) => {
    open++;
    socket.once('close', () => open--);
    if (open <= limits.maxConnections) return;
    busy.add(socket);
    notices.busy((words) => words.connectionsAnswered503(limits.maxConnections));
  });
  server.on('drop', () => {
    notices.dropped((words) => words.connectionsDropped(server.maxConnections));
  });
  return (socket) => busy.has(socket);
}
