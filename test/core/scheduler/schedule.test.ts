import { describe, expect, it } from 'vitest';
import { firstCronRun, nextCronRun, oneOffMoment } from '../../../src/core/scheduler/schedule.js';

const NOW = Date.parse('2026-11-30T05:00:00Z'); // 13:00 in Shanghai

describe('schedules', () => {
  it('reads a cron expression in the task time zone', () => {
    expect(new Date(firstCronRun('0 8 * * *', 'Asia/Shanghai', NOW)).toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(new Date(firstCronRun('0 8 * * *', 'Europe/London', NOW)).toISOString()).toBe('2026-11-30T08:00:00.000Z');
    expect(new Date(nextCronRun('30 9 * * 1-5', 'UTC', NOW)!).toISOString()).toBe('2026-11-30T09:30:00.000Z');
  });

  it('refuses bad expressions, unknown zones and schedules faster than once a minute', () => {
    expect(() => firstCronRun('61 * * * *', 'UTC', NOW)).toThrow(/not a valid schedule.*minute/);
    expect(() => firstCronRun('0 8 * * *', 'Mars/Olympus', NOW)).toThrow(/unknown time zone "Mars\/Olympus"/);
    expect(() => firstCronRun('* * * * * *', 'UTC', NOW)).toThrow(/more than once a minute/);
    expect(() => firstCronRun('2026-12-01T08:00', 'UTC', NOW)).toThrow(/give it as "at"/);
    expect(firstCronRun('* * * * *', 'UTC', NOW)).toBe(NOW + 60_000);
  });

  it('reads a one-off moment in the time zone unless it has an offset', () => {
    expect(new Date(oneOffMoment('2026-12-01T08:00', 'Asia/Shanghai', NOW)).toISOString()).toBe(
      '2026-12-01T00:00:00.000Z',
    );
    expect(new Date(oneOffMoment('2026-12-01 08:00:00', 'UTC', NOW)).toISOString()).toBe('2026-12-01T08:00:00.000Z');
    expect(new Date(oneOffMoment('2026-12-01T08:00:00+02:00', 'Asia/Shanghai', NOW)).toISOString()).toBe(
      '2026-12-01T06:00:00.000Z',
    );
  });

  it('refuses a moment that has passed or is not a date', () => {
    expect(() => oneOffMoment('2026-11-30T12:00', 'Asia/Shanghai', NOW)).toThrow(/has already passed/);
    expect(() => oneOffMoment('tomorrow at 8', 'UTC', NOW)).toThrow(/not a date and time.*ISO 8601/);
    expect(() => oneOffMoment('2026-13-45T08:00', 'UTC', NOW)).toThrow(/not a valid date|not a valid schedule/);
  });
});
