/**
 * One log line for a burst of refusals, not one per refused client (which would let a flood fill the
 * terminal): the first is said, later ones at most once per interval, with how many went unsaid. Each
 * line is said in the language `locale` gives as it is said (the owner may change it while iAs runs).
 */
import type { Locale } from '../shared/locale.js';
import { serverNoticeWords, type ServerNoticeWords } from '../shared/server-notices.js';
import { REFUSAL_LOG_EVERY_MS } from './limits.js';

/** Says a refusal: `say` picks its line from the words of the language. */
export type Notice = (say: (words: ServerNoticeWords) => string) => void;

export function refusalNotice(
  log: (line: string) => void,
  locale: () => Locale = () => 'en',
  everyMs = REFUSAL_LOG_EVERY_MS,
): Notice {
  let saidAt: number | undefined;
  let unsaid = 0;
  return (say) => {
    const now = Date.now();
    if (saidAt !== undefined && now - saidAt < everyMs) {
      unsaid++;
      return;
    }
    saidAt = now;
    const words = serverNoticeWords[locale()];
    const line = say(words);
    log(unsaid > 0 ? words.withUnsaid(line, unsaid) : line);
    unsaid = 0;
  };
}
