/** The usage error for a skill name the registry does not know: with its load problems when a broken SKILL.md is why. */
import type { Locale } from '../shared/locale.js';
import type { CliContext } from './context.js';
import { problemLine } from './format.js';
import { UsageError } from './usage-error.js';

const words = {
  en: {
    unknown: (name: string) => `unknown skill "${name}"`,
    problems: '; it has problems:',
    seeList: '; see `ias skills list`',
  },
  'zh-CN': {
    unknown: (name: string) => `没有名为“${name}”的技能`,
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
  return new UsageError(`${w.unknown(name)}${hint}`);
}
