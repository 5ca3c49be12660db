/** Output for people: aligned columns, colour on a terminal (picocolors honours NO_COLOR). */
import pc from 'picocolors';
import type { SkillProblem } from '../core/skills/types.js';
import type { Locale } from '../shared/locale.js';
import { englishSkillProblems, saySkillProblem } from '../shared/skill-problems.js';
import { chineseSkillProblems } from '../shared/skill-problems-zh-CN.js';
import { visibleText, withControlsShown } from '../shared/visible-text.js';

export const color = pc;

const visibleLength = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, '').length;

/**
 * Text a model, a skill or a SKILL.md wrote, in one table cell: on one line (white space folded),
 * every character that could rewrite the table or hide text (controls, reordering marks, zero-width
 * characters) shown as \uXXXX, cut to `max` characters.
 */
export function cell(text: string, max = Infinity): string {
  const shown = visibleText(text.replace(/\s+/g, ' '));
  return shown.length > max ? `${shown.slice(0, max - 1)}…` : shown;
}

/**
 * `value` as JSON for stdout: JSON escapes C0 controls itself; DEL, C1 controls and reordering
 * marks are written as \uXXXX too, which reads back as the same value.
 */
export function jsonText(value: unknown, indent?: number): string {
  return withControlsShown(JSON.stringify(value, null, indent));
}

export function table(rows: string[][], maxWidth = process.stdout.columns || 120): string {
  if (rows.length === 0) return '';
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => visibleLength(r[i] ?? ''))));
  return rows
    .map((row) => {
      let line = row
        .map((cell, i) => (i === row.length - 1 ? cell : cell + ' '.repeat(widths[i]! - visibleLength(cell))))
        .join('  ');
      if (visibleLength(line) > maxWidth && !line.includes('\x1b')) line = `${line.slice(0, maxWidth - 1)}…`;
      return line;
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

/** A SKILL.md problem on one line: severity, where, and what, in `locale` (by its code when it has one). */
export function problemLine(problem: SkillProblem, kind: 'error' | 'warning', locale: Locale = 'en'): string {
  const words = problemWords[locale];
  const where = problem.line ? `${problem.path}:${problem.line}` : problem.path;
  const label = kind === 'error' ? pc.red(words.error) : pc.yellow(words.warning);
  return `${label} ${pc.bold(where)}: ${sayProblem(problem, locale)}`;
}
