/**
 * Why a skill call did not run, when iAs itself decided it (the owner refused it, nobody answered,
 * high-risk skills are paused, nobody could be asked), as a stable code stored beside the audit
 * row's error, so that the app and `ias audit` can say it in the reader's language. The error text
 * stays what the model was told (for a refusal or an expiry the gate's fixed Chinese words); rows
 * without a code show that text as it stands. Plain types and functions: no Node, no DOM.
 */
import { sayCoded, type Coded } from './coded-text.js';

export interface CallErrorParams {
  /** The owner refused the call: cancelled it, or gave three wrong codes. */
  'call-refused': Record<string, never>;
  /** The owner refused the call at the terminal (`n`, or Ctrl-C, at its y/N question). */
  'call-refused-at-terminal': Record<string, never>;
  /** The owner refused the call on the app's approval card (WeChat not connected). */
  'call-refused-in-app': Record<string, never>;
  /** Nobody answered the approval before it expired. */
  'call-unconfirmed': Record<string, never>;
  /** The owner had paused high-risk skills: nobody was asked. */
  'call-paused': Record<string, never>;
  /** The call needed approval and no approval channel was set up. */
  'call-no-channel': Record<string, never>;
  /** Its approval was cancelled without the owner's answer, for `cause`. */
  'call-cancelled': { cause: CancelCause };
  /**
   * A secret setting of the skill is there but is not used (a folder on the way to its file that
   * another user could change, a file of theirs, or one they can read): the stored text says which,
   * and the skill's settings say it in the reader's language.
   */
  'call-secret-refused': Record<string, never>;
}

/**
 * Why an approval was cancelled without the owner's answer: iAs shut down, another iAs process
 * closed it, the skill was removed while it waited, no channel could reach the owner, the caller
 * stopped (the owner stopped the turn), or the skill's files changed after it was approved and
 * before it started (what was approved is not what would run).
 */
export type CancelCause = (typeof CANCEL_CAUSES)[number];
export const CANCEL_CAUSES = [
  'shutting-down',
  'closed-elsewhere',
  'skill-removed',
  'no-channel',
  'stopped',
  'skill-changed',
] as const;

export type CallErrorName = keyof CallErrorParams;

/** A call error's code (and parameters, none so far). */
export type CallErrorCode = { [C in CallErrorName]: { code: C; params?: CallErrorParams[C] } }[CallErrorName];

/** Every call error code there is, each cause of a cancellation apart. */
export const CALL_ERROR_CODES: readonly CallErrorCode[] = [
  { code: 'call-refused' },
  { code: 'call-refused-at-terminal' },
  { code: 'call-refused-in-app' },
  { code: 'call-unconfirmed' },
  { code: 'call-paused' },
  { code: 'call-no-channel' },
  ...CANCEL_CAUSES.map((cause) => ({ code: 'call-cancelled' as const, params: { cause } })),
  { code: 'call-secret-refused' },
];

/** How each reads in a language; `told` is the stored text, what the model was told. */
export type CallErrorStrings = { [C in CallErrorName]: (p: CallErrorParams[C], told: string) => string };

export const englishCallErrors: CallErrorStrings = {
  'call-refused': () => 'Not run: you refused it (cancel or 3 wrong codes).',
  'call-refused-at-terminal': () => 'Not run: you refused it at the terminal.',
  'call-refused-in-app': () => 'Not run: you refused it on the approval card.',
  'call-unconfirmed': () => 'Not run: the approval expired without an answer.',
  'call-paused': () => 'Not run: high-risk skills are paused.',
  'call-no-channel': () => 'Not run: it needs approval; no approval channel is set up.',
  'call-cancelled': (p, told) =>
    ({
      'shutting-down': 'Not run: iAs shut down while it waited for approval.',
      'closed-elsewhere': 'Not run: another iAs process closed its approval.',
      'skill-removed': 'Not run: the skill was removed while it waited.',
      'no-channel': 'Not run: no approval channel could reach you.',
      stopped: 'Not run: the call was stopped before approval.',
      'skill-changed': 'Not run: the skill changed after you approved it, before it started.',
    })[p.cause] ?? told,
  // The stored text is English already, and names the setting, its file and what mends it.
  'call-secret-refused': (_p, told) =>
    told ||
    "Not run: a secret setting of the skill is kept where another user could change it or read it; the skill's settings say which and how to mend it.",
};

/**
 * An audit row's error in a language: by its code when `strings` know it, else the stored text (a
 * row's code may be a tool error's too, see tool-errors.ts).
 */
export function sayCallError(strings: CallErrorStrings, text: string, code?: Coded | null): string {
  return sayCoded(strings, text, code);
}
