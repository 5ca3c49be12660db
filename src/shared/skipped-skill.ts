/**
 * A skill the registry skipped, as a terminal line says it (`ias serve` and the desktop app at
 * start-up): where it is and what is wrong, as the skill file wrote it, shown and never obeyed.
 */
import { visibleLine, withControlsShown } from './visible-text.js';

/** `<path>[:<line>]: <message>`: the path with every hidden character as \uXXXX, the message with its controls so. */
export function skippedSkillText(problem: { path: string; line?: number; message: string }): string {
  const where = visibleLine(problem.line ? `${problem.path}:${problem.line}` : problem.path);
  return `${where}: ${withControlsShown(problem.message)}`;
}
