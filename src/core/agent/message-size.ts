/**
 * The owner's message refused for its size (see shared/message-size.ts), before anything is stored
 * or sent to the model.
 */
import { apiErrorText, type ApiErrorCode } from '../../shared/api-errors.js';
import { MAX_MESSAGE_CHARS } from '../../shared/message-size.js';

/** The owner's message refused for its size: nothing was stored or sent. `messageCode` says it in a language. */
export class MessageTooLongError extends Error {
  override readonly name = 'MessageTooLongError';
  readonly max = MAX_MESSAGE_CHARS;
  readonly messageCode: ApiErrorCode;

  constructor() {
    const { message, messageCode } = apiErrorText('message-too-long', { max: MAX_MESSAGE_CHARS });
    super(message);
    this.messageCode = messageCode;
  }
}
