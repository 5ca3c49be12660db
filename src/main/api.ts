/** The contract's implementation for the desktop app: a thin projection of the core, no logic of its own. */
import type { SkillRegistry } from '../core/skills/registry.js';
import type { Skill } from '../core/skills/types.js';
import type { IasApi, SkillSummary } from '../shared/contract.js';

export interface ApiDeps {
  version: string;
  registry: SkillRegistry;
}

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

export function createApi({ version, registry }: ApiDeps): IasApi {
  return {
    version: async () => version,
    listSkills: async () => registry.list().map(toSkillSummary),
  };
}
