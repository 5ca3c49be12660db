/**
 * Refuses a WebSocket upgrade with a plain HTTP answer on the raw socket, then closes it. The socket
 * is no longer the HTTP server's (no time-out of its own) and allows half-open: ended only, it would
 * stay open as long as the client keeps its side, holding a connection of the cap for good.
 */
import type { Duplex } from 'node:stream';

export type RefusalStatus = 401 | 403 | 404 | 503;

export function refuseUpgrade(socket: Duplex, status: RefusalStatus, reason: string): void {
  const body = `${reason}\n`;
  const retry = status === 503 ? 'Retry-After: 5\r\n' : '';
  socket.once('finish', () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\n${retry}Content-Type: text/plain; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
