/**
 * The access token of `ias serve`: 32 random bytes (base64url), made on first start and kept in
 * `<home>/serve-token` with mode 0600. Whoever holds it holds the assistant, so it never leaves the
 * machine except in the URL printed for the owner.
 */
import { randomBytes } from 'node:crypto';
import { FileSecretStore } from '../core/approval/key-store.js';

const TOKEN_FILE = 'serve-token';
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function newServeToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The saved token, or a new one (saved) when there is none, it is damaged, or `renew` asks for it. */
export function serveToken(home: string, options: { renew?: boolean } = {}): string {
  const store = new FileSecretStore(home);
  const saved = options.renew ? undefined : store.get(TOKEN_FILE)?.toString('utf8').trim();
  if (saved && TOKEN_SHAPE.test(saved)) return saved;
  const token = newServeToken();
  store.set(TOKEN_FILE, Buffer.from(token, 'utf8'));
  return token;
}
