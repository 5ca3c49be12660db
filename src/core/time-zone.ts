/**
 * The owner's time zone setting: an IANA name (checked with Intl), or 'system' to follow the
 * computer's. The system prompt, scheduled tasks and get_current_datetime use the zone in use.
 */

import { apiErrorText, type ApiErrorCode } from '../shared/api-errors.js';
import type { SettingsRepo } from './store/settings-repo.js';

/** The settings key of the owner's time zone (absent: the computer's). */
export const TIME_ZONE = 'app.timeZone';

/** The setting's value that follows the computer's zone. */
export const FOLLOW_SYSTEM = 'system';

/** The computer's time zone. */
export function computerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'UTC';
}

/** The zone in use: the owner's setting, else the computer's. */
export function ownerTimeZone(settings: SettingsRepo): string {
  return settings.get<string>(TIME_ZONE) ?? computerTimeZone();
}

/**
 * The zone's name as Intl spells it (Asia/Shanghai for asia/shanghai; an alias such as Asia/Kolkata
 * stays as given), or undefined when it is no IANA zone. Offsets such as +08:00 are refused.
 */
export function canonicalTimeZone(name: string): string | undefined {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(name)) return undefined;
  try {
    const resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
    return resolved.toLowerCase() === name.toLowerCase() ? resolved : name;
  } catch {
    return undefined;
  }
}

/** Whether a value may be saved as the time zone setting. */
export function isTimeZoneSetting(value: string): boolean {
  return value === FOLLOW_SYSTEM || canonicalTimeZone(value) !== undefined;
}

/** Why a value cannot be the time zone setting: in English, with its code (see shared/api-errors.ts). */
export function timeZoneRefusal(value: string): { message: string; messageCode: ApiErrorCode } {
  return apiErrorText('not-a-time-zone', { value: value.length > 64 ? `${value.slice(0, 64)}…` : value });
}
