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
  const href = routeHref(page, param);
  if (replace) window.location.replace(href);
  else window.location.hash = href;
}

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
