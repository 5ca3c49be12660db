/** When a task runs next: cron expressions and one-off moments, read in the task's time zone (croner). */
import { Cron, CronPattern } from 'croner';
import { wallClock, type WallClock } from '../../shared/date-time.js';

const DAY_MS = 86_400_000;
const wallMs = (w: WallClock) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);

export class ScheduleError extends Error {
  override readonly name = 'ScheduleError';
}

/**
 * Why a one-off has no run left: it `ran` already (run now before its moment), its moment `passed`,
 * or its run was `interrupted` (iAs stopped during it: it may be run again now).
 */
export type NoRunLeftReason = 'ran' | 'passed' | 'interrupted';

/** A paused task that cannot be resumed: a one-off whose moment has passed, that has run already, or whose run was interrupted. */
export class NoRunLeftError extends ScheduleError {
  constructor(
    taskName: string,
    readonly reason: NoRunLeftReason,
  ) {
    super(
      reason === 'interrupted'
        ? `"${taskName}" has no run left: its run was interrupted before it finished; run it again now, or give it a new "at"`
        : `"${taskName}" has no run left: ${reason === 'ran' ? 'it has run already' : 'its moment has passed'}; give it a new "at"`,
    );
  }
}

function cron(pattern: string, timeZone: string): Cron {
  try {
    // A list or range of times ("0 2,14 * * *") is fixed-time as one value is: a time the clocks
    // skip runs after the gap, a time they go through twice runs once (croner's default counts only
    // single values, so such lists lost 02:00 in spring and ran it twice in autumn).
    return new Cron(pattern, { timezone: timeZone, paused: true, fixedTimeRule: 'no-wildcard' });
  } catch (err) {
    throw new ScheduleError(
      `"${pattern}" is not a valid schedule: ${(err as Error).message.replace(/^CronPattern: /, '')}`,
    );
  }
}

export function checkTimeZone(timeZone: string): void {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
  } catch {
    throw new ScheduleError(`unknown time zone "${timeZone}": use an IANA name such as Asia/Shanghai`);
  }
}

/**
 * At most once a minute (each run is a model call): one second of the minute, so that runs are
 * whole minutes apart whenever the expression is made. (Comparing the next two runs let
 * "0,30 5 * * * *" made at 08:05:15 through: 08:05:30, then 09:05:00, then twice an hour.)
 */
function oncePerMinuteAtMost(expression: string, timeZone: string): void {
  if (new CronPattern(expression, timeZone).second.filter((on) => on).length !== 1) {
    throw new ScheduleError(
      `"${expression}" runs more than once a minute; the shortest interval is one minute: give the seconds (the first of six fields) one value, such as 0`,
    );
  }
}

/**
 * Checks a cron expression (5 fields, or 6 with seconds first) and returns its first run after
 * `after`. Expressions that never run, or run more often than once a minute (more than one second
 * of the minute), are refused.
 */
export function firstCronRun(expression: string, timeZone: string, after: number): number {
  checkTimeZone(timeZone);
  if (/^\s*\d{4}-\d{2}-\d{2}/.test(expression)) {
    throw new ScheduleError(`"${expression}" is a moment, not a cron expression: give it as "at"`);
  }
  const first = cron(expression, timeZone).nextRun(new Date(after));
  oncePerMinuteAtMost(expression, timeZone);
  if (!first) throw new ScheduleError(`"${expression}" never runs`);
  return first.getTime();
}

/**
 * The next run of a cron expression after `after`, or null when it never runs again. Throws for an
 * expression (stored before it was checked so) that runs more than once a minute.
 */
export function nextCronRun(expression: string, timeZone: string, after: number): number | null {
  checkTimeZone(timeZone);
  const next = cron(expression, timeZone).nextRun(new Date(after));
  oncePerMinuteAtMost(expression, timeZone);
  return next?.getTime() ?? null;
}

const MOMENT = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** Why a date and time as written names no moment (31 April, 24:30), or undefined when it names one. */
function notOnTheCalendar(w: WallClock): string | undefined {
  if (w.month < 1 || w.month > 12) return 'months go from 01 to 12';
  const days = new Date(Date.UTC(w.year, w.month, 0)).getUTCDate();
  if (w.day < 1 || w.day > days) {
    const month = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    return `${month.format(Date.UTC(w.year, w.month - 1, 1))} has ${days} days`;
  }
  if (w.hour > 23 || w.minute > 59 || w.second > 59) return 'hours go from 00 to 23, minutes and seconds from 00 to 59';
  return undefined;
}

/**
 * A one-off moment: an ISO 8601 date-time, read in the time zone when it has no offset. Refused
 * when the date or time does not exist (29 February of a common year, 31 April, 24:30: never rolled
 * over into the next day or month), or when it is not in the future. A time the clocks skip in the
 * zone (02:30 the night they go from 02:00 to 03:00) runs when it would have been had they not
 * (03:30), as a cron time in that gap runs after it; a time they go through twice, at the first.
 */
export function oneOffMoment(at: string, timeZone: string, now: number): number {
  checkTimeZone(timeZone);
  const text = at.trim().replace(' ', 'T');
  const match = MOMENT.exec(text);
  if (!match) {
    throw new ScheduleError(`"${at}" is not a date and time: write it as 2026-12-01T08:00 (ISO 8601)`);
  }
  const n = (group: number) => Number(match[group] ?? 0);
  const written: WallClock = { year: n(1), month: n(2), day: n(3), hour: n(4), minute: n(5), second: n(6) };
  const why = notOnTheCalendar(written);
  if (why) throw new ScheduleError(`"${at}" is not a valid date and time: ${why}`);
  const moment = match[7] ? Date.parse(text) : cron(text, timeZone).nextRun(new Date(0))?.getTime();
  if (moment === undefined || Number.isNaN(moment)) throw new ScheduleError(`"${at}" is not a valid date and time`);
  if (!match[7]) {
    // Read back in the zone: the time as written, or one the clocks skipped, moved on past the gap.
    const moved = wallMs(wallClock(moment, timeZone)) - wallMs(written);
    if (moved < 0 || moved > DAY_MS) {
      throw new ScheduleError(`"${at}" is not a valid date and time in ${timeZone}`);
    }
  }
  if (moment <= now) throw new ScheduleError(`${at} (${timeZone}) has already passed`);
  return moment;
}

/**
 * A moment as the clock of `timeZone` reads it, written as a one-off's "at" (2027-01-01T08:00:00):
 * read in another zone, it is the same time of day there.
 */
export function wallClockText(ms: number, timeZone: string): string {
  checkTimeZone(timeZone);
  const w = wallClock(ms, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${String(w.year).padStart(4, '0')}-${two(w.month)}-${two(w.day)}T${two(w.hour)}:${two(w.minute)}:${two(w.second)}`;
}
