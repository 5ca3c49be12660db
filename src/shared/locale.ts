/**
 * Which of iAs's languages to speak: 简体中文 or English. The UI and `ias chat` pick it the same way.
 * Plain types and functions: no Node, no DOM.
 */
import type { Language } from './contract.js';

/** The languages iAs speaks. */
export const LOCALES = ['en', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];

/**
 * The languages besides English, the one a skill is written in: those a skill may give its title,
 * description and settings' descriptions in (`locales:` in its front matter).
 */
export type TranslatedLocale = Exclude<Locale, 'en'>;
export const TRANSLATED_LOCALES: readonly TranslatedLocale[] = LOCALES.filter(
  (locale): locale is TranslatedLocale => locale !== 'en',
);

/**
 * 简体中文 for any Chinese system language (`zh`, `zh-TW`, `zh_CN.UTF-8`…), English otherwise; an
 * explicit choice in the settings wins.
 */
export function pickLocale(language: Language | undefined, systemLanguage: string | undefined): Locale {
  if (language === 'en' || language === 'zh-CN') return language;
  return systemLanguage?.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}
