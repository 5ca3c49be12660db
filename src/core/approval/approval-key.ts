/**
 * The approval HMAC key: 32 random bytes per install (the app and `ias` each keep their own, see
 * LayeredSecretStore), outside the database. Guarded as the API key is (see SecretAccess): someone
 * who swapped it for a key they know could work out, from what the database stores, the codes iAs
 * sends for approval. Read as the runtime opens, so a refusal stops the start, saying which file or
 * folder and what mends it.
 */
import { randomBytes } from 'node:crypto';
import type { StartRefusal } from '../../shared/start-refusals-zh-CN.js';
import { unsafeFolderRefusalText } from '../../shared/unsafe-folder-refusal.js';
import {
  APPROVAL_KEY_NAME,
  SecretFileNotOwnError,
  SecretFolderUnsafeError,
  type SecretAccess,
  type SecretStore,
} from './key-store.js';

const GUARDED: SecretAccess = { guarded: true };

/** Why the approval key's file was refused: a folder on the way another user could change, or a file of theirs. */
export type ApprovalKeyRefusal = Extract<StartRefusal, { code: `approval-key-${string}` }>;

/** The approval key's file was refused (see {@link ApprovalKeyRefusal}): the runtime does not open. */
export class ApprovalKeyRefusedError extends Error {
  override readonly name = 'ApprovalKeyRefusedError';

  constructor(readonly messageCode: ApprovalKeyRefusal) {
    super(refusalText(messageCode));
  }
}

function refusalText({ code, params }: ApprovalKeyRefusal): string {
  const start = `iAs did not start: its approval key file, ${params.file},`;
  if (code === 'approval-key-file-not-own') {
    return `${start} belongs to another user (uid ${params.uid}), who may have put a key they know in it. Remove it: iAs then makes a key of your own (codes sent before then no longer approve).`;
  }
  return unsafeFolderRefusalText(
    start,
    'who could swap it for a key they know and work out with it the codes iAs sends for approval',
    params.unsafe,
  );
}

/** The store's refusal of the key's file as an {@link ApprovalKeyRefusedError}; other errors as they are. */
function refused(err: unknown): unknown {
  if (err instanceof SecretFolderUnsafeError) {
    return new ApprovalKeyRefusedError({
      code: 'approval-key-folder-unsafe',
      params: { file: err.file, unsafe: err.unsafe },
    });
  }
  if (err instanceof SecretFileNotOwnError) {
    return new ApprovalKeyRefusedError({ code: 'approval-key-file-not-own', params: { file: err.file, uid: err.uid } });
  }
  return err;
}

/**
 * The install's approval key, made on first use. Throws {@link ApprovalKeyRefusedError} for a key
 * file another user could have swapped (and writes none where they could).
 */
export function approvalKey(secrets: SecretStore): Buffer {
  try {
    const existing = secrets.get(APPROVAL_KEY_NAME, GUARDED);
    if (existing && existing.length === 32) return existing;
    if (existing) throw new Error('the approval key is damaged (it is not 32 bytes); remove it to make a new one');
    const key = randomBytes(32);
    secrets.set(APPROVAL_KEY_NAME, key, GUARDED);
    return key;
  } catch (err) {
    throw refused(err);
  }
}
