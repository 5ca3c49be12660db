/**
 * The secret store: what iAs keeps outside the database (the approval HMAC key, see
 * approval-key.ts, the model API key, skills' secrets…). The desktop app keeps secrets with
 * Electron's safeStorage; headless mode in 0600 files. Both implement SecretStore.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { SecretsKeptIn } from '../../shared/contract.js';
import type { UnsafeParentCode } from '../../shared/unsafe-parents.js';
import { ensureOwnFolder } from '../own-folder.js';
import { checkParentFolders, UnsafeParentError } from '../safe-parents.js';

/** A small platform secret store (OS keychain in the app, a private file when headless). */
export interface SecretStore {
  get(name: string, access?: SecretAccess): Buffer | undefined;
  set(name: string, value: Buffer, access?: SecretAccess): void;
  /** Forgets a secret; nothing happens when there is none. */
  delete(name: string): void;
  /** When the secret was last set (ms), if it is there. */
  modifiedAt?(name: string): number | undefined;
  /** Where a secret set now is kept: sealed with the OS keychain, or in a private (0600) file. */
  readonly keptIn: SecretsKeptIn;
}

/** How a secret is read or written. */
export interface SecretAccess {
  /**
   * Unix, a secret kept in a file: neither read nor written when a folder on the way to its file
   * could be changed by another user (SecretFolderUnsafeError), nor read from a file that is not
   * this user's (SecretFileNotOwnError). For the model API key, whose swap would send the owner's
   * chats through someone else's account, the `ias serve` access token, the approval key (whose
   * swap would let its maker work out the codes iAs sends) and skills' secret settings.
   */
  guarded?: boolean;
}

/**
 * A secret's file that is there but is not read (or, for a folder, not written either): another
 * user could have read it, or put a secret of theirs in its place. Its subclasses say why.
 */
export class SecretFileRefusedError extends Error {
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A secret's file that other users can read (or write): it is not read, as ssh will not use such a
 * private key, whatever it holds (someone else may have read it, or put it there). Saving the secret
 * again replaces it with a file of this user's alone; so does `chmod 600`.
 */
export class SecretFileOpenError extends SecretFileRefusedError {
  constructor(
    file: string,
    /** The file's permission bits (0o644…). */
    readonly mode: number,
  ) {
    super(file, `${file} can be read by other users (mode ${mode.toString(8)}); make it 0600`);
  }
}

/**
 * A secret's file that belongs to another user (`uid`), who may have put a secret of theirs there:
 * it is not read. Saving the secret again replaces it with a file of this user's.
 */
export class SecretFileNotOwnError extends SecretFileRefusedError {
  constructor(
    file: string,
    readonly uid: number,
  ) {
    super(file, `${file} belongs to another user (uid ${uid}), who may have put a secret of theirs in it`);
  }
}

/**
 * A folder on the way to a secret's file (its own folder included) that another user could change,
 * by the secure_path rule (see safe-parents.ts): they could swap the file, or its folder, for one
 * holding a secret of theirs. The secret is neither read nor written there. `unsafe` says which
 * folder and why.
 */
export class SecretFolderUnsafeError extends SecretFileRefusedError {
  constructor(
    file: string,
    readonly unsafe: UnsafeParentCode,
  ) {
    super(file, `${file} could be swapped by another user: ${unsafeFolderText(unsafe)}`);
  }
}

function unsafeFolderText({ code, params }: UnsafeParentCode): string {
  if (code === 'parent-writable')
    return `the folder ${params.folder} on the way to it is writable by others (mode ${params.mode})`;
  if (code === 'parent-other-owner') return `the folder ${params.folder} on the way to it belongs to uid ${params.uid}`;
  return `${params.entry}, in the shared folder ${params.folder} on the way to it, belongs to uid ${params.uid}`;
}

/** Throws SecretFolderUnsafeError when a folder on the way to `file` (which exists) fails the rule. */
function checkSecretFolders(file: string): void {
  try {
    checkParentFolders(file);
  } catch (err) {
    if (err instanceof UnsafeParentError) throw new SecretFolderUnsafeError(file, err.messageCode);
    throw err;
  }
}

/** Opening a secret's file does not follow a link put in its place (Windows has no such flag). */
const NO_FOLLOW = process.platform === 'win32' ? 0 : fs.constants.O_NOFOLLOW;

/**
 * Secrets as files with mode 0600 in a 0700 folder. The command line's and headless mode's store
 * (`forgetsSealedCopies`) also removes, when it forgets a secret, the copy the desktop app sealed in
 * the same folder: clearing a setting with `ias` clears it for the app too. A folder that is the
 * store's own (`ownFolder`: the data folder's `secrets`, not a folder it shares with other files)
 * must be this user's own (a real folder, not a link, owned by this user) and, found open to other
 * users, is closed to them (0700) when a secret is written. Unix: a secret is neither read nor
 * written, when guarded (SecretAccess), if another user could change a folder on the way to its
 * file, nor read from a file that is not this user's; a file that others can read is never read.
 */
export class FileSecretStore implements SecretStore {
  readonly keptIn = 'file';

  constructor(
    private readonly dir: string,
    private readonly options: { forgetsSealedCopies?: boolean; ownFolder?: boolean } = {},
  ) {}

  private file(name: string): string {
    if (!/^[a-z0-9_.-]+$/i.test(name)) throw new Error(`invalid secret name "${name}"`);
    return path.join(this.dir, name);
  }

  get(name: string, access: SecretAccess = {}): Buffer | undefined {
    const file = this.file(name);
    let stat: fs.Stats;
    try {
      stat = fs.lstatSync(file);
    } catch {
      return undefined;
    }
    if (!stat.isFile()) throw new Error(`${file} is not a regular file`);
    // The folders first: a file another user could swap is not read, whatever it is now.
    if (access.guarded) checkSecretFolders(file);
    // Then the file as opened (not a link put in its place since), from its descriptor.
    const fd = fs.openSync(file, fs.constants.O_RDONLY | NO_FOLLOW);
    try {
      const opened = fs.fstatSync(fd);
      if (!opened.isFile()) throw new Error(`${file} is not a regular file`);
      if (process.platform !== 'win32') {
        const uid = process.getuid?.();
        if (access.guarded && uid !== undefined && opened.uid !== uid)
          throw new SecretFileNotOwnError(file, opened.uid);
        if ((opened.mode & 0o077) !== 0) throw new SecretFileOpenError(file, opened.mode & 0o777);
      }
      return fs.readFileSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  }

  set(name: string, value: Buffer, access: SecretAccess = {}): void {
    if (this.options.ownFolder) ensureOwnFolder(this.dir, { closeToOthers: true });
    else fs.mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const file = this.file(name);
    const tmp = `${file}.${process.pid}.tmp`;
    // A temp file left by a process that died keeps its mode; a new one is made 0600 before a
    // byte is written (whatever the umask), then takes the secret's name.
    fs.rmSync(tmp, { force: true });
    const fd = fs.openSync(tmp, 'wx', 0o600);
    try {
      fs.fchmodSync(fd, 0o600);
      // Not a byte in a folder another user could change (they could swap it after): checked on the
      // way to the temp file, its folder included, before the secret is written.
      if (access.guarded) checkSecretFolders(tmp);
      fs.writeFileSync(fd, value);
      // On the disk before it takes the name: after a power loss the secret is the old one or the
      // new one, never an empty file (an empty approval key would keep iAs from starting).
      fs.fsyncSync(fd);
    } catch (err) {
      fs.closeSync(fd);
      fs.rmSync(tmp, { force: true });
      throw err instanceof SecretFolderUnsafeError ? new SecretFolderUnsafeError(file, err.unsafe) : err;
    }
    fs.closeSync(fd);
    fs.renameSync(tmp, file);
    syncFolder(this.dir);
  }

  delete(name: string): void {
    fs.rmSync(this.file(name), { force: true });
    if (this.options.forgetsSealedCopies) fs.rmSync(this.file(`${name}${SEALED}`), { force: true });
  }

  modifiedAt(name: string): number | undefined {
    try {
      return fs.lstatSync(this.file(name)).mtimeMs;
    } catch {
      return undefined;
    }
  }
}

/**
 * Makes a rename in `dir` durable (its entry on the disk). Best effort: Windows cannot open a folder
 * to sync it, and some file systems refuse to; the file itself was synced before.
 */
function syncFolder(dir: string): void {
  if (process.platform === 'win32') return;
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, fs.constants.O_RDONLY);
    fs.fsyncSync(fd);
  } catch {
    // The rename stands; only its durability across a power loss is left to the system.
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** How the desktop app names the sealed copy of a secret in the secrets folder. */
export const SEALED = '.sealed';

/** Whether a copy set at `at` is the one that counts over one set at `otherAt` (the one set last). */
function isNewer(at: number | undefined, otherAt: number | undefined): boolean {
  return at !== undefined && (otherAt === undefined || at > otherAt);
}

/** Where a secret is kept, as the command line sees the secrets folder (see LayeredSecretStore). */
export interface SecretPlaces {
  /** The private file `ias` and headless mode read and write. */
  file: boolean;
  /** A copy the desktop app sealed with the OS keychain: only the app can open it. */
  sealedByApp: boolean;
  /** The app uses its sealed copy (it is the one set last), not the file. */
  appUsesSealed: boolean;
}

/** Where `name` is kept in a file store's folder (the desktop app's sealed copy included). */
export function secretPlaces(secrets: SecretStore, name: string): SecretPlaces {
  const fileAt = secrets.modifiedAt?.(name);
  const sealedAt = secrets.modifiedAt?.(`${name}${SEALED}`);
  return {
    file: fileAt !== undefined,
    sealedByApp: sealedAt !== undefined,
    appUsesSealed: sealedAt !== undefined && !isNewer(fileAt, sealedAt),
  };
}

/**
 * The desktop app's store: secrets it keeps sealed (the OS keychain), beside the private files
 * `ias` and headless mode write in the same folder. The copy set last counts, so a value set with
 * `ias` after one set in the app is the one used; setting in the app removes the file copy, and
 * clearing with `ias` removes both. The approval key is the exception: the app keeps to its sealed
 * one (a key `ias` made for itself stays with `ias`).
 */
export class LayeredSecretStore implements SecretStore {
  readonly keptIn = 'keychain';

  constructor(
    private readonly sealed: SecretStore,
    private readonly plain: SecretStore,
  ) {}

  get(name: string, access?: SecretAccess): Buffer | undefined {
    const sealedAt = this.sealed.modifiedAt?.(name);
    const plainIsNewer = isNewer(this.plain.modifiedAt?.(name), sealedAt);
    if (plainIsNewer && !(name === APPROVAL_KEY_NAME && sealedAt !== undefined)) return this.plain.get(name, access);
    return this.sealed.get(name, access) ?? this.plain.get(name, access);
  }

  set(name: string, value: Buffer, access?: SecretAccess): void {
    this.sealed.set(name, value, access);
    this.plain.delete(name);
  }

  delete(name: string): void {
    this.sealed.delete(name);
    this.plain.delete(name);
  }

  modifiedAt(name: string): number | undefined {
    return this.sealed.modifiedAt?.(name) ?? this.plain.modifiedAt?.(name);
  }
}

/** The approval key's name in the store (see approval-key.ts). */
export const APPROVAL_KEY_NAME = 'approval-hmac.key';
