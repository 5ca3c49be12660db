/**
 * iAs's own note under a reply (how the turn was answered: an empty reply, one cut by the
 * provider's filter…), one line wherever the owner reads it: a WeChat chat's reply and a scheduled
 * run's result. Plain functions: no Node, no DOM.
 */
import type { Locale } from './locale.js';

/** `said` as iAs's note: `[iAs: …]` in English, `[iAs：…]` (a full-width colon) in Chinese. */
export function iasNote(locale: Locale, said: string): string {
  return locale === 'zh-CN' ? `[iAs：${said}]` : `[iAs: ${said}]`;
}
