/**
 * The owner's language for what iAs tells them outside the app (WeChat replies, a terminal
 * command's own words): the `language` setting (as in the app) when it is not 'system', else the
 * system's locale.
 */
import type { Language } from '../shared/contract.js';
import { pickLocale, type Locale } from '../shared/locale.js';
import type { SettingsRepo } from './store/settings-repo.js';

/** The settings key of the app's preferences (language, theme…). */
export const APP_SETTINGS = 'app.settings';

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

export function ownerLocale(settings: Pick<SettingsRepo, 'get'>, env: NodeJS.ProcessEnv = process.env): Locale {
  return ownerLocaleWith(settings, () => systemLanguage(env));
}

/**
 * The owner's language where the system's is `system()` rather than the environment's (the desktop
 * app: Electron's locale, the one its windows follow). The system is asked only when the setting
 * leaves the choice to it: asking ICU first loads its data (~15 ms), at a command's start.
 */
export function ownerLocaleWith(settings: Pick<SettingsRepo, 'get'>, system: () => string | undefined): Locale {
  const language = settings.get<{ language?: Language }>(APP_SETTINGS)?.language;
  const chosen = language === 'en' || language === 'zh-CN';
  return pickLocale(language, chosen ? undefined : system());
}
