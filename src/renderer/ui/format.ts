/** Dates, durations and values as a person reads them, in the UI's language (dates and times: shared/date-time.ts). */
import type { Strings } from '../i18n/en.js';

export {
  formatTime,
  usesTwelveHourClock,
  formatDateTime,
  formatMessageTime,
  localTimeZone,
  momentOfWallClock,
  wallClock,
  formatRelative,
  formatStamp,
  formatShortDate,
} from '../../shared/date-time.js';

/** A duration in `units` (the UI language's: `t.common.duration`). */
export function formatDuration(ms: number | null | undefined, units: Strings['common']['duration']): string {
  if (ms === null || ms === undefined) return '—';
  if (ms < 1000) return units.ms(String(ms));
  if (ms < 60_000) return units.s((ms / 1000).toFixed(ms < 10_000 ? 2 : 1));
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  return units.min(String(minutes), String(seconds));
}

/** m:ss until `until`, never negative. */
export function formatCountdown(until: number, now: number): string {
  const left = Math.max(0, Math.round((until - now) / 1000));
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
}

/** Any value as indented JSON (strings as they are). */
export function prettyJson(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  try {
    return JSON.stringify(value, null, 2);
  } catch {
    return String(value);
  }
}

/** Parses JSON text when it is JSON; the text itself otherwise. */
export function parseMaybeJson(text: string): unknown {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return text;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return text;
  }
}

/** A one-line preview of a value: `key: value, key: value`, cut to `max` characters. */
export function inlinePreview(value: unknown, max = 80): string {
  let text: string;
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    text = Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
      .join(', ');
  } else {
    text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  }
  text = text.replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
