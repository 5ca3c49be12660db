/**
 * A line about how a turn went (a provider's failure, a retry, a notice) in the UI's language: by
 * its code when the UI knows it, else the English sentence that came with it (an older server, or
 * a code newer than this UI). The server's own words in it stay as they came.
 */
import { sayApiError } from '../../shared/api-errors.js';
import type { ApiErrorCode, MessageCode } from '../../shared/contract.js';
import { sayTurnLine } from '../../shared/turn-messages.js';
import type { Strings } from '../i18n/en.js';

export function turnLine(t: Strings, text: string, messageCode?: MessageCode): string {
  return sayTurnLine(t.turn, text, messageCode);
}

/** A notice or error part of a turn: a turn line, or why the turn could not start (a failed call). */
export function partLine(
  t: Strings,
  part: { text: string; messageCode?: MessageCode; apiCode?: ApiErrorCode },
): string {
  return part.apiCode ? sayApiError(t.apiError, part.text, part.apiCode) : turnLine(t, part.text, part.messageCode);
}
