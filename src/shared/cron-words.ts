/**
 * A repeating task's cron expression in words, in the UI's or the `ias` command's language
 * ("Every day at 8:00 PM", "每天在20:00"), by cronstrue, on the clock the language's dates and times read on (12-hour in
 * English, 24-hour in 简体中文), as the task's next run beside it is shown. The expression is read
 * as the scheduler's croner reads it: five fields, six with seconds first, seven with a year last;
 * `@daily` and the other nicknames; L, W and # in the day fields. Null when cronstrue cannot say it, or would say it
 * otherwise than croner runs it: the expression is then shown alone.
 */
import cronstrue from 'cronstrue';
// Adds the 简体中文 words to cronstrue (the English ones are built in); the i18n bundle would carry 40 languages.
import 'cronstrue/locales/zh_CN.js';
import { usesTwelveHourClock } from './date-time.js';
import type { Locale } from './locale.js';

/** croner's nicknames (any case), as the fields they stand for. */
const NICKNAMES: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

const CRONSTRUE_LOCALE: Record<Locale, string> = { en: 'en', 'zh-CN': 'zh_CN' };

const ANY = /^[*?]$/;

/** cronstrue's words for times of day ("At 08:00", "在08:00"), said for every day. */
const EVERY_DAY: Record<Locale, (at: string) => string> = {
  en: (at) => `Every day ${at.charAt(0).toLowerCase()}${at.slice(1)}`,
  'zh-CN': (at) => `每天${at}`,
};

/** cronstrue's 12-hour times ("08:05 PM", "08:05:30 AM") lose the hour's leading zero, as English writes them. */
const TWELVE_HOUR_LEADING_ZERO = /\b0(\d:\d\d(?::\d\d)? [AP]M)\b/g;

/** Chinese between Chinese characters, spaced and punctuated as Chinese is. */
const BETWEEN_HAN = /(?<=\p{Script=Han})\s+(?=\p{Script=Han})/gu;

/**
 * cronstrue's 简体中文 as Chinese is written: its parts joined by a full-width comma ("在08:00，星期一至星期五",
 * not ", "), no comma before the 和 of a list's last item (English's "A, B, and C"), with no space
 * between two Chinese characters or doubled.
 */
function asChinese(words: string): string {
  return words
    .replace(/\s*,\s*(?=和)/g, ' ')
    .replace(/\s*,\s*/g, '，')
    .replace(BETWEEN_HAN, '')
    .replace(/ {2,}/g, ' ');
}

export function sayCron(expression: string, locale: Locale): string | null {
  const trimmed = expression.trim();
  const text = trimmed.startsWith('@') ? NICKNAMES[trimmed.toLowerCase()] : trimmed;
  if (text === undefined) return null;
  const fields = text.split(/\s+/);
  if (fields.length < 5 || fields.length > 7) return null;
  const [seconds, minute, hour, day, month, weekday, year] = fields.length === 5 ? ['0', ...fields] : fields;
  // croner's last-of-month on a range or list of weekdays ("5-6L", "5,6L") is read by cronstrue
  // as the plain days.
  if (weekday !== undefined && /L/i.test(weekday) && !/^([0-7]|[a-z]{3})L$/i.test(weekday)) return null;
  const twelveHour = usesTwelveHourClock(locale);
  let words: string;
  try {
    words = cronstrue.toString(text, {
      locale: CRONSTRUE_LOCALE[locale],
      use24HourTimeFormat: !twelveHour,
      throwExceptionOnParseError: true,
    });
  } catch {
    return null;
  }
  if (twelveHour) words = words.replace(TWELVE_HOUR_LEADING_ZERO, '$1');
  if (locale === 'zh-CN') words = asChinese(words);
  // cronstrue says "At 08:00" for a time every day; say which days.
  const everyDay =
    [day, month, weekday].every((f) => f !== undefined && ANY.test(f)) &&
    (year === undefined || ANY.test(year)) &&
    /^\d+$/.test(seconds ?? '') &&
    /^\d+$/.test(minute ?? '') &&
    /^\d+(,\d+)*$/.test(hour ?? '');
  return everyDay ? EVERY_DAY[locale](words) : words;
}
