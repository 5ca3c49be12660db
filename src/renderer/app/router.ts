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

/**
 * Where the current entry is in the browser's own count of the tab's entries, where the browser
 * tells (the Navigation API: Chromium, so Electron): it places an entry with no index of ours.
 */
function browserIndex(): number | undefined {
  const index = (window as { navigation?: { currentEntry?: { index?: unknown } | null } }).navigation?.currentEntry
    ?.index;
  return typeof index === 'number' && index >= 0 ? index : undefined;
}

/** The entry the page shows, its hash, and where the browser counts it. */
let at = entryIndex() ?? tagEntry(0);
let atHash = window.location.hash;
let atBrowser = browserIndex();

function landAt(index: number): void {
  at = index;
  atHash = window.location.hash;
  atBrowser = browserIndex();
}

/**
 * The index of an entry just landed on that has none of ours: one the browser just made (an address
 * typed, a link followed) comes next; one from before the page counted (a restored session) is
 * placed by the browser's count where it gives one, and is otherwise taken as the next too.
 */
function indexUnknown(): number {
  const browser = browserIndex();
  return tagEntry(browser !== undefined && atBrowser !== undefined ? at + browser - atBrowser : at + 1);
}

/**
 * Goes to `href` (a route's, `#/…`); `replace` does not add a history entry. While a move of the
 * browser's is being undone, it waits for the undo to land: made from the entry it left, it would
 * cut the page's own entry off the history, or be taken for the browser's.
 */
export function goTo(href: string, replace = false): void {
  if (undoing) {
    undoing.then.push(() => goTo(href, replace));
    return;
  }
  const from = entryIndex() ?? at;
  const before = window.location.hash;
  if (replace) window.location.replace(href);
  else window.location.hash = href;
  // Counted at once, so its `hashchange` is known for the app's own move when it comes.
  landAt(tagEntry(replace || window.location.hash === before ? from : from + 1));
}

/** What holds the page while it has unsaved edits: given the way to finish the browser's move. */
let holder: ((resume: () => void) => void) | undefined;
/** A move of the browser's being undone: the entry it went to, and the app's moves made meanwhile. */
let undoing: { to: number; then: (() => void)[] } | undefined;
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

/** Makes a held move after all, once any undo in flight has landed (the page's entry is where to go from). */
function resume(to: number): void {
  if (undoing) {
    undoing.then.push(() => resume(to));
    return;
  }
  resuming = to;
  window.history.go(to - at);
}

// The first listener of all (capture, added before any page subscribes): a held move is undone
// before the route, or anything else, sees it.
window.addEventListener(
  'hashchange',
  (event) => {
    // A move that another has already followed: the other's own `hashchange` is still to come.
    if (new URL(event.newURL).hash !== window.location.hash) {
      if (undoing || holder) event.stopImmediatePropagation();
      return;
    }
    const landed = entryIndex() ?? indexUnknown();
    if (undoing) {
      event.stopImmediatePropagation();
      // Another move came before the undo landed (Chromium then drops the undo): it is the one to
      // ask about, and it is undone from where it landed.
      if (landed !== at) {
        undoing.to = landed;
        window.history.go(at - landed);
        return;
      }
      const { to, then } = undoing;
      undoing = heldHash = undefined;
      // The app moved meanwhile (a link, a Discard): its moves go on, and the browser's is given up.
      if (then.length) for (const move of then) move();
      else holder?.(() => resume(to));
      return;
    }
    if (landed === at) return;
    if (!holder || landed === resuming) {
      landAt(landed);
      resuming = undefined;
      return;
    }
    event.stopImmediatePropagation();
    undoing = { to: landed, then: [] };
    heldHash = atHash;
    window.history.go(at - landed);
  },
  true,
);

// A move between two entries of one address changes no hash (no `hashchange`): the page stays,
// and only where it is in the history is noted.
window.addEventListener('popstate', () => {
  const landed = entryIndex();
  if (!undoing && landed !== undefined && window.location.hash === atHash) landAt(landed);
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

/**
 * Whether the page shows `page` (with `param`, or with none) now: read after an await, before a
 * move the answer brings, since the owner may have gone elsewhere meanwhile and stays there.
 */
export function isShown(page: PageId, param?: string): boolean {
  const route = snapshot();
  return route.page === page && route.param === param;
}

/** The tray's small chat window opens the page with `?compact=1`: chat only. */
export const compactMode = new URLSearchParams(window.location.search).get('compact') === '1';
