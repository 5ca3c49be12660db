/**
 * Which of iAs's languages to speak: 简体中文 or English. The UI and `ias chat` pick it the same way.
 * Plain types and functions: no Node, no DOM.
 */
import type { Language } from './contract.js';

export type Locale = 'zh-CN' | 'en';

/**
 * 简体中文 for any Chinese system language (`zh`, `zh-TW`, `zh_CN.UTF-8`…), English otherwise; an
 * explicit choice in the settings wins.
 */
export function pickLocale(language: Language | undefined, systemLanguage: string | undefined): Locale {
  if (language === 'en' || language === 'zh-CN') return language;
  return systemLanguage?.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}
