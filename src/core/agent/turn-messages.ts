/**
 * The lines a turn tells the owner about how it went (a provider's failure, a retry, a notice):
 * the English sentence, with its code and parameters so that a UI can say it in its own language.
 * The codes and the English are shared with the UI (src/shared/turn-messages.ts). The model never
 * sees these lines.
 */
import {
  englishTurnMessages,
  type MessageCode,
  type TurnMessageCode,
  type TurnMessageParams,
} from '../../shared/turn-messages.js';

export type { MessageCode, TurnMessageCode, TurnMessageParams };

/** A line for the owner: the English sentence, its code and its parameters. */
export type TurnMessage = MessageCode & { message: string };

/** The line of `code` with `params`, in English. */
export function turnMessage<C extends TurnMessageCode>(code: C, params: TurnMessageParams[C]): TurnMessage {
  const english = englishTurnMessages[code] as (p: TurnMessageParams[C]) => string;
  return { code, params, message: english(params) } as TurnMessage;
}

/** The code and parameters of a line, without its English (what a UI says in its language). */
export function codeOf(line: TurnMessage): MessageCode {
  return { code: line.code, params: line.params } as MessageCode;
}
