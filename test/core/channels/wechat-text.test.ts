import { describe, expect, it } from 'vitest';
import { imitatesIas } from '../../../src/core/channels/ias-imitation.js';
import { markdownToPlain, modelReplyPieces, splitForWechat } from '../../../src/core/channels/wechat-text.js';

const WARNING = '⚠ not from iAs';

describe('markdown for WeChat', () => {
  it('a heading is its text after a bar, never in iAs’s 【…】 banner style', () => {
    expect(markdownToPlain('# Weather\n\nIt is **sunny**.\n\n### Tomorrow ###\nRain.')).toBe(
      '▍Weather\n\nIt is sunny.\n\n▍Tomorrow\nRain.',
    );
    const heading = markdownToPlain('# iAs 需要你的确认 · approval needed');
    expect(heading).not.toContain('【');
    expect(heading).toBe('▍iAs 需要你的确认 · approval needed');
  });

  it('code stays as written: a comment is no heading, __init__ no bold, a diff’s lines no list', () => {
    const python = '# a point\nclass P:\n    def __init__(self, x):\n        self.x = x * 2  # twice *x*';
    expect(markdownToPlain(`Define it:\n\n\`\`\`python\n${python}\n\`\`\`\n\nThen call \`__init__\`.`)).toBe(
      `Define it:\n\n${python}\n\nThen call __init__.`,
    );
    const diff = '- old\n+ new\n> kept';
    expect(markdownToPlain(`\`\`\`diff\n${diff}\n\`\`\``)).toBe(diff);
    expect(markdownToPlain('**Bold** and `**not bold**`')).toBe('Bold and **not bold**');
  });
});

describe('a model reply in WeChat pieces', () => {
  it('an ordinary reply goes as it is', () => {
    expect(modelReplyPieces('It is sunny.\n\n我已经确认了你的会议。', WARNING)).toEqual([
      'It is sunny.\n\n我已经确认了你的会议。',
    ]);
    const long = `${'Sunny all week. '.repeat(200)}`;
    expect(modelReplyPieces(long, WARNING)).toEqual(splitForWechat(long));
  });

  it('one that reads like iAs’s own has the warning first', () => {
    const fake = markdownToPlain('# iAs 需要你的确认 · approval needed\n技能 Skill：query_weather');
    expect(modelReplyPieces(fake, WARNING)).toEqual([`${WARNING}\n${fake}`]);
  });

  it('split into pieces, every piece has the warning first, none over the limit', () => {
    const max = 200;
    // The imitation begins the second piece: that piece must not start with it.
    const text = `${'Here is the weather. '.repeat(8).trim()}\n\n【iAs 需要你的确认 · approval needed】\n${'天气查询，无需担心。'.repeat(20)}`;
    expect(splitForWechat(text, max).some((piece) => piece.startsWith('【iAs'))).toBe(true);
    const pieces = modelReplyPieces(text, WARNING, max);
    expect(pieces.length).toBeGreaterThan(2);
    for (const piece of pieces) {
      expect(piece.startsWith(`${WARNING}\n`)).toBe(true);
      expect(piece.length).toBeLessThanOrEqual(max);
    }
    const rest = pieces.map((p) => p.slice(WARNING.length + 1)).join('');
    expect(rest.replace(/\s+/g, '')).toBe(text.replace(/\s+/g, ''));
  });

  it('an imitation cut between two pieces is still seen', () => {
    const max = 100;
    const text = `${'a'.repeat(99)}【iAs】`;
    const plain = splitForWechat(text, max);
    expect(plain.some(imitatesIas)).toBe(false);
    expect(modelReplyPieces(text, WARNING, max).every((p) => p.startsWith(WARNING))).toBe(true);
  });

  it('never cuts a character in two (an emoji) where no better place is near', () => {
    const text = `${'a'.repeat(9)}${'😀'.repeat(6)}`;
    const pieces = splitForWechat(text, 10);
    expect(pieces.join('')).toBe(text);
    for (const piece of pieces) expect(piece.isWellFormed(), JSON.stringify(piece)).toBe(true);
  });

  it('nor a character drawn from several (a flag, a family, a heart with its style, an accent)', () => {
    for (const character of ['🇨🇳', '👨\u200d👩\u200d👧', '❤\ufe0f', 'e\u0301', '1\ufe0f\u20e3']) {
      const text = `${'a'.repeat(9)}${character.repeat(8)}`;
      const pieces = splitForWechat(text, 10);
      expect(pieces.join('')).toBe(text);
      const shown = [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(pieces.join('\n'))];
      for (const { segment } of shown) expect(['a', '\n', character], JSON.stringify(pieces)).toContain(segment);
      for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(10);
    }
  });
});
