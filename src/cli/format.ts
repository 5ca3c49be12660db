/** Output for people: aligned columns, colour on a terminal (picocolors honours NO_COLOR). */
import pc from 'picocolors';
import type { SkillProblem } from '../core/skills/types.js';

export const color = pc;

const visibleLength = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, '').length;

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

export function problemLine(problem: SkillProblem, kind: 'error' | 'warning'): string {
  const where = problem.line ? `${problem.path}:${problem.line}` : problem.path;
  const label = kind === 'error' ? pc.red('error') : pc.yellow('warning');
  return `${label} ${pc.bold(where)}: ${problem.message}`;
}
