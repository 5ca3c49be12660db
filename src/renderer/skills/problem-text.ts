/**
 * A SKILL.md problem in the UI's language: by its code when the UI knows it, else the English
 * sentence that came with it (an older core, or a code newer than this UI).
 */
import type { SkillProblemInfo } from '../../shared/contract.js';
import { saySkillProblem } from '../../shared/skill-problems.js';
import type { Strings } from '../i18n/en.js';

export function problemText(t: Strings, problem: Pick<SkillProblemInfo, 'message' | 'messageCode'>): string {
  return saySkillProblem(t.skillProblem, problem.message, problem.messageCode);
}
