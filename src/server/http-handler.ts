/**
 * The HTTP side of `ias serve`. The built renderer's files (no secrets in them) are served to any
 * request with one of the server's own Host names; what needs the token lives behind the WebSocket,
 * plus `GET /api/audit-export`, the audit log's export (audit-export-route.ts), and
 * `GET /api/session`, which tells a page (or a program) whether its Bearer token is right (and, with the right one, whether a WebSocket would be refused for the cap on them: 503; the
 * web UI learns it from the socket itself, closed with 1013, and asks this only of a socket that
 * never opened).
 * A link of older versions (`/?token=…`) is redirected to the fragment form `/#token=…`, which
 * browsers never send to a server, so the token stops reaching servers' logs and history.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { AUDIT_EXPORT_PATH } from '../shared/audit-export.js';
import { sendAuditExport, type AuditExporter } from './audit-export-route.js';
import { hasBearer, SESSION_PATH, TOKEN_PARAM, tokenMatches } from './auth.js';
import type { BusyCheck } from './connection-cap.js';
import { hostAllowed } from './hosts.js';
import { expireLegacyCookie } from './legacy-cookie.js';
import { MAX_BODY_BYTES } from './limits.js';
import { plain } from './plain-answer.js';
import { setSecurityHeaders } from './security-headers.js';
import { lookupStatic, sendFile } from './static-files.js';

export interface HttpHandlerOptions {
  token: string;
  /** The renderer folder, as a real absolute path. */
  rendererDir: string;
  csp: string;
  /** The Host headers to answer; undefined for any. */
  hosts: () => Set<string> | undefined;
  /** True for a connection past the cap: its request is answered 503. */
  busy?: BusyCheck;
  /** True while a WebSocket upgrade would be refused for the cap on sockets: the session answers 503. */
  wsFull?: () => boolean;
  /** The audit log's export, in pieces: sent at `GET /api/audit-export` (audit-export-route.ts). */
  auditExport: AuditExporter;
}

const BUSY_TEXT = 'iAs has too many connections open; try again in a moment.\niAs 打开的连接太多，请稍后再试。\n';

const UNAUTHORIZED_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>iAs — sign in</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 36em; margin: 4em auto; line-height: 1.5">
<h1>iAs needs its access link</h1>
<p>This link’s access token is wrong. Open the URL printed by <code>ias serve</code> in the terminal
(the line “iAs is ready at http://…/#token=…”).</p>
<p>这个链接的访问令牌不对。请打开 <code>ias serve</code> 在终端里打印的链接。</p>
</body></html>
`;

/** 503: iAs is busy (too many connections or sockets); the client may try again shortly. */
function unavailable(res: ServerResponse): void {
  res.setHeader('Retry-After', '5');
  plain(res, 503, BUSY_TEXT);
}

function readOnly(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method === 'GET' || req.method === 'HEAD') return true;
  res.setHeader('Allow', 'GET, HEAD');
  plain(res, 405, 'Method not allowed\n');
  return false;
}

/** An old `?token=` link: to the same page with the token in the fragment, and no cookie. */
function redirectLegacyLink(res: ServerResponse, url: URL, given: string, options: HttpHandlerOptions): void {
  if (!tokenMatches(given, options.token)) return plain(res, 401, UNAUTHORIZED_PAGE, 'text/html; charset=utf-8');
  url.searchParams.delete(TOKEN_PARAM);
  res.statusCode = 303;
  // One leading slash: `//host` would send the browser elsewhere.
  const where = `/${url.pathname.replace(/^[/\\]+/, '')}${url.search}`;
  res.setHeader('Location', `${where}#${TOKEN_PARAM}=${encodeURIComponent(options.token)}`);
  res.setHeader('Cache-Control', 'no-store');
  res.end();
}

function serve(req: IncomingMessage, res: ServerResponse, url: URL, options: HttpHandlerOptions): void {
  const found = lookupStatic(options.rendererDir, url.pathname);
  if (found.kind === 'forbidden') return plain(res, 403, 'Forbidden\n');
  if (found.kind === 'missing') {
    const hint = url.pathname === '/' ? ' (the renderer is not built: run `npm run build`)' : '';
    return plain(res, 404, `Not found${hint}\n`);
  }
  sendFile(res, found.file, found.size, req.method === 'HEAD');
}

/** The body a request announces, in bytes (Infinity when chunked: its length is not known). */
function announcedBody(req: IncomingMessage): number {
  if (req.headers['transfer-encoding'] !== undefined) return Infinity;
  const length = Number(req.headers['content-length'] ?? 0);
  return Number.isNaN(length) ? Infinity : length;
}

export function httpHandler(options: HttpHandlerOptions): RequestListener {
  return (req, res) => {
    setSecurityHeaders(res, options.csp);
    // Answered without reading the body, and closed: kept alive, Node would read all of it first.
    const tooLarge = announcedBody(req) > MAX_BODY_BYTES;
    const busy = options.busy?.(req.socket) ?? false;
    if (tooLarge || busy) res.setHeader('Connection', 'close');
    if (busy) return unavailable(res);
    if (!hostAllowed(req, options.hosts())) return plain(res, 403, 'Unknown host\n');
    expireLegacyCookie(req, res);
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://server.invalid');
    } catch {
      return plain(res, 400, 'Bad request\n');
    }
    const fromQuery = url.searchParams.get(TOKEN_PARAM);
    if (fromQuery !== null) return redirectLegacyLink(res, url, fromQuery, options);
    if (!readOnly(req, res)) return;
    if (tooLarge) return plain(res, 413, 'Too large: a request to iAs carries no body\n');
    if (url.pathname === SESSION_PATH) {
      if (!hasBearer(req, options.token)) {
        res.setHeader('WWW-Authenticate', 'Bearer');
        return plain(res, 401, 'Unauthorized\n');
      }
      if (options.wsFull?.()) return unavailable(res);
      res.statusCode = 204;
      res.setHeader('Cache-Control', 'no-store');
      res.end();
      return;
    }
    if (url.pathname === AUDIT_EXPORT_PATH) return sendAuditExport(req, res, url, options);
    serve(req, res, url, options);
  };
}
