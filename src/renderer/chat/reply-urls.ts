/**
 * The URLs a reply's links and images may keep. A reply is the model's text, and the model may
 * have read a page written to trick it. The desktop app's page is a file: page, where `//host/x`
 * (or `\\host\x`, `/\host`) means `file://host/x`: on Windows a network share, whose fetch sends
 * the owner's NTLM hash to that host. So a reply keeps only absolute http(s) and mailto: URLs, and
 * the app's own `#/` routes; anything else (a path, a protocol-relative URL, another scheme, a
 * backslash, a space or a control character a browser would skip) is dropped.
 */

const SCHEMES: ReadonlySet<string> = new Set(['http:', 'https:', 'mailto:']);

/** Whitespace, control characters and backslashes: what browsers skip or read as `/`. */
const SKIPPED = /[\s\\\u0000-\u001f\u007f-\u009f\u200b-\u200d\u2060]/u;

/** The URL as a reply may keep it, or `undefined` if it may not. */
export function replyUrl(url: string): string | undefined {
  if (SKIPPED.test(url)) return undefined;
  if (url.startsWith('#/')) return url;
  // http(s) with its `//host`, spelled out (`http:host` would be read against the page's own URL).
  if (!/^(https?:\/\/[^/]|mailto:)/i.test(url)) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (!SCHEMES.has(parsed.protocol) || parsed.username !== '' || parsed.password !== '') return undefined;
  return parsed.href;
}

/** Whether a kept URL is one of the app's own routes (it opens in the app, not the browser). */
export function isAppRoute(url: string): boolean {
  return url.startsWith('#/');
}
