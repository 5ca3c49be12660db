/** A skill as the UI contract shows it. */
import type { SkillSummary, SkillText } from '../../shared/contract.js';
import type { TranslatedLocale } from '../../shared/locale.js';
import type { Skill, SkillLocaleText } from './types.js';

export function toSkillSummary(skill: Skill): SkillSummary {
  const summary: SkillSummary = {
    name: skill.name,
    title: skill.title,
    description: skill.description,
    risk: skill.risk,
    source: skill.source,
    overrides: skill.overrides,
    kind: skill.kind,
  };
  const locales = skillTexts(skill);
  if (locales) summary.locales = locales;
  return summary;
}

/** The title and description a skill gives in the UI's other languages (not its settings'). */
function skillTexts(skill: Skill): SkillSummary['locales'] {
  const texts: NonNullable<SkillSummary['locales']> = {};
  for (const [locale, text] of Object.entries(skill.locales ?? {}) as [TranslatedLocale, SkillLocaleText][]) {
    const shown: SkillText = {};
    if (text.title !== undefined) shown.title = text.title;
    if (text.description !== undefined) shown.description = text.description;
    if (Object.keys(shown).length > 0) texts[locale] = shown;
  }
  return Object.keys(texts).length > 0 ? texts : undefined;
}
