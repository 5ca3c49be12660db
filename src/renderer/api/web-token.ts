/**
 * The web UI's access token for `ias serve`. The printed link carries it in the fragment
 * (`/#token=…`), which a browser never sends to any server. The page takes it from there, keeps it
 * in localStorage — kept per origin, and the origin includes the port, unlike cookies, which every
 * port of 127.0.0.1 shares — and removes it from the address bar. When a token is saved already,
 * the link's replaces it only once the server has accepted it: an old link (from before
 * `ias serve --new-token`) opened in a new tab must not sign the owner's other tabs out. The
 * desktop app never uses it.
 */
import { TOKEN_PARAM } from '../../shared/serve-auth.js';

const STORAGE_KEY = 'ias.serveToken';
const FRAGMENT = new RegExp(`^#${TOKEN_PARAM}=([^&]*)`);

/** Where localStorage is out of reach (a locked-down profile), the token lasts as long as the page. */
let inMemory: string | undefined;
/** The token this page's link brought in place of a saved one, held apart until the server accepts it. */
let fromLink: string | undefined;

/** The token a `#token=…` fragment carries, if any. */
export function tokenFromFragment(hash: string): string | undefined {
  const match = FRAGMENT.exec(hash);
  if (!match?.[1]) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

export function storedToken(): string | undefined {
  try {
    return localStorage.getItem(STORAGE_KEY) ?? inMemory;
  } catch {
    return inMemory;
  }
}

function store(token: string): void {
  inMemory = token;
  try {
    localStorage.setItem(STORAGE_KEY, token);
  } catch {
    // Kept in memory only: a reload will need the link again.
  }
}

/** The server accepted the token in use: one this page's link brought is kept from now on. */
export function tokenAccepted(): void {
  if (fromLink === undefined) return;
  store(fromLink);
  fromLink = undefined;
}

/**
 * A token the server refused (renewed with `--new-token`) is of no more use. When it is the one
 * this page's link brought, only that one goes: the saved one (another tab's) may still be right.
 */
export function forgetToken(): void {
  if (fromLink !== undefined) {
    fromLink = undefined;
    return;
  }
  inMemory = undefined;
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing kept there.
  }
}

/** Takes the token from the address bar: saved, or held apart when it would replace a saved one. */
function takeFromAddressBar(): void {
  const token = tokenFromFragment(window.location.hash);
  if (token === undefined) return;
  const saved = storedToken();
  if (saved === undefined) store(token);
  else if (token !== saved) fromLink = token;
  // Out of the address bar and of history: the same entry, without its fragment.
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
}

/**
 * The token to use: the link's (once, at start-up) or the one kept from before. A link opened later
 * in the same tab only changes the fragment, which reloads nothing: the page then starts over with
 * it (the fragment still in the address bar, to be taken as at start-up).
 */
export function signInToken(): string | undefined {
  takeFromAddressBar();
  window.addEventListener('hashchange', () => {
    if (tokenFromFragment(window.location.hash) !== undefined) window.location.reload();
  });
  return fromLink ?? storedToken();
}
