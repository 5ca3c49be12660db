/**
 * The usage error for a skill name the registry does not know: with its load problems when a broken
 * SKILL.md is why, else with the names it was most likely meant to be (a slip of a few letters).
 */
import { editsBetween } from '../shared/edit-distance.js';
import type { Locale } from '../shared/locale.js';
import type { CliContext } from './context.js';
import { problemLine } from './format.js';
import { UsageError } from './usage-error.js';

const words = {
  en: {
    unknown: (name: string) => `unknown skill "${name}"`,
    meant: (names: string[]) => ` (did you mean ${names.map((n) => `"${n}"`).join(' or ')}?)`,
    problems: '; it has problems:',
    seeList: '; see `ias skills list`',
  },
  'zh-CN': {
    unknown: (name: string) => `没有名为“${name}”的技能`,
    meant: (names: string[]) => `（是不是${names.map((n) => `“${n}”`).join('或')}？）`,
    problems: '；它有以下问题：',
    seeList: '；请查看 `ias skills list`',
  },
};

export function unknownSkill(context: CliContext, name: string, locale: Locale = 'en'): UsageError {
  const w = words[locale];
  // Only the problems of a folder of that name (a user or a system skill), not of every path holding it.
  const broken = context.registry.problems().errors.filter((p) => context.registry.skillOfProblem(p)?.name === name);
  const hint = broken.length
    ? `${w.problems}\n${broken.map((p) => problemLine(p, 'error', locale)).join('\n')}`
    : w.seeList;
  const meant = broken.length
    ? []
    : meantSkills(
        name,
        context.registry.list().map((s) => s.name),
      );
  return new UsageError(`${w.unknown(name)}${meant.length ? w.meant(meant) : ''}${hint}`);
}

/**
 * The names `name` is fewest edits from, when within a slip: up to 2 edits, or one in four letters
 * of a longer name (`get_current_time` for `get_current_datetime`). None for a name too short to tell.
 */
function meantSkills(name: string, names: string[]): string[] {
  if (name.length < 3) return [];
  const max = Math.max(2, Math.floor(name.length / 4));
  let best = max + 1;
  let nearest: string[] = [];
  for (const known of names) {
    const edits = editsBetween(name.toLowerCase(), known, max);
    if (edits < best) [best, nearest] = [edits, [known]];
    else if (edits === best) nearest.push(known);
  }
  return best <= max ? nearest.sort().slice(0, 3) : [];
}
