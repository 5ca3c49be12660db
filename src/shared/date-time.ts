/**
 * Dates and times as a person reads them, in a language (and, where given, a time zone): the UI's
 * and the `ias` command's, so that both say a moment alike. Plain Intl: no Node, no DOM.
 */
import type { Locale } from './locale.js';

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
  return formatter(locale, 'time', clock(locale)).format(ms);
}

/**
 * Whether the language reads times on a 12-hour clock ("8:00 PM", English) rather than a 24-hour
 * one ("20:00", 简体中文), as the dates and times above show them: what else says a time (a task's
 * schedule in words) follows it, so that the two never read on different clocks side by side.
 */
export function usesTwelveHourClock(locale: Locale): boolean {
  const cycle = formatter(locale, 'cycle', { hour: '2-digit', minute: '2-digit' }).resolvedOptions().hourCycle;
  return cycle === 'h11' || cycle === 'h12';
}

/**
 * Hours and minutes as the language writes them: "8:05 PM" on a 12-hour clock (no leading zero, as
 * English does), "08:05" / "20:05" on a 24-hour one.
 */
function clock(locale: Locale): { hour: 'numeric' | '2-digit'; minute: '2-digit' } {
  return { hour: usesTwelveHourClock(locale) ? 'numeric' : '2-digit', minute: '2-digit' };
}

export function formatDateTime(ms: number, locale: Locale, seconds = false): string {
  return formatter(locale, seconds ? 'datetime-s' : 'datetime', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    ...clock(locale),
    ...(seconds ? { second: '2-digit' } : {}),
  }).format(ms);
}

/** A date and time read in another time zone (a task's); in the computer's own when the zone is unknown. */
export function formatDateTimeIn(ms: number, locale: Locale, timeZone: string): string {
  const options = { year: 'numeric', month: '2-digit', day: '2-digit', ...clock(locale) } as const;
  return zoned(locale, 'datetime', options, timeZone).format(ms);
}

/** A formatter in `timeZone` (the computer's own when it is not given, or not one Intl knows). */
function zoned(locale: Locale, shape: string, options: Intl.DateTimeFormatOptions, timeZone?: string) {
  if (timeZone === undefined) return formatter(locale, shape, options);
  try {
    return formatter(locale, `${shape}@${timeZone}`, { ...options, timeZone });
  } catch {
    return formatter(locale, shape, options);
  }
}

/** How far back `ms` is from `now`, by the calendar of `timeZone` (the computer's when not given). */
function howFarBack(ms: number, now: number, timeZone?: string): 'today' | 'this-year' | 'earlier' {
  // Numbers, whatever the language: the same parts for both days.
  const ymd = zoned('en', 'ymd', { year: 'numeric', month: '2-digit', day: '2-digit' }, timeZone);
  const [day, today] = [ymd.format(ms), ymd.format(now)];
  if (day === today) return 'today';
  const year = (parts: Intl.DateTimeFormatPart[]) => parts.find((p) => p.type === 'year')?.value;
  return year(ymd.formatToParts(ms)) === year(ymd.formatToParts(now)) ? 'this-year' : 'earlier';
}

/**
 * When a message was written, in the owner's time zone: today's as the time alone, this year's with
 * the day, older ones with the year too.
 */
export function formatMessageTime(ms: number, locale: Locale, timeZone?: string, now = Date.now()): string {
  const back = howFarBack(ms, now, timeZone);
  if (back === 'today') return zoned(locale, 'time', clock(locale), timeZone).format(ms);
  if (back === 'this-year')
    return zoned(locale, 'day-time', { month: 'short', day: 'numeric', ...clock(locale) }, timeZone).format(ms);
  const options = { year: 'numeric', month: 'short', day: 'numeric', ...clock(locale) } as const;
  return zoned(locale, 'date-time', options, timeZone).format(ms);
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

/**
 * A compact timestamp for tables: month, day and time to the second (the year only when not this
 * one), in `timeZone` (the computer's when not given).
 */
export function formatStamp(ms: number, locale: Locale, now = Date.now(), timeZone?: string): string {
  const sameYear = howFarBack(ms, now, timeZone) !== 'earlier';
  const options: Intl.DateTimeFormatOptions = {
    ...(sameYear ? {} : { year: 'numeric' }),
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  };
  return zoned(locale, sameYear ? 'stamp' : 'stamp-y', options, timeZone).format(ms);
}

/** Today: the time; this year: the day; otherwise the date (by the calendar of `timeZone`, when given). */
export function formatShortDate(ms: number, locale: Locale, timeZone?: string, now = Date.now()): string {
  const back = howFarBack(ms, now, timeZone);
  if (back === 'today') return zoned(locale, 'time', clock(locale), timeZone).format(ms);
  if (back === 'this-year') return zoned(locale, 'day', { month: 'short', day: 'numeric' }, timeZone).format(ms);
  return zoned(locale, 'date', { year: 'numeric', month: 'short', day: 'numeric' }, timeZone).format(ms);
}
