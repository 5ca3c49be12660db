/** The contract's implementation for the desktop app: a thin projection of the core, no logic of its own. */
import type { SkillRegistry } from '../core/skills/registry.js';
import { toSkillSummary } from '../core/skills/summary.js';
import type { IasApi } from '../shared/contract.js';

export { toSkillSummary };

export interface ApiDeps {
  version: string;
  registry: SkillRegistry;
}

export function createApi({ version, registry }: ApiDeps): IasApi {
  return {
    version: async () => version,
    listSkills: async () => registry.list().map(toSkillSummary),
  };
}
