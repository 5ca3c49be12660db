/**
 * The language of a command's own words: the owner's `language` setting (as in the app) when it
 * is not 'system', else the system's locale.
 */
import { settingsApi } from '../core/api/settings-api.js';
import type { Runtime } from '../core/runtime.js';
import { pickLocale, type Locale } from '../shared/locale.js';

/**
 * The locale the system gives messages: the first of LC_ALL, LC_MESSAGES and LANG that is set (as
 * POSIX reads them), else the one Node's ICU found (Windows sets none of them).
 */
export function systemLanguage(env: NodeJS.ProcessEnv = process.env): string | undefined {
  for (const name of ['LC_ALL', 'LC_MESSAGES', 'LANG']) {
    const value = env[name];
    if (value) return value;
  }
  return Intl.DateTimeFormat().resolvedOptions().locale;
}

export async function ownerLocale(runtime: Runtime, env: NodeJS.ProcessEnv = process.env): Promise<Locale> {
  const { language } = await settingsApi(runtime, env).getSettings();
  return pickLocale(language, systemLanguage(env));
}
