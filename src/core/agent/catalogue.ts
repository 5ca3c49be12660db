/**
 * Skills as function tools, within what providers accept: at most 128 tools and a size budget.
 * Past that the model gets the most relevant skills plus `find_skills`, which searches the rest and
 * makes its matches callable in the next round.
 */
import type { SkillSettingsRepo } from '../store/skill-settings-repo.js';
import type { Skill } from '../skills/types.js';

export const MAX_TOOLS = 128;
/** Characters of tool definitions sent per request (about 15k tokens). */
export const TOOLS_CHAR_BUDGET = 60_000;
export const FIND_SKILLS = 'find_skills';

export interface ToolDefinition {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

export function toolFor(skill: Skill): ToolDefinition {
  const description =
    skill.kind === 'instructions' ? `${skill.description} (Returns instructions to follow.)` : skill.description;
  return { type: 'function', function: { name: skill.name, description, parameters: skill.parameters } };
}

export const findSkillsTool: ToolDefinition = {
  type: 'function',
  function: {
    name: FIND_SKILLS,
    description:
      'Search the other available skills (tools) by what they do. Matching skills become callable in your next step.',
    parameters: {
      type: 'object',
      properties: { query: { type: 'string', description: 'what you want to do, in a few words' } },
      required: ['query'],
      additionalProperties: false,
    },
  },
};

/** Words for matching: lower-case latin words and CJK character pairs. */
export function terms(text: string): Set<string> {
  const out = new Set<string>();
  for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) if (word.length > 1) out.add(word);
  const cjk = text.match(/[\u4e00-\u9fff]+/g) ?? [];
  for (const run of cjk) {
    if (run.length === 1) out.add(run);
    for (let i = 0; i + 1 < run.length; i++) out.add(run.slice(i, i + 2));
  }
  return out;
}

export function relevance(skill: Skill, query: Set<string>): number {
  const own = terms(`${skill.name.replace(/[_-]/g, ' ')} ${skill.title} ${skill.description}`);
  let score = 0;
  for (const t of query) if (own.has(t)) score += 1;
  return score;
}

export interface Catalogue {
  /** The tools to send this round. */
  tools: ToolDefinition[];
  /** Skills callable this round, by name. */
  callable: Map<string, Skill>;
  /** Skills not sent, reachable through find_skills. */
  hidden: Skill[];
}

export function enabledSkills(skills: Iterable<Skill>, settings: SkillSettingsRepo): Skill[] {
  const off = new Set(
    settings
      .list()
      .filter((s) => !s.enabled)
      .map((s) => s.name),
  );
  return [...skills].filter((s) => !off.has(s.name));
}

/** Chooses the tools for a round: all of them when they fit, else the most relevant and find_skills. */
export function buildCatalogue(skills: Skill[], context: string, pinned: Iterable<string> = []): Catalogue {
  const size = (s: Skill) => JSON.stringify(toolFor(s)).length;
  const total = skills.reduce((n, s) => n + size(s), 0);
  if (skills.length <= MAX_TOOLS && total <= TOOLS_CHAR_BUDGET) {
    return { tools: skills.map(toolFor), callable: new Map(skills.map((s) => [s.name, s])), hidden: [] };
  }
  const query = terms(context);
  const pinnedSet = new Set(pinned);
  const ranked = [...skills].sort(
    (a, b) =>
      Number(pinnedSet.has(b.name)) - Number(pinnedSet.has(a.name)) ||
      relevance(b, query) - relevance(a, query) ||
      (a.name < b.name ? -1 : 1),
  );
  const chosen: Skill[] = [];
  let used = JSON.stringify(findSkillsTool).length;
  for (const skill of ranked) {
    if (chosen.length >= MAX_TOOLS - 1) break;
    const s = size(skill);
    if (used + s > TOOLS_CHAR_BUDGET) continue;
    chosen.push(skill);
    used += s;
  }
  const chosenNames = new Set(chosen.map((s) => s.name));
  return {
    tools: [...chosen.map(toolFor), findSkillsTool],
    callable: new Map(chosen.map((s) => [s.name, s])),
    hidden: skills.filter((s) => !chosenNames.has(s.name)),
  };
}

/** The find_skills tool: the best matches among the hidden skills. */
export function findSkills(hidden: Skill[], query: string, limit = 10): Skill[] {
  const q = terms(query);
  return hidden
    .map((skill) => ({ skill, score: relevance(skill, q) }))
    .filter((m) => m.score > 0)
    .sort((a, b) => b.score - a.score || (a.skill.name < b.skill.name ? -1 : 1))
    .slice(0, limit)
    .map((m) => m.skill);
}
