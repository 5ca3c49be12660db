/** Why a chat message with digits was kept from the model, as the owner is told (see ApprovalGate.holdsCode). */
import type { ApiErrorName } from '../../shared/api-errors.js';
import type { CodeInChat } from './owner-replies.js';

export const CODE_IN_CHAT_ERRORS: Record<CodeInChat, ApiErrorName> = {
  code: 'code-in-chat',
  'maybe-code': 'maybe-code-in-chat',
  held: 'numbers-held-for-approval',
  'near-code': 'near-code-in-chat',
};
