/**
 * The settings getSettings reads (the General section of Settings: language, theme, notifications,
 * launch at login, time zone, the high-risk pause), as providers.ts has it for the model provider:
 * which keys hold them, and a text that changes whenever one of them is saved, by any iAs process.
 */
import { APP_SETTINGS } from '../owner-locale.js';
import { HIGH_RISK_PAUSED, TIME_ZONE } from '../runtime.js';
import type { SettingsRepo } from '../store/settings-repo.js';

const KEYS = [APP_SETTINGS, TIME_ZONE, HIGH_RISK_PAUSED];

/** Whether a setting of this key is one getSettings reads (what appSettingsStamp reads). */
export function isAppSetting(key: string): boolean {
  return KEYS.includes(key);
}

/** A text that changes whenever a setting getSettings reads is saved or removed. */
export function appSettingsStamp(settings: SettingsRepo): string {
  return JSON.stringify(KEYS.map((key) => settings.get(key) ?? null));
}
