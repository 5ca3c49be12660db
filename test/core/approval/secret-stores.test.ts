/**
 * The app's secrets beside the command line's, in one folder. The app's sealed copies are kept by a
 * stand-in with the app's file layout (`<name>.sealed`) but no encryption: the OS keychain cannot be
 * reached in tests. The layering is what is tested.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApprovalKeyRefusedError, approvalKey } from '../../../src/core/approval/approval-key.js';
import {
  FileSecretStore,
  LayeredSecretStore,
  SEALED,
  secretPlaces,
  type SecretAccess,
  type SecretStore,
} from '../../../src/core/approval/key-store.js';
import { tempDir } from '../../helpers/temp.js';

/** The app's sealed store, without the keychain: the same files as SafeStorageSecretStore writes. */
class SealedStandIn implements SecretStore {
  readonly keptIn = 'keychain';
  constructor(private readonly files: FileSecretStore) {}
  get = (name: string, access?: SecretAccess) => this.files.get(`${name}${SEALED}`, access);
  set = (name: string, value: Buffer, access?: SecretAccess) => this.files.set(`${name}${SEALED}`, value, access);
  delete = (name: string) => this.files.delete(`${name}${SEALED}`);
  modifiedAt = (name: string) => this.files.modifiedAt(`${name}${SEALED}`);
}

function stores() {
  const dir = path.join(tempDir('ias-secrets-'), 'secrets');
  const cli = new FileSecretStore(dir, { forgetsSealedCopies: true });
  const app = new LayeredSecretStore(new SealedStandIn(new FileSecretStore(dir)), new FileSecretStore(dir));
  /** Makes the app's sealed copy older than anything written after. */
  const ageSealed = (name: string) => {
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(path.join(dir, `${name}${SEALED}`), old, old);
  };
  return { dir, cli, app, ageSealed };
}

const KEY = 'skill-config.query_weather.QWEATHER_KEY';
const text = (b: Buffer | undefined) => b?.toString();

describe('the app’s secrets beside the command line’s', () => {
  it('the value set last counts, wherever it was set; setting in the app leaves no stale file copy', () => {
    const { dir, cli, app, ageSealed } = stores();
    cli.set(KEY, Buffer.from('from-cli'));
    expect(text(app.get(KEY))).toBe('from-cli');

    app.set(KEY, Buffer.from('from-app'));
    expect(text(app.get(KEY))).toBe('from-app');
    expect(cli.get(KEY)).toBeUndefined();
    expect(fs.existsSync(path.join(dir, KEY))).toBe(false);

    ageSealed(KEY);
    cli.set(KEY, Buffer.from('newer-from-cli'));
    expect(text(app.get(KEY))).toBe('newer-from-cli');
  });

  it('clearing with ias clears the app’s copy too; clearing in the app clears both', () => {
    const { cli, app } = stores();
    app.set(KEY, Buffer.from('from-app'));
    cli.delete(KEY);
    expect(app.get(KEY)).toBeUndefined();

    cli.set('llm-api-key', Buffer.from('sk-cli'));
    app.set(KEY, Buffer.from('again'));
    app.delete('llm-api-key');
    app.delete(KEY);
    expect([app.get('llm-api-key'), cli.get('llm-api-key'), app.get(KEY), app.get('never-set')]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('a secret the app cannot seal (keychain locked) keeps the copy it had', () => {
    const { dir, cli } = stores();
    const locked = new SealedStandIn(new FileSecretStore(dir));
    locked.set = () => {
      throw new Error('the keyring is locked');
    };
    const app = new LayeredSecretStore(locked, new FileSecretStore(dir));
    cli.set(KEY, Buffer.from('from-cli'));
    expect(() => app.set(KEY, Buffer.from('from-app'))).toThrow('locked');
    expect(text(app.get(KEY))).toBe('from-cli');
  });

  it('the command line tells where a secret is, and which copy the app uses, as the app reads it', () => {
    const { dir, cli, app, ageSealed } = stores();
    expect(secretPlaces(cli, KEY)).toEqual({ file: false, sealedByApp: false, appUsesSealed: false });
    app.set(KEY, Buffer.from('from-app'));
    expect(cli.get(KEY)).toBeUndefined();
    expect(secretPlaces(cli, KEY)).toEqual({ file: false, sealedByApp: true, appUsesSealed: true });
    ageSealed(KEY);
    cli.set(KEY, Buffer.from('from-cli'));
    expect(text(app.get(KEY))).toBe('from-cli');
    expect(secretPlaces(cli, KEY)).toEqual({ file: true, sealedByApp: true, appUsesSealed: false });
    // Sealed again after (the app's own write would remove the file; one left behind is older).
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(dir, `${KEY}${SEALED}`), later, later);
    expect(text(app.get(KEY))).toBe('from-app');
    expect(secretPlaces(cli, KEY)).toEqual({ file: true, sealedByApp: true, appUsesSealed: true });
    cli.delete(KEY);
    expect(secretPlaces(cli, KEY)).toEqual({ file: false, sealedByApp: false, appUsesSealed: false });
  });

  it('the app keeps to its sealed approval key when ias makes one of its own', () => {
    const { app, cli, ageSealed } = stores();
    const appKey = approvalKey(app);
    ageSealed('approval-hmac.key');
    const cliKey = approvalKey(cli);
    expect(cliKey.equals(appKey)).toBe(false);
    expect(approvalKey(app).equals(appKey)).toBe(true);
    expect(approvalKey(cli).equals(cliKey)).toBe(true);
  });

  it.skipIf(process.platform === 'win32')('the app’s sealed approval key is guarded as the command line’s is', () => {
    const { dir, app } = stores();
    const key = approvalKey(app);
    fs.chmodSync(dir, 0o777);
    let refused: unknown;
    try {
      approvalKey(app);
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(ApprovalKeyRefusedError);
    expect((refused as ApprovalKeyRefusedError).messageCode).toEqual({
      code: 'approval-key-folder-unsafe',
      params: {
        file: path.join(dir, `approval-hmac.key${SEALED}`),
        unsafe: { code: 'parent-writable', params: { folder: dir, mode: '777' } },
      },
    });
    fs.chmodSync(dir, 0o700);
    expect(approvalKey(app).equals(key)).toBe(true);
  });
});
