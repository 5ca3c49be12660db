/** A SKILL.md problem at its place: the English sentence (see shared/skill-problems.ts) and its code. */
import {
  englishSkillProblems,
  saySkillProblem,
  type SkillProblemCode,
  type SkillProblemName,
  type SkillProblemParams,
} from '../../shared/skill-problems.js';
import type { SkillProblem } from './types.js';

/** Reports a problem of `code` with `params`, at `line` when known. */
export type ReportProblem = <C extends SkillProblemName>(code: C, params: SkillProblemParams[C], line?: number) => void;

/** The problem of a code and its parameters, in `path` (at `line` when known). */
export function problemOf(path: string, messageCode: SkillProblemCode, line?: number): SkillProblem {
  const message = saySkillProblem(englishSkillProblems, '', messageCode);
  return line === undefined ? { path, message, messageCode } : { path, line, message, messageCode };
}

export function skillProblem<C extends SkillProblemName>(
  path: string,
  code: C,
  params: SkillProblemParams[C],
  line?: number,
): SkillProblem {
  return problemOf(path, { code, params } as SkillProblemCode, line);
}
