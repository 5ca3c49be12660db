/**
 * Reads `locales:` of a SKILL.md's front matter: the skill's title, description and settings'
 * descriptions in the UI's other languages, which only the skills manager shows (the model reads
 * the skill's own description, in whatever language it is written):
 *
 *     locales:
 *       zh-CN:
 *         title: 邮件
 *         description: 从你的邮箱发送纯文本邮件……
 *         config:
 *           EMAIL_ADDRESS: 你的邮箱地址……
 *
 * A slip in a translation should not take a skill away: every mistake is a warning at its line,
 * and the text in error is left out (the UI shows the English there).
 */
import { TRANSLATED_LOCALES, type TranslatedLocale } from '../../shared/locale.js';
import type { ReportProblem } from './problem.js';
import type { SkillLocales, SkillLocaleText } from './types.js';

/** The longest title, in characters: a title names a skill in a list. */
export const MAX_LOCALE_TITLE = 200;
/** The longest description (of the skill or of a setting), as the skill's own should be. */
export const MAX_LOCALE_TEXT = 1024;

const isMapping = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date);

const isTranslated = (tag: string): tag is TranslatedLocale => (TRANSLATED_LOCALES as readonly string[]).includes(tag);

/**
 * The texts of `value` (the front matter's `locales`), or undefined when it gives none. `settings`
 * are the names of the skill's settings; `lineOf` finds the line of a key path (`locales`,
 * `zh-CN`, `config`, `EMAIL_ADDRESS`).
 */
export function parseLocales(
  value: unknown,
  settings: readonly string[],
  lineOf: (path: string[]) => number | undefined,
  warn: ReportProblem,
): SkillLocales | undefined {
  if (value === null || value === undefined) return undefined;
  if (!isMapping(value)) {
    warn('locales-not-mapping', { at: 'locales' }, lineOf(['locales']));
    return undefined;
  }
  /** The text at `path`, when it is text of at most `max` characters; undefined when it is empty. */
  const text = (raw: unknown, path: string[], max: number): string | undefined => {
    if (raw === null || raw === undefined) return undefined;
    if (typeof raw !== 'string') {
      warn('locale-not-text', { at: path.join('.') }, lineOf(path));
      return undefined;
    }
    const trimmed = raw.trim();
    if (trimmed.length > max) {
      warn('locale-text-long', { at: path.join('.'), length: trimmed.length, max }, lineOf(path));
      return undefined;
    }
    return trimmed || undefined;
  };
  const configTexts = (raw: unknown, path: string[]): Record<string, string> | undefined => {
    if (raw === null || raw === undefined) return undefined;
    if (!isMapping(raw)) {
      warn('locales-not-mapping', { at: path.join('.') }, lineOf(path));
      return undefined;
    }
    const texts: Record<string, string> = {};
    for (const [name, description] of Object.entries(raw)) {
      if (!settings.includes(name)) {
        warn('locale-config-unknown', { at: path.join('.'), name }, lineOf([...path, name]));
        continue;
      }
      const said = text(description, [...path, name], MAX_LOCALE_TEXT);
      if (said !== undefined) texts[name] = said;
    }
    return Object.keys(texts).length > 0 ? texts : undefined;
  };

  const locales: SkillLocales = {};
  for (const [tag, entry] of Object.entries(value)) {
    const path = ['locales', tag];
    if (!isTranslated(tag)) {
      warn('locale-unknown', { tag, known: TRANSLATED_LOCALES.join(', ') }, lineOf(path));
      continue;
    }
    if (entry === null || entry === undefined) continue;
    if (!isMapping(entry)) {
      warn('locales-not-mapping', { at: path.join('.') }, lineOf(path));
      continue;
    }
    const texts: SkillLocaleText = {};
    for (const [key, raw] of Object.entries(entry)) {
      if (key === 'title' || key === 'description') {
        const said = text(raw, [...path, key], key === 'title' ? MAX_LOCALE_TITLE : MAX_LOCALE_TEXT);
        if (said !== undefined) texts[key] = said;
      } else if (key === 'config') {
        const config = configTexts(raw, [...path, key]);
        if (config) texts.config = config;
      } else {
        warn('locale-unknown-key', { at: path.join('.'), key }, lineOf([...path, key]));
      }
    }
    if (Object.keys(texts).length > 0) locales[tag] = texts;
  }
  return Object.keys(locales).length > 0 ? locales : undefined;
}
