/** Who may talk to `ias serve`: whoever shows the token — in the query, the cookie or a Bearer header. */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const TOKEN_COOKIE = 'ias_token';
export const TOKEN_PARAM = 'token';

/** Compares in constant time (hashing first, so the lengths match and leak nothing). */
export function tokenMatches(candidate: string | undefined, token: string): boolean {
  if (candidate === undefined) return false;
  const a = createHash('sha256').update(candidate).digest();
  const b = createHash('sha256').update(token).digest();
  return timingSafeEqual(a, b);
}

export function cookieValue(req: IncomingMessage, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

export function bearerToken(req: IncomingMessage): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  return match?.[1];
}

/** True when the cookie or the Authorization header carries the token. */
export function hasTokenCredential(req: IncomingMessage, token: string): boolean {
  return tokenMatches(cookieValue(req, TOKEN_COOKIE), token) || tokenMatches(bearerToken(req), token);
}

/** The cookie that keeps the browser signed in after it opened the printed URL. */
export function tokenCookie(token: string): string {
  return `${TOKEN_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`;
}
