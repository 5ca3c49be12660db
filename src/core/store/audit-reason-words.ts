/**
 * The audit rows a search term finds by the words a reader sees for why a call did not run (see
 * shared/call-errors.ts), in the reader's language: "refused" or "expired" in English, "拒绝" in
 * 简体中文, though the stored error is what the model was told.
 */
import { CALL_ERROR_CODES, englishCallErrors, sayCallError, type CallErrorStrings } from '../../shared/call-errors.js';
import { chineseCallErrors } from '../../shared/call-errors-zh-CN.js';
import type { Locale } from '../../shared/locale.js';

const STRINGS: Record<Locale, CallErrorStrings> = { en: englishCallErrors, 'zh-CN': chineseCallErrors };

/** SQLite's lower() and LIKE fold ASCII letters only; so does the search. */
export const asciiLower = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());

/** Each code as stored in audit_log.error_code (JSON, as the repository writes it), with its words. */
const said = new Map<Locale, { stored: string; words: string }[]>();

/** The stored error codes whose words in `language` hold `term` (ASCII case ignored). */
export function codesSaying(term: string, language: Locale | undefined): string[] {
  if (language === undefined || !(language in STRINGS)) return [];
  let codes = said.get(language);
  if (!codes) {
    codes = CALL_ERROR_CODES.map((code) => ({
      stored: JSON.stringify(code),
      words: asciiLower(sayCallError(STRINGS[language], '', code)),
    }));
    said.set(language, codes);
  }
  const wanted = asciiLower(term);
  return codes.filter((code) => code.words.includes(wanted)).map((code) => code.stored);
}
