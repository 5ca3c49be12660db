/**
 * A moment as the clock reads it in a time zone, and back: what the audit log's custom time range
 * and its export's file name are read and written in (the owner's zone, whatever the computer's).
 */
import { describe, expect, it } from 'vitest';
import { stampedName } from '../../src/renderer/audit/export-name.js';
import { momentOfWallClock, wallClock } from '../../src/shared/date-time.js';

describe('wallClock', () => {
  it('reads the calendar and the clock of the zone given', () => {
    const at = Date.UTC(2025, 0, 15, 20, 2, 3);
    expect(wallClock(at, 'Asia/Shanghai')).toEqual({ year: 2025, month: 1, day: 16, hour: 4, minute: 2, second: 3 });
    expect(wallClock(at, 'America/New_York')).toEqual({
      year: 2025,
      month: 1,
      day: 15,
      hour: 15,
      minute: 2,
      second: 3,
    });
    expect(wallClock(Date.UTC(2025, 0, 1, 0, 0, 0), 'UTC').hour).toBe(0);
  });
});

describe('momentOfWallClock', () => {
  it('reads a date and time without an offset in the zone given', () => {
    expect(momentOfWallClock('2025-01-16T00:00', 'Asia/Shanghai')).toBe(Date.UTC(2025, 0, 15, 16, 0));
    expect(momentOfWallClock('2025-01-16T00:00', 'Europe/Berlin')).toBe(Date.UTC(2025, 0, 15, 23, 0));
    expect(momentOfWallClock('2025-07-01T12:30:15', 'Europe/Berlin')).toBe(Date.UTC(2025, 6, 1, 10, 30, 15));
    expect(momentOfWallClock('2025-01-16T00:00', 'UTC')).toBe(Date.UTC(2025, 0, 16, 0, 0));
  });

  it('reads the right side of a shift of the clocks', () => {
    // Berlin moved from 02:00 to 03:00 on 30 March 2025 (01:00 UTC), and back on 26 October.
    expect(momentOfWallClock('2025-03-30T01:59', 'Europe/Berlin')).toBe(Date.UTC(2025, 2, 30, 0, 59));
    expect(momentOfWallClock('2025-03-30T03:00', 'Europe/Berlin')).toBe(Date.UTC(2025, 2, 30, 1, 0));
    // A time the clocks skipped: as it would have been had they not.
    expect(momentOfWallClock('2025-03-30T02:30', 'Europe/Berlin')).toBe(Date.UTC(2025, 2, 30, 1, 30));
    expect(momentOfWallClock('2025-10-26T04:00', 'Europe/Berlin')).toBe(Date.UTC(2025, 9, 26, 3, 0));
  });

  it('is NaN for what is no date and time', () => {
    expect(momentOfWallClock('', 'UTC')).toBeNaN();
    expect(momentOfWallClock('yesterday', 'UTC')).toBeNaN();
    expect(momentOfWallClock('2025-01-16', 'UTC')).toBeNaN();
  });
});

describe('stampedName (the audit export)', () => {
  it('stamps the file with the date and time in the zone given', () => {
    const at = Date.UTC(2025, 0, 15, 20, 2, 3);
    expect(stampedName('ias-audit', 'csv', 'Asia/Shanghai', at)).toBe('ias-audit-20250116-0402.csv');
    expect(stampedName('ias-audit', 'json', 'America/New_York', at)).toBe('ias-audit-20250115-1502.json');
  });
});
