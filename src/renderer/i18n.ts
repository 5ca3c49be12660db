/**
 * The UI's strings in English and 简体中文: one typed dictionary per language (i18n/en.ts,
 * i18n/zh-CN.ts; the Chinese one must have every key the English one has). The language follows
 * the OS (`navigator.language`) unless the settings pick one.
 */
import { createContext, useContext } from 'react';
import type { Language } from '../shared/contract.js';
import { en, type Strings } from './i18n/en.js';
import { zhCN } from './i18n/zh-CN.js';

export type { Strings };
export type Locale = 'zh-CN' | 'en';

export const dictionaries: Record<Locale, Strings> = { en, 'zh-CN': zhCN };

/** 简体中文 for any Chinese system language, English otherwise; an explicit choice wins. */
export function pickLocale(language: Language | undefined, systemLanguage: string | undefined): Locale {
  if (language === 'en' || language === 'zh-CN') return language;
  return systemLanguage?.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}

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
