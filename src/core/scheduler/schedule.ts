/** When a task runs next: cron expressions and one-off moments, read in the task's time zone (croner). */
import { Cron } from 'croner';

/** Repeating tasks may not run more often than this: each run is a model call. */
export const MIN_INTERVAL_MS = 60_000;

export class ScheduleError extends Error {
  override readonly name = 'ScheduleError';
}

function cron(pattern: string, timeZone: string): Cron {
  try {
    return new Cron(pattern, { timezone: timeZone, paused: true });
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
 * Checks a cron expression (5 fields, or 6 with seconds first) and returns its first run after
 * `after`. Expressions that never run, or run more often than once a minute, are refused.
 */
export function firstCronRun(expression: string, timeZone: string, after: number): number {
  checkTimeZone(timeZone);
  if (/^\s*\d{4}-\d{2}-\d{2}/.test(expression)) {
    throw new ScheduleError(`"${expression}" is a moment, not a cron expression: give it as "at"`);
  }
  const runs = cron(expression, timeZone).nextRuns(2, new Date(after));
  if (runs.length === 0) throw new ScheduleError(`"${expression}" never runs`);
  if (runs.length === 2 && runs[1]!.getTime() - runs[0]!.getTime() < MIN_INTERVAL_MS) {
    throw new ScheduleError(`"${expression}" runs more than once a minute; the shortest interval is one minute`);
  }
  return runs[0]!.getTime();
}

/** The next run of a cron expression after `after`, or null when it never runs again. */
export function nextCronRun(expression: string, timeZone: string, after: number): number | null {
  checkTimeZone(timeZone);
  return cron(expression, timeZone).nextRun(new Date(after))?.getTime() ?? null;
}

/**
 * A one-off moment: an ISO 8601 date-time, read in the time zone when it has no offset. Refused
 * when it is not in the future.
 */
export function oneOffMoment(at: string, timeZone: string, now: number): number {
  checkTimeZone(timeZone);
  if (!/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.test(at.trim())) {
    throw new ScheduleError(`"${at}" is not a date and time: write it as 2026-12-01T08:00 (ISO 8601)`);
  }
  const text = at.trim().replace(' ', 'T');
  const hasOffset = /(Z|[+-]\d{2}:?\d{2})$/.test(text);
  const moment = hasOffset ? Date.parse(text) : cron(text, timeZone).nextRun(new Date(0))?.getTime();
  if (moment === undefined || Number.isNaN(moment)) throw new ScheduleError(`"${at}" is not a valid date and time`);
  if (moment <= now) throw new ScheduleError(`${at} (${timeZone}) has already passed`);
  return moment;
}
