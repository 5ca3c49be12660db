/**
 * The language of a command's own words: the owner's `language` setting (as in the app) when it
 * is not 'system', else the system's locale (see core/owner-locale.ts).
 */
import { ownerLocale as settingsLocale } from '../core/owner-locale.js';
import type { Runtime } from '../core/runtime.js';
import type { Locale } from '../shared/locale.js';

export { systemLanguage } from '../core/owner-locale.js';

export async function ownerLocale(runtime: Runtime, env: NodeJS.ProcessEnv = process.env): Promise<Locale> {
  return settingsLocale(runtime.store.settings, env);
}
