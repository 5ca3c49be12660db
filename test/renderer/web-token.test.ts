/** Reading the access token from the printed link's fragment. */
import { describe, expect, it } from 'vitest';
import { tokenFromFragment } from '../../src/renderer/api/web-token.js';

describe('tokenFromFragment', () => {
  it('takes the token of `#token=…`, and nothing from a route or an empty value', () => {
    expect(tokenFromFragment('#token=Abc_-123')).toBe('Abc_-123');
    expect(tokenFromFragment('#token=a%2Bb&x=1')).toBe('a+b');
    expect(tokenFromFragment('#token=%E0%A4%A')).toBe('%E0%A4%A');
    for (const hash of ['', '#', '#token=', '#/chat', '#/skills/token=x', '#tokens=x', '?token=x']) {
      expect(tokenFromFragment(hash), hash).toBeUndefined();
    }
  });
});
