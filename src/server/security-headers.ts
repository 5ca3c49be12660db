/**
 * The headers every answer carries: the renderer's own Content-Security-Policy (the one in its
 * index.html meta tag, so page and server never disagree) with `frame-ancestors 'none'` added (a
 * meta tag cannot carry it: browsers ignore it there and log an error), no sniffing, no referrer,
 * no framing.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ServerResponse } from 'node:http';

/** A strict policy (src/renderer/index.html's at the time of writing), for a built page that carries none. */
export const DEFAULT_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
  "font-src 'self'; connect-src 'self' ws://127.0.0.1:* http://127.0.0.1:* ws://localhost:* http://localhost:*; " +
  "object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The directive no page of the app is framed by; only a header can deliver it. */
export const NO_FRAMING = "frame-ancestors 'none'";

/** A policy with {@link NO_FRAMING}, unless it says itself who may frame the page. */
export function withNoFraming(csp: string): string {
  return /(^|;)\s*frame-ancestors\b/i.test(csp) ? csp : `${csp.replace(/[;\s]+$/, '')}; ${NO_FRAMING}`;
}

/** The `Content-Security-Policy` of an HTML page's meta tag, if it has one. */
export function metaCsp(html: string): string | undefined {
  for (const tag of html.match(/<meta\b[^>]*>/gi) ?? []) {
    if (!/http-equiv\s*=\s*["']content-security-policy["']/i.test(tag)) continue;
    const content = /\bcontent\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(tag);
    const value = content?.[1] ?? content?.[2];
    if (value) return value.replace(/\s+/g, ' ').trim();
  }
  return undefined;
}

/** The renderer's policy, read from its built index.html, as the header delivers it (framing refused). */
export function rendererCsp(rendererDir: string): string {
  try {
    return withNoFraming(metaCsp(fs.readFileSync(path.join(rendererDir, 'index.html'), 'utf8')) ?? DEFAULT_CSP);
  } catch {
    return DEFAULT_CSP;
  }
}

export function setSecurityHeaders(res: ServerResponse, csp: string): void {
  res.setHeader('Content-Security-Policy', csp);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
}
