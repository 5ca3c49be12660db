/**
 * The web UI's access token for `ias serve`. The printed link carries it in the fragment
 * (`/#token=…`), which a browser never sends to any server. The page takes it from there, keeps it
 * in localStorage — kept per origin, and the origin includes the port, unlike cookies, which every
 * port of 127.0.0.1 shares — and removes it from the address bar. The desktop app never uses it.
 */
import { TOKEN_PARAM } from '../../shared/serve-auth.js';

const STORAGE_KEY = 'ias.serveToken';
const FRAGMENT = new RegExp(`^#${TOKEN_PARAM}=([^&]*)`);

/** Where localStorage is out of reach (a locked-down profile), the token lasts as long as the page. */
let inMemory: string | undefined;

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

/** A token the server refused (renewed with `--new-token`) is of no more use. */
export function forgetToken(): void {
  inMemory = undefined;
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing kept there.
  }
}

/** Moves a token from the address bar to storage; true when there was one. */
function takeFromAddressBar(): boolean {
  const token = tokenFromFragment(window.location.hash);
  if (token === undefined) return false;
  store(token);
  // Out of the address bar and of history: the same entry, without its fragment.
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  return true;
}

/**
 * The token to use: the link's (once, at start-up) or the one kept from before. A link opened later
 * in the same tab only changes the fragment, which reloads nothing: the page then starts over with it.
 */
export function signInToken(): string | undefined {
  takeFromAddressBar();
  window.addEventListener('hashchange', () => {
    if (takeFromAddressBar()) window.location.reload();
  });
  return storedToken();
}
