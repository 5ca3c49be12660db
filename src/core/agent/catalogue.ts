/**
 * Skills as function tools, within what providers accept: at most 128 tools and a size budget.
 * Past that the model gets the most relevant skills plus `find_skills`, which searches the rest and
 * makes its matches callable in the next round.
 */
import type { SkillSettingsRepo } from '../store/skill-settings-repo.js';
import { FIND_SKILLS_TOOL, type Skill } from '../skills/types.js';
import { cjkCount, tokensFor } from './history.js';

export const MAX_TOOLS = 128;
/** Characters of tool definitions sent per request (about 15k tokens). */
export const TOOLS_CHAR_BUDGET = 60_000;
export const FIND_SKILLS = FIND_SKILLS_TOOL;

export interface ToolDefinition {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

/** A tool definition with the size of its JSON text, in characters and CJK characters. */
interface SizedTool {
  tool: ToolDefinition;
  chars: number;
  cjk: number;
}

function sized(tool: ToolDefinition): SizedTool {
  const json = JSON.stringify(tool);
  return { tool, chars: json.length, cjk: cjkCount(json) };
}

/** Skills do not change (an edited skill is a new object): each one's definition is made once. */
const sizedTools = new WeakMap<Skill, SizedTool>();

function sizedFor(skill: Skill): SizedTool {
  let entry = sizedTools.get(skill);
  if (!entry) {
    const description =
      skill.kind === 'instructions' ? `${skill.description} (Returns instructions to follow.)` : skill.description;
    entry = sized({ type: 'function', function: { name: skill.name, description, parameters: skill.parameters } });
    sizedTools.set(skill, entry);
  }
  return entry;
}

export function toolFor(skill: Skill): ToolDefinition {
  return sizedFor(skill).tool;
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
const sizedFindSkills = sized(findSkillsTool);

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

/** Each skill's words, made once (an edited skill is a new object). */
const skillTerms = new WeakMap<Skill, Set<string>>();

/**
 * The words a skill is found by: its name, its title and description, and those it gives in the
 * UI's other languages (`locales:`), so an owner's words in 简体中文 find it too. The model is still
 * told the one English description.
 */
function termsOf(skill: Skill): Set<string> {
  let own = skillTerms.get(skill);
  if (!own) {
    const texts = [skill.name.replace(/[_-]/g, ' '), skill.title, skill.description];
    for (const text of Object.values(skill.locales ?? {})) texts.push(text.title ?? '', text.description ?? '');
    own = terms(texts.join(' '));
    skillTerms.set(skill, own);
  }
  return own;
}

export function relevance(skill: Skill, query: Set<string>): number {
  const own = termsOf(skill);
  let score = 0;
  for (const t of query) if (own.has(t)) score += 1;
  return score;
}

export interface Catalogue {
  /** The tools to send this round. */
  tools: ToolDefinition[];
  /** The share of the context they take: estimateTokens of their JSON text. */
  tokens: number;
  /** Skills callable this round, by name. */
  callable: Map<string, Skill>;
  /** Skills not sent, reachable through find_skills. */
  hidden: Skill[];
}

export function enabledSkills(skills: Iterable<Skill>, settings: SkillSettingsRepo): Skill[] {
  return settings.enabledOf(skills);
}

/** The catalogue of these tools (the JSON text of an array of them is what the tokens are counted on). */
function catalogueOf(chosen: SizedTool[], callable: Skill[], hidden: Skill[]): Catalogue {
  let chars = chosen.length > 0 ? chosen.length + 1 : 2;
  let cjk = 0;
  for (const t of chosen) {
    chars += t.chars;
    cjk += t.cjk;
  }
  return {
    tools: chosen.map((t) => t.tool),
    tokens: tokensFor(chars, cjk),
    callable: new Map(callable.map((s) => [s.name, s])),
    hidden,
  };
}

/** Chooses the tools for a round: all of them when they fit, else the most relevant and find_skills. */
export function buildCatalogue(skills: Skill[], context: string, pinned: Iterable<string> = []): Catalogue {
  const all = skills.map(sizedFor);
  const total = all.reduce((n, t) => n + t.chars, 0);
  if (skills.length <= MAX_TOOLS && total <= TOOLS_CHAR_BUDGET) return catalogueOf(all, skills, []);
  const query = terms(context);
  const pinnedSet = new Set(pinned);
  const ranked = [...skills].sort(
    (a, b) =>
      Number(pinnedSet.has(b.name)) - Number(pinnedSet.has(a.name)) ||
      relevance(b, query) - relevance(a, query) ||
      (a.name < b.name ? -1 : 1),
  );
  const chosen: Skill[] = [];
  let used = sizedFindSkills.chars;
  for (const skill of ranked) {
    if (chosen.length >= MAX_TOOLS - 1) break;
    const s = sizedFor(skill).chars;
    if (used + s > TOOLS_CHAR_BUDGET) continue;
    chosen.push(skill);
    used += s;
  }
  const chosenNames = new Set(chosen.map((s) => s.name));
  return catalogueOf(
    [...chosen.map(sizedFor), sizedFindSkills],
    chosen,
    skills.filter((s) => !chosenNames.has(s.name)),
  );
}

/** The find_skills tool: the best matches among the hidden skills, in English or 简体中文 (see termsOf). */
export function findSkills(hidden: Skill[], query: string, limit = 10): Skill[] {
  const q = terms(query);
  return hidden
    .map((skill) => ({ skill, score: relevance(skill, q) }))
    .filter((m) => m.score > 0)
    .sort((a, b) => b.score - a.score || (a.skill.name < b.skill.name ? -1 : 1))
    .slice(0, limit)
    .map((m) => m.skill);
}
