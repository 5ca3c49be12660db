/** The desktop app's secrets: a keychain only where safeStorage truly has one (see src/main/keychain.ts). */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileSecretStore } from '../../src/core/approval/key-store.js';
import { FilesOverSealed, sealsWithKeychain } from '../../src/main/keychain.js';
import { tempDir } from '../helpers/temp.js';

describe('whether safeStorage seals with a keychain', () => {
  it("is no keychain on Linux when it falls back to Chromium's fixed password (basic_text)", () => {
    expect(sealsWithKeychain('linux', () => 'basic_text')).toBe(false);
    expect(sealsWithKeychain('linux', () => 'unknown')).toBe(false);
    expect(sealsWithKeychain('linux', () => 'gnome_libsecret')).toBe(true);
    expect(sealsWithKeychain('linux', () => 'kwallet6')).toBe(true);
  });

  it('is the keychain on macOS and Windows, whose back end is not asked', () => {
    const never = () => {
      throw new Error('asked on Linux only');
    };
    expect(sealsWithKeychain('darwin', never)).toBe(true);
    expect(sealsWithKeychain('win32', never)).toBe(true);
  });
});

describe('private files over copies sealed before', () => {
  // The sealed copies stand in as a second real store: what counts is which one is read and written.
  const stores = () => {
    const dir = tempDir('ias-secrets-');
    const files = new FileSecretStore(path.join(dir, 'files'), { ownFolder: true });
    const sealed = new FileSecretStore(path.join(dir, 'sealed'));
    return { dir, files, sealed, store: new FilesOverSealed(files, sealed) };
  };

  it('says the secrets are kept in a file', () => {
    expect(stores().store.keptIn).toBe('file');
  });

  it('reads a key sealed by an earlier run until a new one is saved, then keeps the new one in a 0600 file only', () => {
    const { dir, sealed, store } = stores();
    sealed.set('llm-api-key', Buffer.from('sk-saved-before'));
    expect(store.get('llm-api-key')?.toString()).toBe('sk-saved-before');

    store.set('llm-api-key', Buffer.from('sk-new'));
    expect(store.get('llm-api-key')?.toString()).toBe('sk-new');
    expect(sealed.get('llm-api-key')).toBeUndefined();
    const mode = fs.statSync(path.join(dir, 'files', 'llm-api-key')).mode & 0o777;
    if (process.platform !== 'win32') expect(mode).toBe(0o600);
  });

  it('prefers the file to a sealed copy, and forgets both', () => {
    const { files, sealed, store } = stores();
    sealed.set('x', Buffer.from('old'));
    files.set('x', Buffer.from('from-ias'));
    expect(store.get('x')?.toString()).toBe('from-ias');
    expect(store.modifiedAt('x')).toBe(files.modifiedAt('x'));
    store.delete('x');
    expect(store.get('x')).toBeUndefined();
    expect(store.modifiedAt('x')).toBeUndefined();
  });
});
