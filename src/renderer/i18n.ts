/**
 * The UI's strings in English and 简体中文: one typed dictionary per language (i18n/en.ts,
 * i18n/zh-CN.ts; the Chinese one must have every key the English one has). The language follows
 * the OS (`navigator.language`) unless the settings pick one.
 */
import { createContext, useContext } from 'react';
import { pickLocale, type Locale } from '../shared/locale.js';
import { en, type Strings } from './i18n/en.js';
import { zhCN } from './i18n/zh-CN.js';

export type { Strings, Locale };
export { pickLocale };

export const dictionaries: Record<Locale, Strings> = { en, 'zh-CN': zhCN };

export function systemLanguage(): string | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.language;
}

export interface I18n {
  locale: Locale;
  t: Strings;
}

export const I18nContext = createContext<I18n>({ locale: 'en', t: en });

/** The strings of the current language. */
export function useT(): Strings {
  return useContext(I18nContext).t;
}

export function useLocale(): Locale {
  return useContext(I18nContext).locale;
}
