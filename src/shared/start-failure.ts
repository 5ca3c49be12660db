/**
 * What the desktop app shows when it cannot start (a native error box, as there is no window yet):
 * a short title in the owner's language and the error's own words, as `ias serve` prints them.
 * Plain types and functions: no Node, no DOM.
 */
import type { Locale } from './locale.js';
import { chineseStartRefusal, startRefusalOf } from './start-refusals-zh-CN.js';

export const startFailureTitles: Record<Locale, string> = {
  en: 'iAs could not start',
  'zh-CN': 'iAs 无法启动',
};

/** The error box's title and text for a start that failed with `err`. */
export function startFailure(locale: Locale, err: unknown): { title: string; message: string } {
  // A start refused over a secret's file (the approval key) is said in the owner's language.
  const refusal = startRefusalOf(err);
  if (refusal && locale === 'zh-CN')
    return { title: startFailureTitles[locale], message: chineseStartRefusal(refusal) };
  const said = err instanceof Error ? err.message : String(err);
  // An error without words still says what it was (its name), never an empty box.
  const message = said.trim() || (err instanceof Error ? err.name : '') || String(err);
  return { title: startFailureTitles[locale], message };
}
