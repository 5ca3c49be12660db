/**
 * Versions before the fragment link signed the browser in with an `ias_token` cookie. That cookie is
 * never read any more (it would reach every port of 127.0.0.1); a request that still carries one is
 * answered with an order to forget it, so the browser stops handing the token to other servers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

const LEGACY_COOKIE = 'ias_token';

export function expireLegacyCookie(req: IncomingMessage, res: ServerResponse): void {
  const header = req.headers.cookie;
  if (!header || !header.split(';').some((part) => part.trim().startsWith(`${LEGACY_COOKIE}=`))) return;
  res.setHeader('Set-Cookie', `${LEGACY_COOKIE}=; Max-Age=0; Path=/; HttpOnly; SameSite=Strict`);
}
