/**
 * The approval HMAC key: 32 random bytes per install, kept outside the database. The desktop app
 * keeps it with Electron's safeStorage; headless mode in a 0600 file. Both implement SecretStore.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** A small platform secret store (OS keychain in the app, a private file when headless). */
export interface SecretStore {
  get(name: string): Buffer | undefined;
  set(name: string, value: Buffer): void;
  /** Forgets a secret; nothing happens when there is none. */
  delete(name: string): void;
}

/** Secrets as files with mode 0600 in a 0700 folder. */
export class FileSecretStore implements SecretStore {
  constructor(private readonly dir: string) {}

  private file(name: string): string {
    if (!/^[a-z0-9_.-]+$/i.test(name)) throw new Error(`invalid secret name "${name}"`);
    return path.join(this.dir, name);
  }

  get(name: string): Buffer | undefined {
    const file = this.file(name);
    let stat: fs.Stats;
    try {
      stat = fs.lstatSync(file);
    } catch {
      return undefined;
    }
    if (!stat.isFile()) throw new Error(`${file} is not a regular file`);
    if (process.platform !== 'win32' && (stat.mode & 0o077) !== 0) {
      throw new Error(`${file} can be read by other users (mode ${(stat.mode & 0o777).toString(8)}); make it 0600`);
    }
    return fs.readFileSync(file);
  }

  set(name: string, value: Buffer): void {
    fs.mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const file = this.file(name);
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, value, { mode: 0o600 });
    fs.renameSync(tmp, file);
  }

  delete(name: string): void {
    fs.rmSync(this.file(name), { force: true });
  }
}

/**
 * The desktop app's store: secrets it keeps sealed (the OS keychain), over the private files the
 * command line and headless mode write in the same folder. A secret set with `ias` is seen by the
 * app; one set in the app replaces the file copy (so the command line never reads a stale value).
 */
export class LayeredSecretStore implements SecretStore {
  constructor(
    private readonly sealed: SecretStore,
    private readonly plain: SecretStore,
  ) {}

  get(name: string): Buffer | undefined {
    return this.sealed.get(name) ?? this.plain.get(name);
  }

  set(name: string, value: Buffer): void {
    this.sealed.set(name, value);
    this.plain.delete(name);
  }

  delete(name: string): void {
    this.sealed.delete(name);
    this.plain.delete(name);
  }
}

const KEY_NAME = 'approval-hmac.key';

/** The install's approval key, made on first use. */
export function approvalKey(secrets: SecretStore): Buffer {
  const existing = secrets.get(KEY_NAME);
  if (existing && existing.length === 32) return existing;
  if (existing) throw new Error('the approval key is damaged (it is not 32 bytes); remove it to make a new one');
  const key = randomBytes(32);
  secrets.set(KEY_NAME, key);
  return key;
}
