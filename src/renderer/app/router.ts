/**
 * Hash routing: `#/chat`, `#/chat/<conversation>`, `#/skills`, `#/skills/<name>`, `#/tasks`,
 * `#/tasks/<task>`, `#/audit`, `#/approvals`, `#/settings`.
 */
import { useSyncExternalStore } from 'react';

export const PAGES = ['chat', 'skills', 'tasks', 'audit', 'approvals', 'settings'] as const;
export type PageId = (typeof PAGES)[number];

export interface Route {
  page: PageId;
  /** The conversation, skill or task the route names, if any. */
  param?: string;
}

/** The text of an encoded part of a route; none for one that does not decode (`%E0`, a typo in a link). */
function decodedParam(part: string): string | undefined {
  try {
    return decodeURIComponent(part);
  } catch {
    return undefined;
  }
}

/** A route for any hash: a page it does not name is the chat, a part that does not decode is left off. */
export function parseHash(hash: string): Route {
  const [first, ...rest] = hash.replace(/^#\/?/, '').split('/');
  const page = PAGES.find((p) => p === first) ?? 'chat';
  const param = rest.length ? decodedParam(rest.join('/')) : undefined;
  return param ? { page, param } : { page };
}

export function routeHref(page: PageId, param?: string): string {
  return param ? `#/${page}/${encodeURIComponent(param)}` : `#/${page}`;
}

/** Goes to a route; `replace` does not add a history entry (a new conversation getting its id). */
export function navigate(page: PageId, param?: string, replace = false): void {
  goTo(routeHref(page, param), replace);
}

/** The hashes the app went to itself (goTo) whose `hashchange` has not come yet, oldest first. */
const goneTo: string[] = [];

/** Goes to `href` (a route's, `#/…`); `replace` does not add a history entry. */
export function goTo(href: string, replace = false): void {
  const before = window.location.hash;
  if (replace) window.location.replace(href);
  else window.location.hash = href;
  if (window.location.hash !== before) goneTo.push(window.location.hash);
}

/** What holds the page while it has unsaved edits: told where the browser was going instead. */
let holder: ((href: string) => void) | undefined;

/**
 * Holds the page where it is against the browser's own moves (Back, Forward, an address typed):
 * the address is put back without a history entry and `hold` is told where the move went (a
 * route's href, for goTo). The app's own moves (goTo, navigate) go on. Returns the release.
 */
export function holdPage(hold: (href: string) => void): () => void {
  holder = hold;
  return () => {
    if (holder === hold) holder = undefined;
  };
}

// The first listener of all (capture, added before any page subscribes): a held move is put back
// before the route, or anything else, sees it.
window.addEventListener(
  'hashchange',
  (event) => {
    const at = goneTo.indexOf(new URL(event.newURL).hash);
    if (at >= 0) {
      goneTo.splice(0, at + 1);
      return;
    }
    if (!holder) return;
    event.stopImmediatePropagation();
    window.history.replaceState(window.history.state, '', event.oldURL);
    // No hash is the chat's route (going there without a hash would load the page again).
    holder(new URL(event.newURL).hash || routeHref('chat'));
  },
  true,
);

function subscribe(listener: () => void): () => void {
  window.addEventListener('hashchange', listener);
  return () => window.removeEventListener('hashchange', listener);
}

let cachedHash: string | undefined;
let cachedRoute: Route = { page: 'chat' };
function snapshot(): Route {
  if (window.location.hash !== cachedHash) {
    cachedHash = window.location.hash;
    cachedRoute = parseHash(cachedHash);
  }
  return cachedRoute;
}

export function useRoute(): Route {
  return useSyncExternalStore(subscribe, snapshot);
}

/** The tray's small chat window opens the page with `?compact=1`: chat only. */
export const compactMode = new URLSearchParams(window.location.search).get('compact') === '1';
