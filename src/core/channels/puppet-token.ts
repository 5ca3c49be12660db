/**
 * The puppet service's token: a credential, so it is kept in the secret store (the OS keychain in
 * the app, a 0600 file for `ias` and headless mode), never in the database. The puppet setting in
 * the database keeps the puppet's name and its other options; the token joins them when the bot
 * builds its puppet.
 */
import type { SecretStore } from '../approval/key-store.js';
import type { Store } from '../store/index.js';
import { WechatSettings, type PuppetSettings } from './wechat-settings.js';

export const PUPPET_TOKEN_SECRET = 'wechat-puppet-token';

export function puppetToken(secrets: SecretStore): string | undefined {
  return secrets.get(PUPPET_TOKEN_SECRET)?.toString('utf8') || undefined;
}

/** Keeps `token` for the puppet service, or forgets the saved one (undefined). */
export function setPuppetToken(secrets: SecretStore, token: string | undefined): void {
  if (token) secrets.set(PUPPET_TOKEN_SECRET, Buffer.from(token, 'utf8'));
  else secrets.delete(PUPPET_TOKEN_SECRET);
}

/** The puppet setting without a token: what the database may hold. */
export function withoutToken({ name, options }: PuppetSettings): PuppetSettings {
  if (!options || !('token' in options)) return { name, ...(options ? { options } : {}) };
  const { token: _token, ...rest } = options;
  return { name, ...(Object.keys(rest).length ? { options: rest } : {}) };
}

/**
 * The puppet as the bot builds it: the saved setting, with the token from the secret store. A
 * token still in the setting (one the store could not take yet) is used as it is.
 */
export function puppetWithToken(puppet: PuppetSettings, secrets: SecretStore): PuppetSettings {
  if (puppet.options && 'token' in puppet.options) return puppet;
  const token = puppetToken(secrets);
  return token ? { ...puppet, options: { ...puppet.options, token } } : puppet;
}

/**
 * Moves a token an earlier iAs saved in the database's puppet setting into the secret store, then
 * takes it out of the setting, with SQLite told to overwrite what it deletes (no copy is left in
 * the file's free space). Nothing to move is nothing done. A store or database that cannot be
 * written leaves the setting as it was: the bot still finds the token there, and the next open
 * tries again.
 */
export function movePuppetTokenToSecrets(store: Store, secrets: SecretStore): void {
  const settings = new WechatSettings(store.settings);
  const saved = settings.puppet();
  if (!saved.options || !('token' in saved.options)) return;
  const token = saved.options.token;
  const secureDelete = store.db.pragma('secure_delete', { simple: true }) as number;
  try {
    if (typeof token === 'string' && token !== '') setPuppetToken(secrets, token);
    store.db.pragma('secure_delete = ON');
    settings.setPuppet(withoutToken(saved));
  } catch {
    // Left for the next open; the token keeps working from the setting meanwhile.
  } finally {
    store.db.pragma(`secure_delete = ${secureDelete}`);
  }
}
