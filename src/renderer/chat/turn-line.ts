/**
 * A line about how a turn went (a provider's failure, a retry, a notice) in the UI's language: by
 * its code when the UI knows it, else the English sentence that came with it (an older server, or
 * a code newer than this UI). The server's own words in it stay as they came.
 */
import type { MessageCode } from '../../shared/contract.js';
import { sayTurnLine } from '../../shared/turn-messages.js';
import type { Strings } from '../i18n/en.js';

export function turnLine(t: Strings, text: string, messageCode?: MessageCode): string {
  return sayTurnLine(t.turn, text, messageCode);
}
