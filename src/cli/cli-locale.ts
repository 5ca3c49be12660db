/**
 * The language of a command's own words: the owner's `language` setting (as in the app) when it
 * is not 'system', else the system's locale (see core/owner-locale.ts).
 */
import { ownerLocale as settingsLocale, systemLanguage } from '../core/owner-locale.js';
import type { Runtime } from '../core/runtime.js';
import type { Store } from '../core/store/index.js';
import { pickLocale, type Locale } from '../shared/locale.js';
import { withExistingStore } from './existing-store.js';

export { systemLanguage } from '../core/owner-locale.js';

export async function ownerLocale(runtime: Runtime, env: NodeJS.ProcessEnv = process.env): Promise<Locale> {
  return settingsLocale(runtime.store.settings, env);
}

/** The same, read from the data folder's database if there is one (creating nothing). */
export function commandLocale(database: string, env: NodeJS.ProcessEnv = process.env): Locale {
  return withExistingStore(database, (store) => storeLocale(store, env));
}

/** The same, from a store a command already has open (see withExistingStore), or none. */
export function storeLocale(store: Store | undefined, env: NodeJS.ProcessEnv = process.env): Locale {
  return store ? settingsLocale(store.settings, env) : pickLocale(undefined, systemLanguage(env));
}
