/**
 * The URLs a reply's links and images may keep. A reply is the model's text, and the model may
 * have read a page written to trick it. The desktop app's page is a file: page, where `//host/x`
 * (or `\\host\x`, `/\host`) means `file://host/x`: on Windows a network share, whose fetch sends
 * the owner's NTLM hash to that host. So a reply keeps only absolute http(s) and mailto: URLs, and
 * the app's own `#/` routes, and footnotes' links within the reply; a mailto: only with no query
 * (see isPlainMailto); anything else (a path, a protocol-relative URL, another scheme, a
 * backslash, a space or a control character a browser would skip) is dropped.
 */
import { isPlainMailto } from '../../shared/plain-mailto.js';

/** A footnote's link to its note, or back (remark-gfm's ids): it moves within the reply. */
const FOOTNOTE = /^#user-content-fn(ref)?-[\w%.-]+$/;

const SCHEMES: ReadonlySet<string> = new Set(['http:', 'https:', 'mailto:']);

/** Whitespace, control characters and backslashes: what browsers skip or read as `/`. */
const SKIPPED = /[\s\\\u0000-\u001f\u007f-\u009f\u200b-\u200d\u2060]/u;

/** The URL as a reply may keep it, or `undefined` if it may not. */
export function replyUrl(url: string): string | undefined {
  if (SKIPPED.test(url)) return undefined;
  if (url.startsWith('#/') || isFootnoteLink(url)) return url;
  // http(s) with its `//host`, spelled out (`http:host` would be read against the page's own URL).
  if (!/^(https?:\/\/[^/]|mailto:)/i.test(url)) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (!SCHEMES.has(parsed.protocol) || parsed.username !== '' || parsed.password !== '') return undefined;
  if (parsed.protocol === 'mailto:' && !isPlainMailto(parsed)) return undefined;
  return parsed.href;
}

/** Whether a kept URL is one of the app's own routes (it opens in the app, not the browser). */
export function isAppRoute(url: string): boolean {
  return url.startsWith('#/');
}

/** Whether a kept URL is a footnote's link within its reply (it scrolls there, and is no route). */
export function isFootnoteLink(url: string): boolean {
  return FOOTNOTE.test(url);
}
