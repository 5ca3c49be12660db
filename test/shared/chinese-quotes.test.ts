/**
 * Our Chinese is Simplified Chinese for the mainland, which quotes with “” (‘’ inside them), as
 * GB/T 15834 says; 「」 is the Traditional and Japanese style. Every Chinese string iAs shows (the
 * zh-CN tables, the Chinese half of the bilingual words, the WeChat and approval messages, inline
 * texts) is written in src, so no file there may hold a corner bracket, written or escaped, except
 * the line-wrapping punctuation classes, which must know the marks to keep them by their words.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.join(import.meta.dirname, '../../src');
const CORNER = /[「」『』]|\\u(?:300[cdef]|\{300[cdef]\})/i;
/** Lines that name the marks as punctuation, not as text anyone reads. */
const ALLOWED: Record<string, RegExp> = {
  'cli/owner-language-help.ts': /^const (?:OPENING|CLOSING) = '[^']*';$/,
};

function sources(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.(?:[cm]?[jt]sx?|html|json|md)$/.test(entry.name) ? [file] : [];
  });
}

describe('Chinese quotation marks', () => {
  it('are “” in every string in src, never 「」', () => {
    const files = sources(SRC);
    // The scan reaches the Chinese tables and the bilingual words, so an empty walk cannot pass.
    for (const table of [
      'shared/approval-words-zh-CN.ts',
      'renderer/i18n/zh-CN.ts',
      'cli/help-words-zh-CN.ts',
      'cli/chat-words.ts',
      'core/approval/messages.ts',
    ]) {
      expect(files).toContain(path.join(SRC, table));
    }
    const found = files.flatMap((file) => {
      const name = path.relative(SRC, file).split(path.sep).join('/');
      return fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          CORNER.test(line) && !ALLOWED[name]?.test(line.trim()) ? [`${name}:${index + 1}: ${line.trim()}`] : [],
        );
    });
    expect(found).toEqual([]);
  });
});
