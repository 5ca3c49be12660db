import { describe, expect, it } from 'vitest';
import { alternatives, listed } from '../../src/shared/name-lists.js';

describe('name lists', () => {
  it('lists names with and / or in English', () => {
    expect(listed([], 'and')).toBe('');
    expect(listed(['A'], 'and')).toBe('A');
    expect(listed(['A', 'B'], 'and')).toBe('A and B');
    expect(listed(['A', 'B', 'C'], 'or')).toBe('A, B or C');
  });

  it('says a group of alternatives in English and 简体中文', () => {
    expect(alternatives(['USER'], 'en')).toBe('USER');
    expect(alternatives(['USER', 'TOKEN'], 'en')).toBe('USER or TOKEN');
    expect(alternatives(['A', 'B', 'C'], 'en')).toBe('A, B or C');
    expect(alternatives(['USER'], 'zh-CN')).toBe('USER');
    expect(alternatives(['USER', 'TOKEN'], 'zh-CN')).toBe('USER 或 TOKEN');
    expect(alternatives(['A', 'B', 'C'], 'zh-CN')).toBe('A、B 或 C');
  });
});
