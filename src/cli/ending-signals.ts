/**
 * The signals that ask a command to end: SIGTERM (`kill`, a service manager) and SIGHUP (its
 * terminal closed, an SSH session dropped). Left to Node, SIGHUP ends the process at once: a skill
 * it runs goes on unwatched, past its time limit, and the turn is not stored as stopped.
 */
export const ENDING_SIGNALS = ['SIGTERM', 'SIGHUP'] as const;

export type EndingSignal = (typeof ENDING_SIGNALS)[number];

/** The exit status of a process ended by `signal`, as a shell reports it (128 + its number). */
export const endingStatus: Record<EndingSignal, number> = { SIGTERM: 143, SIGHUP: 129 };

/** The exit status of a command stopped by Ctrl-C (SIGINT). */
export const INTERRUPTED_STATUS = 130;

/**
 * Calls `end` on the first ending signal; a second one ends the process at once, with that
 * signal's status. Returns the function that stops listening (for the first one).
 */
export function onEndingSignal(end: (signal: EndingSignal) => void): () => void {
  const onSignal = (signal: EndingSignal) => {
    off();
    for (const s of ENDING_SIGNALS) process.once(s, () => process.exit(endingStatus[s]));
    end(signal);
  };
  const off = () => {
    for (const s of ENDING_SIGNALS) process.off(s, onSignal);
  };
  for (const s of ENDING_SIGNALS) process.on(s, onSignal);
  return off;
}
