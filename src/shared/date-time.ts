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

/**
 * A date and time to the minute (to the second with `seconds`) in `timeZone`, the computer's when
 * not given (or not one Intl knows): the owner's zone in the UI and the `ias` command, a task's own
 * for its schedule.
 */
export function formatDateTime(ms: number, locale: Locale, timeZone?: string, seconds = false): string {
  const options: Intl.DateTimeFormatOptions = {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    ...clock(locale),
    ...(seconds ? { second: '2-digit' } : {}),
  };
  return zoned(locale, seconds ? 'datetime-s' : 'datetime', options, timeZone).format(ms);
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

/** A date and a time of day as numbers (month 1–12, hour 0–23). */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** What the calendar and the clock read at `ms` in `timeZone` (the computer's when not given). */
export function wallClock(ms: number, timeZone?: string): WallClock {
  const options = {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  } as const;
  const parts = zoned('en', 'wall', options, timeZone).formatToParts(ms);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour') % 24,
    minute: part('minute'),
    second: part('second'),
  };
}

/**
 * The moment a date and time written without an offset ("2026-03-01T09:30", as a datetime-local
 * field gives it) names in `timeZone` (the computer's when not given); NaN when it is no date and
 * time. A time the clocks skip (02:30 when they go from 02:00 to 03:00) reads as the moment it would
 * have been had they not (03:30).
 */
export function momentOfWallClock(text: string, timeZone?: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/.exec(text);
  if (!match) return NaN;
  const n = (group: number) => Number(match[group] ?? 0);
  const written = Date.UTC(n(1), n(2) - 1, n(3), n(4), n(5), n(6));
  // How far the zone's clock is ahead of UTC at a moment (whole seconds, as it reads).
  const offset = (at: number) => {
    const w = wallClock(at, timeZone);
    return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(at / 1000) * 1000;
  };
  // The offset at the guess, then again at the moment it gives: right across a shift of the clocks.
  const guess = written - offset(written);
  return written - offset(guess);
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
