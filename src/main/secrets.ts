/** Secrets for the desktop app: encrypted with the OS keychain (safeStorage), stored 0600. */
import fs from 'node:fs';
import path from 'node:path';
import { safeStorage } from 'electron';
import { FilesOverSealed, sealsWithKeychain } from './keychain.js';
import {
  FileSecretStore,
  LayeredSecretStore,
  SEALED,
  type SecretAccess,
  type SecretStore,
} from '../core/approval/key-store.js';

export class SafeStorageSecretStore implements SecretStore {
  readonly keptIn = 'keychain';
  private readonly files: FileSecretStore;

  constructor(private readonly dir: string) {
    this.files = new FileSecretStore(dir, { ownFolder: true });
  }

  get(name: string, access?: SecretAccess): Buffer | undefined {
    const sealed = this.files.get(`${name}${SEALED}`, access);
    return sealed ? Buffer.from(safeStorage.decryptString(sealed), 'base64') : undefined;
  }

  set(name: string, value: Buffer, access?: SecretAccess): void {
    this.files.set(`${name}${SEALED}`, safeStorage.encryptString(value.toString('base64')), access);
  }

  delete(name: string): void {
    this.files.delete(`${name}${SEALED}`);
  }

  modifiedAt(name: string): number | undefined {
    return this.files.modifiedAt(`${name}${SEALED}`);
  }
}

/**
 * The keychain when the OS offers one, over the private files `ias` writes (so what was set from
 * the command line is seen); otherwise private files only, as in headless mode (see keychain.ts:
 * Linux's fixed-password fallback is no keychain; copies it sealed before are still read).
 */
export function appSecrets(dataDir: string): SecretStore {
  const dir = path.join(dataDir, 'secrets');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const files = new FileSecretStore(dir, { ownFolder: true });
  if (!safeStorage.isEncryptionAvailable()) return files;
  const sealed = new SafeStorageSecretStore(dir);
  return sealsWithKeychain(process.platform, () => safeStorage.getSelectedStorageBackend())
    ? new LayeredSecretStore(sealed, files)
    : new FilesOverSealed(files, sealed);
}
