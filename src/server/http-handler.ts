/**
 * The HTTP side of `ias serve`: every request shows the token first. `?token=` signs the browser in
 * (an HttpOnly cookie) and redirects to the same URL without it, so the token does not linger in the
 * address bar or history. Then the built renderer's files, with the security headers.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { hasTokenCredential, TOKEN_PARAM, tokenCookie, tokenMatches } from './auth.js';
import { hostAllowed } from './hosts.js';
import { setSecurityHeaders } from './security-headers.js';
import { lookupStatic, sendFile } from './static-files.js';

export interface HttpHandlerOptions {
  token: string;
  /** The renderer folder, as a real absolute path. */
  rendererDir: string;
  csp: string;
  /** The Host headers to answer; undefined for any. */
  hosts: () => Set<string> | undefined;
}

const UNAUTHORIZED_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>iAs — sign in</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 36em; margin: 4em auto; line-height: 1.5">
<h1>iAs needs its access link</h1>
<p>Open the URL printed by <code>ias serve</code> in the terminal (the line
“iAs is ready at http://…/?token=…”).</p>
<p>请打开 <code>ias serve</code> 在终端里打印的链接。</p>
</body></html>
`;

function plain(res: ServerResponse, status: number, text: string, type = 'text/plain; charset=utf-8'): void {
  res.statusCode = status;
  res.setHeader('Content-Type', type);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

export function unauthorized(res: ServerResponse): void {
  plain(res, 401, UNAUTHORIZED_PAGE, 'text/html; charset=utf-8');
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

export function httpHandler(options: HttpHandlerOptions): RequestListener {
  return (req, res) => {
    setSecurityHeaders(res, options.csp);
    if (!hostAllowed(req, options.hosts())) return plain(res, 403, 'Unknown host\n');
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://server.invalid');
    } catch {
      return plain(res, 400, 'Bad request\n');
    }
    const fromQuery = url.searchParams.get(TOKEN_PARAM);
    if (fromQuery !== null) {
      if (!tokenMatches(fromQuery, options.token)) return unauthorized(res);
      url.searchParams.delete(TOKEN_PARAM);
      res.statusCode = 303;
      res.setHeader('Set-Cookie', tokenCookie(options.token));
      // One leading slash: `//host` would send the browser elsewhere.
      res.setHeader('Location', `/${url.pathname.replace(/^[/\\]+/, '')}${url.search}`);
      res.setHeader('Cache-Control', 'no-store');
      res.end();
      return;
    }
    if (!hasTokenCredential(req, options.token)) return unauthorized(res);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      return plain(res, 405, 'Method not allowed\n');
    }
    serve(req, res, url, options);
  };
}
