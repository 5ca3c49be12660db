/**
 * One log line for a burst of refusals, not one per refused client (which would let a flood fill the
 * terminal): the first is said, later ones at most once per interval, with how many went unsaid.
 */
import { REFUSAL_LOG_EVERY_MS } from './limits.js';

export type Notice = (line: string) => void;

export function refusalNotice(log: (line: string) => void, everyMs = REFUSAL_LOG_EVERY_MS): Notice {
  let saidAt: number | undefined;
  let unsaid = 0;
  return (line) => {
    const now = Date.now();
    if (saidAt !== undefined && now - saidAt < everyMs) {
      unsaid++;
      return;
    }
    saidAt = now;
    log(unsaid > 0 ? `${line} (and ${unsaid} more since the last such line)` : line);
    unsaid = 0;
  };
}
