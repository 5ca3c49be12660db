/** Lists of names (settings, keys) as words, in English and 简体中文. Plain functions: no Node, no DOM. */
import type { Locale } from './locale.js';

/** "A", "A and B", "A, B and C" (or "A, B or C"). */
export function listed(names: readonly string[], word: 'and' | 'or'): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} ${word} ${names.at(-1)}`;
}

/**
 * One group of alternatives, any one of which will do: "A or B", "A, B or C" in English;
 * "A 或 B", "A、B 或 C" in 简体中文.
 */
export function alternatives(names: readonly string[], locale: Locale): string {
  if (locale === 'en') return listed(names, 'or');
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join('、')} 或 ${names.at(-1)}`;
}
