/**
 * When a message was written and when a conversation last changed, as the chat says them: the
 * owner's time zone decides what "today" is.
 */
import { describe, expect, it } from 'vitest';
import { formatMessageTime as formatted, formatShortDate } from '../../src/renderer/ui/format.js';

/** ICU puts a narrow no-break space before AM/PM in some versions: spaces are spaces here. */
const formatMessageTime = (...args: Parameters<typeof formatted>) => formatted(...args).replace(/\s/g, ' ');

const now = Date.UTC(2026, 11, 1, 2, 0); // 1 December 2026, 10:00 in Shanghai
const thisMorning = Date.UTC(2026, 11, 1, 1, 5);
/** 30 November in UTC, already 1 December in Shanghai. */
const lateLastNight = Date.UTC(2026, 10, 30, 17, 30);
const lastYear = Date.UTC(2025, 5, 1, 4, 0);

describe('formatMessageTime', () => {
  it("says today's messages by the time alone, in the owner's zone", () => {
    expect(formatMessageTime(thisMorning, 'zh-CN', 'Asia/Shanghai', now)).toBe('09:05');
    expect(formatMessageTime(thisMorning, 'en', 'Asia/Shanghai', now)).toBe('9:05 AM');
    expect(formatMessageTime(lateLastNight, 'zh-CN', 'Asia/Shanghai', now)).toBe('01:30');
  });

  it("says an earlier day's with its date, and the year when it is not this one", () => {
    expect(formatMessageTime(lateLastNight, 'zh-CN', 'UTC', now)).toBe('11月30日 17:30');
    expect(formatMessageTime(lateLastNight, 'en', 'UTC', now)).toBe('Nov 30, 5:30 PM');
    expect(formatMessageTime(lastYear, 'zh-CN', 'Asia/Shanghai', now)).toBe('2025年6月1日 12:00');
    expect(formatMessageTime(lastYear, 'en', 'UTC', now)).toBe('Jun 1, 2025, 4:00 AM');
  });

  it("falls back to the computer's zone for a zone Intl does not know", () => {
    const computer = formatMessageTime(lateLastNight, 'en', undefined, now);
    expect(formatMessageTime(lateLastNight, 'en', 'Nowhere/Nothing', now)).toBe(computer);
  });
});

describe('formatShortDate (the conversation list)', () => {
  it('says the time for today, the day for this year, the date before, by the zone given', () => {
    expect(formatShortDate(lateLastNight, 'zh-CN', 'Asia/Shanghai', now)).toBe('01:30');
    expect(formatShortDate(lateLastNight, 'zh-CN', 'UTC', now)).toBe('11月30日');
    expect(formatShortDate(lateLastNight, 'en', 'UTC', now)).toBe('Nov 30');
    expect(formatShortDate(lastYear, 'en', 'Asia/Shanghai', now)).toBe('Jun 1, 2025');
  });
});
