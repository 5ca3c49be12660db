/**
 * A turn whose conversation was deleted while it ran, or before it began (from the app's window,
 * or another iAs process, while `ias chat` was answering in it or waiting at its prompt): nothing
 * more of it can be kept, and there is no conversation to go on with. Said as such, not as the
 * store's refusal of a write.
 */
import { turnMessage, type TurnMessage } from './turn-messages.js';

export class ConversationDeletedError extends Error {
  override readonly name = 'ConversationDeletedError';
  readonly line: TurnMessage = turnMessage('conversation-deleted', {});

  constructor(
    readonly conversationId: string,
    cause?: unknown,
  ) {
    super(turnMessage('conversation-deleted', {}).message, cause === undefined ? undefined : { cause });
  }
}
