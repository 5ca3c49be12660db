/**
 * A skill's words (title, description, a setting's description) in the UI's language: the skill's
 * own text in the language it gives under `locales:`, field by field, else its English.
 * Plain types and functions: no Node, no DOM.
 */
import type { Locale, TranslatedLocale } from './locale.js';

/** Something with English text fields and, maybe, the same fields in other languages. */
export type Localized<K extends string> = Record<K, string> & {
  locales?: Partial<Record<TranslatedLocale, Partial<Record<K, string>>>>;
};

/** `item[key]` in `locale` when the item gives it there, else as it is (in English). */
export function localText<K extends string>(item: Localized<K>, key: K, locale: Locale): string {
  if (locale === 'en') return item[key];
  return item.locales?.[locale]?.[key] || item[key];
}
