/**
 * Whether the desktop app's secrets are truly sealed with the OS keychain. Plain functions and
 * classes (no Electron import), so they are unit-tested.
 *
 * On Linux without a keyring (no GNOME Keyring, no KWallet: a bare window manager, a server, a
 * container), Electron's safeStorage falls back to `basic_text`: it "encrypts" with a password
 * written in Chromium's source, which anyone who can read the file can undo, and
 * `isEncryptionAvailable()` says true all the same. The app then keeps its secrets in the private
 * files, as headless mode does, and says so (keptIn 'file'), instead of claiming a keychain.
 */
import type { FileSecretStore, SecretAccess, SecretStore } from '../core/approval/key-store.js';

/** safeStorage's Linux back ends that are no keychain: the fixed password, or none chosen yet. */
const NO_KEYCHAIN: ReadonlySet<string> = new Set(['basic_text', 'unknown']);

/**
 * Whether safeStorage (available) seals with an OS keychain: always on macOS and Windows; on Linux
 * only with a real password store (`backend`: safeStorage.getSelectedStorageBackend, asked there only).
 */
export function sealsWithKeychain(platform: NodeJS.Platform, backend: () => string): boolean {
  return platform !== 'linux' || !NO_KEYCHAIN.has(backend());
}

/**
 * The private files, over the copies an earlier run sealed with safeStorage: a secret is read from
 * its file, else from its sealed copy (so a key saved before is not lost), and is written to its
 * file only, the sealed copy then removed.
 */
export class FilesOverSealed implements SecretStore {
  readonly keptIn = 'file';

  constructor(
    private readonly files: FileSecretStore,
    private readonly sealed: SecretStore,
  ) {}

  get(name: string, access?: SecretAccess): Buffer | undefined {
    return this.files.get(name, access) ?? this.sealed.get(name, access);
  }

  set(name: string, value: Buffer, access?: SecretAccess): void {
    this.files.set(name, value, access);
    this.sealed.delete(name);
  }

  delete(name: string): void {
    this.files.delete(name);
    this.sealed.delete(name);
  }

  modifiedAt(name: string): number | undefined {
    return this.files.modifiedAt(name) ?? this.sealed.modifiedAt?.(name);
  }
}
