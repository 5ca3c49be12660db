import { describe, expect, it } from 'vitest';
import { visibleLine, visibleText, withBlankRunsCounted, withControlsShown } from '../../src/shared/visible-text.js';

describe('visibleText', () => {
  it('shows every character that could hide or reorder text', () => {
    expect(visibleText('rm -rf /tmp/x\r/etc')).toBe('rm -rf /tmp/x\\u000d/etc');
    expect(visibleText('a\u202eb\u2066c\u200bd\u2028e\u0085f\u007fg\u001b[8mh')).toBe(
      'a\\u202eb\\u2066c\\u200bd\\u2028e\\u0085f\\u007fg\\u001b[8mh',
    );
    // Tag characters can spell ASCII no one sees.
    expect(visibleText('ok\u{E0041}')).toBe('ok\\udb40\\udc41');
    expect(visibleText('\ud800x')).toBe('\\ud800x');
  });

  it('keeps tabs, line feeds and the glue inside emoji', () => {
    expect(visibleText('a\tb\nc')).toBe('a\tb\nc');
    for (const emoji of ['⚠️ hot', '👨‍👩‍👧', '🏳️‍🌈', '👍🏽', '👩🏽‍💻', '1️⃣', '#️⃣', '❤️ 你好']) {
      expect(visibleText(emoji)).toBe(emoji);
    }
  });

  it('shows the same glue where it joins no emoji', () => {
    expect(visibleText('a\u200db')).toBe('a\\u200db');
    expect(visibleText('x\u200d👍')).toBe('x\\u200d👍');
    expect(visibleText('👍\u200dx')).toBe('👍\\u200dx');
    expect(visibleText('👍\u200d\u200d👍')).toBe('👍\\u200d\\u200d👍');
    expect(visibleText('a\ufe0f')).toBe('a\\ufe0f');
    expect(visibleText('⚠\ufe0f\ufe0f')).toBe('⚠️\\ufe0f');
    expect(visibleText('1\ufe0fx')).toBe('1\\ufe0fx');
  });

  it('visibleLine puts everything on one line; withControlsShown shows controls and reordering marks alone', () => {
    expect(visibleLine('a\nb\u202e')).toBe('a\\u000ab\\u202e');
    expect(withControlsShown('a\rb\u202e\u2067c\u2069\u200f\n👨‍👩‍👧\u200b')).toBe(
      'a\\u000db\\u202e\\u2067c\\u2069\\u200f\n👨‍👩‍👧\u200b',
    );
  });
});

describe('withBlankRunsCounted', () => {
  it('counts each kind of blank in a long run, and blank lines (spaces alone count as blank) from 8 on', () => {
    const mixed = `a${' '.repeat(31)}\t${'\u3000'.repeat(40)}b`;
    expect(withBlankRunsCounted(mixed)).toBe('a[31 个空格 spaces][1 个制表符 tab][40 × \\u3000]b');
    expect(withBlankRunsCounted(`a${'\n \t'.repeat(9)}\nb`)).toBe('a\n[9 个空行 blank lines]\nb');
    expect(withBlankRunsCounted(`a${'\n'.repeat(8)}b${'\n'.repeat(7)}`)).toBe(`a\n${'\n'.repeat(7)}b${'\n'.repeat(7)}`);
    expect(withBlankRunsCounted(`a${'\n'.repeat(9)}`)).toBe('a\n[9 个空行 blank lines]');
  });
});
