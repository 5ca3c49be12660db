/** Dates, durations and values as a person reads them, in the UI's language. */
import type { Locale } from '../i18n.js';

// Intl formatters are costly to create: one per locale and shape, made once.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: Locale, shape: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${shape}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, f);
  }
  return f;
}

export function formatTime(ms: number, locale: Locale): string {
  return formatter(locale, 'time', { hour: '2-digit', minute: '2-digit' }).format(ms);
}

/**
 * Whether the language reads times on a 12-hour clock ("08:00 PM", English) rather than a 24-hour
 * one ("20:00", 简体中文), as the dates and times above show them: what else says a time (a task's
 * schedule in words) follows it, so that the two never read on different clocks side by side.
 */
export function usesTwelveHourClock(locale: Locale): boolean {
  const cycle = formatter(locale, 'time', { hour: '2-digit', minute: '2-digit' }).resolvedOptions().hourCycle;
  return cycle === 'h11' || cycle === 'h12';
}

export function formatDateTime(ms: number, locale: Locale, seconds = false): string {
  return formatter(locale, seconds ? 'datetime-s' : 'datetime', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' } : {}),
  }).format(ms);
}

/** A date and time read in another time zone (a task's); in the computer's own when the zone is unknown. */
export function formatDateTimeIn(ms: number, locale: Locale, timeZone: string): string {
  try {
    return formatter(locale, `datetime@${timeZone}`, {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      timeZone,
    }).format(ms);
  } catch {
    return formatDateTime(ms, locale);
  }
}

/** The computer's own IANA time zone. */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

const relativeFormatters = new Map<Locale, Intl.RelativeTimeFormat>();
/** "in 5 minutes", "3 hours ago", "tomorrow": how far `ms` is from `now`. */
export function formatRelative(ms: number, locale: Locale, now = Date.now()): string {
  let f = relativeFormatters.get(locale);
  if (!f) {
    f = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    relativeFormatters.set(locale, f);
  }
  const minutes = Math.round((ms - now) / 60_000);
  if (Math.abs(minutes) < 60) return f.format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 48) return f.format(hours, 'hour');
  return f.format(Math.round(hours / 24), 'day');
}

/** A compact timestamp for tables: month, day and time to the second (the year only when not this one). */
export function formatStamp(ms: number, locale: Locale, now = Date.now()): string {
  const sameYear = new Date(ms).getFullYear() === new Date(now).getFullYear();
  return formatter(locale, sameYear ? 'stamp' : 'stamp-y', {
    ...(sameYear ? {} : { year: 'numeric' }),
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(ms);
}

/** Today: the time; this year: the day; otherwise the date. */
export function formatShortDate(ms: number, locale: Locale, now = Date.now()): string {
  const date = new Date(ms);
  const today = new Date(now);
  if (date.toDateString() === today.toDateString()) return formatTime(ms, locale);
  if (date.getFullYear() === today.getFullYear())
    return formatter(locale, 'day', { month: 'short', day: 'numeric' }).format(ms);
  return formatter(locale, 'date', { year: 'numeric', month: 'short', day: 'numeric' }).format(ms);
}

export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  return `${minutes} min ${seconds} s`;
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
