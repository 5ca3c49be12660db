/** A skill as the UI contract shows it. */
import type { SkillSummary } from '../../shared/contract.js';
import type { Skill } from './types.js';

export function toSkillSummary(skill: Skill): SkillSummary {
  return {
    name: skill.name,
    title: skill.title,
    description: skill.description,
    risk: skill.risk,
    source: skill.source,
    overrides: skill.overrides,
    kind: skill.kind,
  };
}
