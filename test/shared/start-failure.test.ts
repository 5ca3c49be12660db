/** What the desktop app's error box says when it cannot start: a title in the OS language, the error's words. */
import { describe, expect, it } from 'vitest';
import { pickLocale } from '../../src/shared/locale.js';
import { startFailure } from '../../src/shared/start-failure.js';

describe('the error box of a desktop app that cannot start', () => {
  const err = new Error(
    '/home/me/.config/iAs/secrets/approval-hmac.key can be read by other users (mode 644); make it 0600',
  );

  it('has a short title in the OS language and the error’s own words', () => {
    expect(startFailure(pickLocale(undefined, 'en-US'), err)).toEqual({
      title: 'iAs could not start',
      message: err.message,
    });
    expect(startFailure(pickLocale(undefined, 'zh-CN'), err)).toEqual({ title: 'iAs 无法启动', message: err.message });
    expect(startFailure(pickLocale(undefined, 'zh-TW'), err).title).toBe('iAs 无法启动');
    expect(startFailure(pickLocale(undefined, 'fr'), err).title).toBe('iAs could not start');
  });

  it('is never empty: an error without words says what it was', () => {
    expect(startFailure('en', new TypeError('')).message).toBe('TypeError');
    expect(startFailure('en', 'plain words').message).toBe('plain words');
    expect(startFailure('en', undefined).message).toBe('undefined');
  });
});
