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

/** Where this page's history entries are, counted from the page's first: kept in each entry's state. */
const ENTRY = 'iasEntry';

function entryIndex(): number | undefined {
  const state: unknown = window.history.state;
  const index = state && typeof state === 'object' ? (state as Record<string, unknown>)[ENTRY] : undefined;
  return typeof index === 'number' ? index : undefined;
}

/** Writes `index` into the current entry's state (what else the state holds stays). */
function tagEntry(index: number): number {
  const state: unknown = window.history.state;
  window.history.replaceState({ ...(state && typeof state === 'object' ? state : {}), [ENTRY]: index }, '');
  return index;
}

/** The entry the page shows, and its hash. */
let at = entryIndex() ?? tagEntry(0);
let atHash = window.location.hash;

function landAt(index: number): void {
  at = index;
  atHash = window.location.hash;
}

/** Goes to `href` (a route's, `#/…`); `replace` does not add a history entry. */
export function goTo(href: string, replace = false): void {
  const from = entryIndex() ?? at;
  const before = window.location.hash;
  if (replace) window.location.replace(href);
  else window.location.hash = href;
  // Counted at once, so its `hashchange` is known for the app's own move when it comes.
  landAt(tagEntry(replace || window.location.hash === before ? from : from + 1));
}

/** What holds the page while it has unsaved edits: given the way to finish the browser's move. */
let holder: ((resume: () => void) => void) | undefined;
/** A move of the browser's being undone: the entry it went to. */
let undoing: { to: number } | undefined;
/** The entry a move let go on is headed for. */
let resuming: number | undefined;
/** The hash the route keeps while a move is undone (the address is not back yet). */
let heldHash: string | undefined;

/**
 * Holds the page where it is against the browser's own moves (Back, Forward, an address typed):
 * the history goes back to the page's entry, as it was, and `hold` is then given `resume`, which
 * makes the move after all. The app's own moves (goTo, navigate) go on. Returns the release.
 */
export function holdPage(hold: (resume: () => void) => void): () => void {
  holder = hold;
  return () => {
    if (holder === hold) holder = undefined;
  };
}

// The first listener of all (capture, added before any page subscribes): a held move is undone
// before the route, or anything else, sees it.
window.addEventListener(
  'hashchange',
  (event) => {
    // An entry with no index is one the browser just made (an address typed, a link followed).
    const landed = entryIndex() ?? tagEntry(at + 1);
    if (undoing) {
      event.stopImmediatePropagation();
      if (landed !== at) return;
      const to = undoing.to;
      undoing = heldHash = undefined;
      holder?.(() => {
        resuming = to;
        window.history.go(to - at);
      });
      return;
    }
    if (landed === at) return;
    if (!holder || landed === resuming) {
      landAt(landed);
      resuming = undefined;
      return;
    }
    event.stopImmediatePropagation();
    undoing = { to: landed };
    heldHash = new URL(event.oldURL).hash;
    window.history.go(at - landed);
  },
  true,
);

// A move between two entries of one address changes no hash (no `hashchange`): the page stays,
// and only where it is in the history is noted.
window.addEventListener('popstate', () => {
  const landed = entryIndex();
  if (!undoing && landed !== undefined && window.location.hash === atHash) at = landed;
});

function subscribe(listener: () => void): () => void {
  window.addEventListener('hashchange', listener);
  return () => window.removeEventListener('hashchange', listener);
}

let cachedHash: string | undefined;
let cachedRoute: Route = { page: 'chat' };
function snapshot(): Route {
  const hash = heldHash ?? window.location.hash;
  if (hash !== cachedHash) {
    cachedHash = hash;
    cachedRoute = parseHash(cachedHash);
  }
  return cachedRoute;
}

export function useRoute(): Route {
  return useSyncExternalStore(subscribe, snapshot);
}

/** The tray's small chat window opens the page with `?compact=1`: chat only. */
export const compactMode = new URLSearchParams(window.location.search).get('compact') === '1';
