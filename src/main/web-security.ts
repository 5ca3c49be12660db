/**
 * The security settings of every window, and what counts as the app's own page: plain data and
 * functions (no Electron import), so they are unit-tested.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isPlainMailto } from '../shared/plain-mailto.js';

/** Every window: isolated, sandboxed, no Node, web security on. */
export const SECURE_WEB_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  spellcheck: false,
} as const;

const samePath = (a: string, b: string, platform: NodeJS.Platform): boolean =>
  platform === 'win32' || platform === 'darwin'
    ? path.resolve(a).toLowerCase() === path.resolve(b).toLowerCase()
    : path.resolve(a) === path.resolve(b);

/**
 * A test for "is this URL the app's own renderer page": the dev server's origin, or the built
 * index.html. It never throws: its callers (will-navigate, the permission handlers) would then let
 * the navigation or the ask through, so a URL it cannot read (a file URL with an encoded "/", which
 * no path converts from) is not the app.
 */
export function appUrlMatcher(options: {
  devServer?: string;
  rendererFile: string;
  platform?: NodeJS.Platform;
}): (url: string) => boolean {
  const matches = (url: string): boolean => {
    const parsed = new URL(url);
    if (options.devServer) return parsed.origin === new URL(options.devServer).origin;
    if (parsed.protocol !== 'file:' || parsed.host !== '') return false;
    return samePath(fileURLToPath(parsed), options.rendererFile, options.platform ?? process.platform);
  };
  return (url) => {
    try {
      return matches(url);
    } catch {
      return false;
    }
  };
}

/**
 * Links the app may open outside it: http(s) in the browser, and a plain `mailto:address` in the
 * mail program; never file:, javascript: or custom schemes, nor a mailto: with a query (see
 * isPlainMailto).
 */
export function isSafeExternalUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    if (parsed.protocol === 'mailto:') return isPlainMailto(parsed);
    return (
      (parsed.protocol === 'https:' || parsed.protocol === 'http:') && parsed.username === '' && parsed.password === ''
    );
  } catch {
    return false;
  }
}

/**
 * A file: URL that names another machine: `file://host/x` (a protocol-relative `//host/x` on the
 * app's file: page) or a path that starts as a share (`file:////host/x`, `file:///%5C%5Chost`).
 * Windows opens it as a network share and sends the owner's NTLM hash to that host, so no page of
 * the app may fetch one.
 */
export function isNetworkFileUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'file:') return false;
  if (parsed.host !== '') return true;
  let pathname = parsed.pathname;
  try {
    pathname = decodeURIComponent(pathname);
  } catch {
    // Not decodable: looked at as written.
  }
  return /^[/\\]{2}/.test(pathname);
}

/**
 * The permissions the app's page uses: writing to the clipboard (the Copy buttons). Every other one
 * (camera, microphone, location, notifications: the desktop app notifies from its main process…)
 * is refused.
 */
const PAGE_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write']);

/** A permission check or request, as Electron describes it. */
export interface PermissionAsk {
  permission: string;
  /** The URL of the page that asks (its web contents); none when Electron names no page. */
  pageUrl: string | undefined;
  /** The URL of the frame that asks, when Electron names it. */
  requestingUrl?: string;
  /** Whether the main frame asks, when Electron says. */
  isMainFrame?: boolean;
}

/**
 * Whether a permission is granted: only one the app's page uses, and only to the app's own page
 * (its main frame), never to another page, a frame inside it, or an ask that names no page.
 */
export function permissionAllowed(ask: PermissionAsk, isAppUrl: (url: string) => boolean): boolean {
  if (!PAGE_PERMISSIONS.has(ask.permission)) return false;
  if (ask.pageUrl === undefined || !isAppUrl(ask.pageUrl)) return false;
  if (ask.isMainFrame === false) return false;
  return ask.requestingUrl === undefined || isAppUrl(ask.requestingUrl);
}
