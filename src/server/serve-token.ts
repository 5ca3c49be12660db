/**
 * The access token of `ias serve`: 32 random bytes (base64url), made on first start and kept in
 * `<home>/serve-token` with mode 0600. Whoever holds it holds the assistant, so it never leaves the
 * machine except in the URL printed for the owner.
 *
 * Unix: the file is guarded as the API key's is (see SecretAccess in key-store.ts): neither read
 * nor written when another user could change a folder on the way to it (they could swap it for a
 * token they know, and reach the assistant with it), nor read when it is another user's.
 */
import { randomBytes } from 'node:crypto';
import {
  FileSecretStore,
  SecretFileNotOwnError,
  SecretFolderUnsafeError,
  type SecretAccess,
} from '../core/approval/key-store.js';
import { unsafeFolderRefusalText } from '../shared/unsafe-folder-refusal.js';
import type { StartRefusal } from '../shared/start-refusals-zh-CN.js';

const TOKEN_FILE = 'serve-token';
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const GUARDED: SecretAccess = { guarded: true };

/** Why the token file was refused: a folder on the way another user could change, or a file of theirs. */
export type ServeTokenRefusal = Extract<StartRefusal, { code: `serve-token-${string}` }>;

/** The token file was refused (see {@link ServeTokenRefusal}): `ias serve` does not start. */
export class ServeTokenRefusedError extends Error {
  constructor(readonly messageCode: ServeTokenRefusal) {
    super(refusalText(messageCode));
  }
}

function refusalText({ code, params }: ServeTokenRefusal): string {
  const start = `iAs did not start: its access token file, ${params.file},`;
  if (code === 'serve-token-file-not-own') {
    return `${start} belongs to another user (uid ${params.uid}), who may have put a token they know in it. Run \`ias serve --new-token\`: iAs then puts a file of your own in its place.`;
  }
  return unsafeFolderRefusalText(start, 'who could swap it for a token they know and reach iAs with it', params.unsafe);
}

/** The store's refusal of the token file as a {@link ServeTokenRefusedError}; other errors as they are. */
function refused(err: unknown): unknown {
  if (err instanceof SecretFolderUnsafeError) {
    return new ServeTokenRefusedError({
      code: 'serve-token-folder-unsafe',
      params: { file: err.file, unsafe: err.unsafe },
    });
  }
  if (err instanceof SecretFileNotOwnError) {
    return new ServeTokenRefusedError({ code: 'serve-token-file-not-own', params: { file: err.file, uid: err.uid } });
  }
  return err;
}

export function newServeToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The saved token, or a new one (saved) when there is none, it is damaged, or `renew` asks for it.
 * Throws {@link ServeTokenRefusedError} for a token file another user could have put there.
 */
export function serveToken(home: string, options: { renew?: boolean } = {}): string {
  const store = new FileSecretStore(home);
  try {
    const saved = options.renew ? undefined : store.get(TOKEN_FILE, GUARDED)?.toString('utf8').trim();
    if (saved && TOKEN_SHAPE.test(saved)) return saved;
    const token = newServeToken();
    store.set(TOKEN_FILE, Buffer.from(token, 'utf8'), GUARDED);
    return token;
  } catch (err) {
    throw refused(err);
  }
}
