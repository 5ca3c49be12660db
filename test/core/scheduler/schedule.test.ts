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

  it('refuses more than one second of the minute, whenever the expression is made', () => {
    // Made between its two seconds, the next two runs are an hour apart; after that, 30 s.
    const between = Date.parse('2026-12-01T08:05:15Z');
    for (const expression of ['0,30 5 * * * *', '0-1 * * * * *', '*/30 5 * * * *', '0,30 5 8 1 12 *']) {
      expect(() => firstCronRun(expression, 'UTC', between)).toThrow(
        `"${expression}" runs more than once a minute; the shortest interval is one minute: give the seconds (the first of six fields) one value, such as 0`,
      );
    }
    // One second of the minute is fine, as are five fields (second 0) and a nickname.
    expect(new Date(firstCronRun('30 5 * * * *', 'UTC', between)).toISOString()).toBe('2026-12-01T08:05:30.000Z');
    expect(new Date(firstCronRun('5 * * * *', 'UTC', between)).toISOString()).toBe('2026-12-01T09:05:00.000Z');
    expect(new Date(firstCronRun('@hourly', 'UTC', between)).toISOString()).toBe('2026-12-01T09:00:00.000Z');
  });

  it('runs a list of times as single times across a change of the clocks: once, and never lost', () => {
    const iso = (ms: number | null) => new Date(ms!).toISOString();
    const berlin = 'Europe/Berlin';
    // 29 March 2026: 02:00 CET becomes 03:00 CEST. 02:00 runs at 03:00, as "0 2 * * *" does.
    const spring = Date.parse('2026-03-28T23:00:00Z'); // 00:00 CET
    expect(iso(firstCronRun('0 2 * * *', berlin, spring))).toBe('2026-03-29T01:00:00.000Z');
    expect(iso(firstCronRun('0 2,14 * * *', berlin, spring))).toBe('2026-03-29T01:00:00.000Z');
    expect(iso(nextCronRun('0 2,14 * * *', berlin, Date.parse('2026-03-29T01:00:00Z')))).toBe(
      '2026-03-29T12:00:00.000Z', // 14:00 CEST
    );
    // A range whose skipped hour falls on the next one runs at it once.
    expect(iso(nextCronRun('0 1-3 * * *', berlin, Date.parse('2026-03-29T00:00:00Z')))).toBe(
      '2026-03-29T01:00:00.000Z', // 03:00 CEST
    );
    expect(iso(nextCronRun('0 1-3 * * *', berlin, Date.parse('2026-03-29T01:00:00Z')))).toBe(
      '2026-03-29T23:00:00.000Z', // 01:00 CEST the next day
    );
    // 25 October 2026: 03:00 CEST becomes 02:00 CET. 02:00 runs at the first, not again an hour later.
    const autumn = Date.parse('2026-10-24T23:00:00Z'); // 01:00 CEST
    expect(iso(firstCronRun('0 2,14 * * *', berlin, autumn))).toBe('2026-10-25T00:00:00.000Z'); // 02:00 CEST
    expect(iso(nextCronRun('0 2,14 * * *', berlin, Date.parse('2026-10-25T00:00:00Z')))).toBe(
      '2026-10-25T13:00:00.000Z', // 14:00 CET
    );
    expect(iso(nextCronRun('0 2 * * *', berlin, Date.parse('2026-10-25T00:00:00Z')))).toBe(
      '2026-10-26T01:00:00.000Z', // 02:00 CET the next day
    );
    // Intervals keep running by the clock of the world: every half hour, both 02:00s.
    expect(iso(nextCronRun('*/30 * * * *', berlin, Date.parse('2026-10-25T00:30:00Z')))).toBe(
      '2026-10-25T01:00:00.000Z', // 02:00 CET
    );
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

  it('refuses a date or time that does not exist rather than rolling it over into the next day or month', () => {
    expect(() => oneOffMoment('2027-02-29T08:00', 'Asia/Shanghai', NOW)).toThrow(
      '"2027-02-29T08:00" is not a valid date and time: February 2027 has 28 days',
    );
    expect(() => oneOffMoment('2027-04-31T08:00', 'UTC', NOW)).toThrow(
      '"2027-04-31T08:00" is not a valid date and time: April 2027 has 30 days',
    );
    expect(() => oneOffMoment('2027-02-31T08:00+08:00', 'Asia/Shanghai', NOW)).toThrow(/February 2027 has 28 days/);
    expect(() => oneOffMoment('2027-04-31 08:00Z', 'UTC', NOW)).toThrow(/April 2027 has 30 days/);
    expect(() => oneOffMoment('2027-13-01T08:00', 'UTC', NOW)).toThrow(/months go from 01 to 12/);
    expect(() => oneOffMoment('2027-01-00T08:00', 'UTC', NOW)).toThrow(/January 2027 has 31 days/);
    expect(() => oneOffMoment('2026-12-01T24:00', 'UTC', NOW)).toThrow(/hours go from 00 to 23/);
    expect(() => oneOffMoment('2026-12-01T08:60+01:00', 'UTC', NOW)).toThrow(/minutes and seconds from 00 to 59/);
    expect(() => oneOffMoment('2026-12-01T08:00:60', 'UTC', NOW)).toThrow(/minutes and seconds from 00 to 59/);
    // A day that exists: 29 February of a leap year, the last of April.
    expect(new Date(oneOffMoment('2028-02-29T08:00', 'Asia/Shanghai', NOW)).toISOString()).toBe(
      '2028-02-29T00:00:00.000Z',
    );
    expect(new Date(oneOffMoment('2027-04-30T23:59:59', 'UTC', NOW)).toISOString()).toBe('2027-04-30T23:59:59.000Z');
  });

  it('runs a time the clocks skip after the gap, and a time they go through twice at the first', () => {
    // Europe/Berlin, 28 March 2027: 02:00 CET becomes 03:00 CEST; 02:30 never shows on the clock.
    expect(new Date(oneOffMoment('2027-03-28T02:30', 'Europe/Berlin', NOW)).toISOString()).toBe(
      '2027-03-28T01:30:00.000Z', // 03:30 CEST
    );
    expect(new Date(oneOffMoment('2027-03-28T02:00', 'Europe/Berlin', NOW)).toISOString()).toBe(
      '2027-03-28T01:00:00.000Z', // 03:00 CEST
    );
    expect(new Date(oneOffMoment('2027-03-28T01:59', 'Europe/Berlin', NOW)).toISOString()).toBe(
      '2027-03-28T00:59:00.000Z', // 01:59 CET, before the gap
    );
    // 31 October 2027: 03:00 CEST becomes 02:00 CET; 02:30 comes twice.
    expect(new Date(oneOffMoment('2027-10-31T02:30', 'Europe/Berlin', NOW)).toISOString()).toBe(
      '2027-10-31T00:30:00.000Z', // 02:30 CEST
    );
    // New York: 14 March 2027, 02:00 EST becomes 03:00 EDT.
    expect(new Date(oneOffMoment('2027-03-14T02:15', 'America/New_York', NOW)).toISOString()).toBe(
      '2027-03-14T07:15:00.000Z', // 03:15 EDT
    );
  });
});
