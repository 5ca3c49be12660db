import { describe, expect, it } from 'vitest';
import { sayCron } from '../../src/shared/cron-words.js';
import { formatDateTime, formatTime } from '../../src/shared/date-time.js';

describe('sayCron', () => {
  it('says a time every day in English (12-hour clock) and 简体中文 (24-hour clock)', () => {
    expect(sayCron('0 8 * * *', 'en')).toBe('Every day at 8:00 AM');
    expect(sayCron('0 8 * * *', 'zh-CN')).toBe('每天在08:00');
    expect(sayCron('30 20 * * *', 'en')).toBe('Every day at 8:30 PM');
    expect(sayCron('30 20 * * *', 'zh-CN')).toBe('每天在20:30');
    expect(sayCron('5 8,20 * * *', 'en')).toBe('Every day at 8:05 AM and 8:05 PM');
  });

  it('writes 12-hour English times without the hour’s leading zero, as the next run reads', () => {
    expect(sayCron('*/5 8-17 * * *', 'en')).toBe('Every 5 minutes, between 8:00 AM and 5:59 PM');
    expect(sayCron('0 10 * * *', 'en')).toBe('Every day at 10:00 AM');
    expect(sayCron('0 12 * * *', 'en')).toBe('Every day at 12:00 PM');
    expect(sayCron('*/5 * * * *', 'en')).toBe('Every 5 minutes');
    expect(sayCron('5 * * * *', 'en')).toBe('At 5 minutes past the hour');
    expect(sayCron('0 8-17 * * *', 'zh-CN')).toContain('08:00');
    const morning = new Date(2026, 11, 1, 8, 5).getTime();
    expect(sayCron('5 8 * * *', 'en')).toBe(`Every day at ${formatTime(morning, 'en')}`);
  });

  it('reads on the clock the page shows times on (a task’s next run beside it)', () => {
    const evening = new Date(2026, 11, 1, 20, 30).getTime();
    for (const locale of ['en', 'zh-CN'] as const) {
      expect(sayCron('30 20 * * *', locale)).toContain(formatTime(evening, locale));
      expect(formatDateTime(evening, locale)).toContain(formatTime(evening, locale));
    }
  });

  it('says other schedules as cronstrue does', () => {
    expect(sayCron('30 9 * * 1-5', 'en')).toBe('At 9:30 AM, Monday through Friday');
    expect(sayCron('30 9 * * 1-5', 'zh-CN')).toBe('在09:30，星期一至星期五');
    expect(sayCron('0 */2 * * *', 'en')).toBe('On the hour, every 2 hours');
    expect(sayCron('*/15 * * * *', 'zh-CN')).toBe('每隔 15 分钟');
    expect(sayCron('0 9 * * 1', 'en')).toBe('At 9:00 AM, only on Monday');
  });

  it('writes 简体中文 as Chinese is written: full-width commas, no space between Chinese characters', () => {
    expect(sayCron('0 */2 * * *', 'zh-CN')).toBe('整点，每隔 2 小时');
    expect(sayCron('0 8 1,15 * *', 'zh-CN')).toBe('在08:00，限每月 1 号和 15 号');
    expect(sayCron('0 9 * 1-6 1', 'zh-CN')).toBe('在09:00，仅星期一，一月至六月');
    expect(sayCron('0 8,20 * * *', 'zh-CN')).toBe('每天在 08:00 和 20:00');
    // A list of three or more: no comma before its last item's 和, as English puts one before "and".
    expect(sayCron('30 8 * * 1,3,5', 'zh-CN')).toBe('在08:30，仅星期一，星期三和星期五');
    expect(sayCron('0 8 1,10,20 * *', 'zh-CN')).toBe('在08:00，限每月 1 号，10 号和 20 号');
    expect(sayCron('15 8,12,20 * * *', 'zh-CN')).toBe('每天在 08:15，12:15 和 20:15');
  });

  it('reads the fields as croner does: seconds first, a year last, names, L, W and #', () => {
    expect(sayCron('30 0 8 * * *', 'en')).toBe('Every day at 8:00:30 AM');
    expect(sayCron('0 0 8 * * * 2027', 'en')).toBe('At 8:00 AM, only in 2027');
    expect(sayCron('0 8 * * mon', 'en')).toBe('At 8:00 AM, only on Monday');
    expect(sayCron('0 0 L * *', 'en')).toBe('At 12:00 AM, on the last day of the month');
    expect(sayCron('0 9 15W * *', 'en')).toBe('At 9:00 AM, on the weekday nearest day 15 of the month');
    expect(sayCron('0 9 * * 5#2', 'zh-CN')).toBe('在09:00，限每月的第二个星期五');
    expect(sayCron('0 9 * * 5L', 'en')).toBe('At 9:00 AM, on the last Friday of the month');
  });

  it('says the nicknames, in any case', () => {
    expect(sayCron('@daily', 'en')).toBe('Every day at 12:00 AM');
    expect(sayCron('@DAILY', 'zh-CN')).toBe('每天在00:00');
    expect(sayCron('@hourly', 'en')).toBe('Every hour');
    expect(sayCron('@weekly', 'en')).toBe('At 12:00 AM, only on Sunday');
  });

  it('gives up, for the page to show the expression alone, when it cannot say it as croner runs it', () => {
    // croner's AND of both day fields, and its last-of-month forms cronstrue does not read.
    expect(sayCron('0 20 1 * +MON', 'en')).toBeNull();
    expect(sayCron('0 9 * * FRI#L', 'en')).toBeNull();
    expect(sayCron('0 9 * * 5-6L', 'en')).toBeNull();
    expect(sayCron('0 9 * * 5-6#L', 'zh-CN')).toBeNull();
    // Not cron at all, or not a nickname croner knows.
    expect(sayCron('not a cron', 'en')).toBeNull();
    expect(sayCron('0 8 * *', 'zh-CN')).toBeNull();
    expect(sayCron('61 8 * * *', 'en')).toBeNull();
    expect(sayCron('@reboot', 'en')).toBeNull();
    expect(sayCron('', 'en')).toBeNull();
  });
});
