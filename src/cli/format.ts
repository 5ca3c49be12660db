/** Output for people: aligned columns, colour on a terminal (picocolors honours NO_COLOR). */
import pc from 'picocolors';
import stringWidth from 'string-width';
import type { SkillProblem } from '../core/skills/types.js';
import type { Locale } from '../shared/locale.js';
import { englishSkillProblems, saySkillProblem } from '../shared/skill-problems.js';
import { chineseSkillProblems } from '../shared/skill-problems-zh-CN.js';
import { visibleLine, visibleText, withControlsShown } from '../shared/visible-text.js';

export const color = pc;

let graphemeSegmenter: Intl.Segmenter | undefined;

/**
 * `text`'s characters as a reader sees them (an emoji with its modifiers is one). The segmenter is
 * made at the first cut, not when `ias` starts: a process's first Intl object takes ~15–20 ms (ICU
 * loads its data), which `ias --version` need not pay.
 */
function graphemes(text: string): Intl.Segments {
  graphemeSegmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  return graphemeSegmenter.segment(text);
}

/**
 * `text` cut to `max` terminal columns with … at the end when it is longer: a Chinese character or
 * an emoji takes two columns, colour codes none, and a cut never splits a character or an emoji.
 */
function fitColumns(text: string, max: number): string {
  if (stringWidth(text) <= max) return text;
  let kept = '';
  let width = 0;
  for (const { segment } of graphemes(text)) {
    width += stringWidth(segment);
    if (width > max - 1) break;
    kept += segment;
  }
  return `${kept}…`;
}

/**
 * Text a model, a skill or a SKILL.md wrote, in one table cell: on one line (white space folded),
 * every character that could rewrite the table or hide text (controls, reordering marks, zero-width
 * characters) shown as \uXXXX, cut to `max` terminal columns.
 */
export function cell(text: string, max = Infinity): string {
  return fitColumns(visibleText(text.replace(/\s+/g, ' ')), max);
}

/**
 * `value` as JSON for stdout: JSON escapes C0 controls itself; DEL, C1 controls and reordering
 * marks are written as \uXXXX too, which reads back as the same value.
 */
export function jsonText(value: unknown, indent?: number): string {
  return withControlsShown(JSON.stringify(value, null, indent));
}

/** Rows in columns lined up by terminal columns (not characters), each line cut to `maxWidth`. */
/** `text` followed by spaces to `width` terminal columns (a CJK character or an emoji takes two). */
export function padToWidth(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - stringWidth(text)));
}

export function table(rows: string[][], maxWidth = process.stdout.columns || 120): string {
  if (rows.length === 0) return '';
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => stringWidth(r[i] ?? ''))));
  return rows
    .map((row) => {
      const line = row.map((cell, i) => (i === row.length - 1 ? cell : padToWidth(cell, widths[i]!))).join('  ');
      // A coloured line is left whole: a cut could leave its colour on.
      return line.includes('\x1b') ? line : fitColumns(line, maxWidth);
    })
    .join('\n');
}

const problemWords = {
  en: { strings: englishSkillProblems, error: 'error', warning: 'warning' },
  'zh-CN': { strings: chineseSkillProblems, error: '错误', warning: '警告' },
};

/** What is wrong, in `locale`: by its code when it has one, else the English that came with it. */
export function sayProblem(problem: Pick<SkillProblem, 'message' | 'messageCode'>, locale: Locale): string {
  return saySkillProblem(problemWords[locale].strings, problem.message, problem.messageCode);
}

/**
 * A SKILL.md problem on one line: severity, where, and what, in `locale` (by its code when it has
 * one). The path (a folder's name) and what the file wrote are shown, not obeyed: the path with
 * every hidden character as \uXXXX, the problem with its controls and reordering marks so.
 */
export function problemLine(problem: SkillProblem, kind: 'error' | 'warning', locale: Locale = 'en'): string {
  const words = problemWords[locale];
  const { where, what } = problemParts(problem, locale);
  const label = kind === 'error' ? pc.red(words.error) : pc.yellow(words.warning);
  return `${label} ${pc.bold(where)}: ${what}`;
}

/** Where a SKILL.md problem is (`<path>[:<line>]`) and what it is in `locale`, made safe to show as problemLine says. */
export function problemParts(problem: SkillProblem, locale: Locale): { where: string; what: string } {
  const where = visibleLine(problem.line ? `${problem.path}:${problem.line}` : problem.path);
  return { where, what: withControlsShown(sayProblem(problem, locale)) };
}
