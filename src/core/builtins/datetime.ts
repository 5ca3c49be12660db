/**
 * get_current_datetime: the current date and time in a time zone: the one asked for, else the
 * owner's (the setting, else the computer's), else Asia/Shanghai where neither is known.
 */
import type { BuiltinContext } from './index.js';

export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

type Format = 'full' | 'date' | 'time';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per time zone (making one costs far more than using it); throws for an unknown zone. */
function formatter(timeZone: string): Intl.DateTimeFormat {
  let fmt = formatters.get(timeZone);
  if (fmt) return fmt;
  fmt = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    weekday: 'long',
    hourCycle: 'h23',
    timeZoneName: 'longOffset',
  });
  if (formatters.size < 1000) formatters.set(timeZone, fmt);
  return fmt;
}

type Parts = { date: string; time: string; weekday: string; offset: string };

/** The parts last read per time zone: within one second they are the same (formatting is the slow step). */
const lastParts = new Map<string, { second: number; parts: Parts }>();

function parts(now: Date, timeZone: string): Parts {
  const second = Math.floor(now.getTime() / 1000);
  const cached = lastParts.get(timeZone);
  if (cached?.second === second) return cached.parts;
  const read = formatParts(now, timeZone);
  if (cached || lastParts.size < 1000) lastParts.set(timeZone, { second, parts: read });
  return read;
}

function formatParts(now: Date, timeZone: string): Parts {
  const p = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(now)
      .map((x) => [x.type, x.value]),
  );
  const offset = (p.timeZoneName ?? 'GMT').replace('GMT', '') || '+00:00';
  return {
    date: `${p.year}-${p.month}-${p.day}`,
    time: `${p.hour}:${p.minute}:${p.second}`,
    weekday: p.weekday!,
    offset,
  };
}

export function getCurrentDatetime(
  params: Record<string, unknown>,
  context?: Pick<BuiltinContext, 'services'>,
  now = new Date(),
) {
  const format = (params.format as Format | undefined) ?? 'full';
  const timeZone = (params.timezone as string | undefined) ?? context?.services.timeZone?.() ?? DEFAULT_TIME_ZONE;
  try {
    formatter(timeZone);
  } catch {
    throw new Error(`unknown time zone "${timeZone}": use an IANA name such as Asia/Shanghai or Europe/London`);
  }
  const p = parts(now, timeZone);
  if (format === 'date') return { date: p.date, weekday: p.weekday, timezone: timeZone };
  if (format === 'time') return { time: p.time, timezone: timeZone, utcOffset: p.offset };
  return {
    datetime: `${p.date} ${p.time}`,
    weekday: p.weekday,
    timezone: timeZone,
    utcOffset: p.offset,
    iso: `${p.date}T${p.time}${p.offset}`,
  };
}
