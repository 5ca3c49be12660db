/**
 * Who may talk to `ias serve`: whoever shows the token in-band — `Authorization: Bearer` (programs,
 * and the web UI's session check) or, on the WebSocket, the `Sec-WebSocket-Protocol` header. Never
 * a cookie: browsers send the cookies of 127.0.0.1 to every port on it (RFC 6265 §8.5), so any other
 * local web server the owner visits would receive it.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { WS_TOKEN_PREFIX } from '../shared/serve-auth.js';

export { SESSION_PATH, TOKEN_PARAM, WS_PROTOCOL } from '../shared/serve-auth.js';

/** Compares in constant time (hashing first, so the lengths match and leak nothing). */
export function tokenMatches(candidate: string | undefined, token: string): boolean {
  if (candidate === undefined) return false;
  const a = createHash('sha256').update(candidate).digest();
  const b = createHash('sha256').update(token).digest();
  return timingSafeEqual(a, b);
}

export function bearerToken(req: IncomingMessage): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  return match?.[1];
}

/** The subprotocols a WebSocket upgrade offers, in order. */
export function offeredProtocols(req: IncomingMessage): string[] {
  const header = req.headers['sec-websocket-protocol'];
  if (!header) return [];
  return header
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
}

export function protocolToken(req: IncomingMessage): string | undefined {
  return offeredProtocols(req)
    .find((p) => p.startsWith(WS_TOKEN_PREFIX))
    ?.slice(WS_TOKEN_PREFIX.length);
}

/** True when the Authorization header carries the token. */
export function hasBearer(req: IncomingMessage, token: string): boolean {
  return tokenMatches(bearerToken(req), token);
}
