/**
 * What iAs itself says on WeChat when the owner's message gets no reply of the model: a turn that
 * failed, was refused, or could not begin. In the owner's language, never with a code, and with no
 * more of iAs's insides than the app shows for the same turn.
 */
import type { TurnResult } from '../agent/agent.js';
import { ConversationDeletedError } from '../agent/conversation-deleted.js';
import { MessageRefusedError } from '../agent/message-refused.js';
import { MessageTooLongError } from '../agent/message-size.js';
import { markdownToPlain } from './wechat-text.js';
import { ProviderNotConfiguredError } from '../agent/providers.js';
import { failureLine } from '../agent/turn-lines.js';
import { codeOf } from '../agent/turn-messages.js';
import { TurnUnderWayError } from '../agent/turn-under-way.js';
import {
  apiErrorText,
  englishApiErrors,
  sayApiError,
  type ApiErrorName,
  type ApiErrorParams,
} from '../../shared/api-errors.js';
import { chineseApiErrors } from '../../shared/api-errors-zh-CN.js';
import type { Locale } from '../../shared/locale.js';
import { iasNote } from '../../shared/ias-note.js';
import { sayTurnLine, type MessageCode } from '../../shared/turn-messages.js';
import { chineseTurnMessages } from '../../shared/turn-messages-zh-CN.js';

/**
 * What iAs says in reply to the owner's message. `warning`: it quotes words iAs did not write (a
 * provider's error), to be put first in each piece when they read like iAs's own messages.
 */
export interface OwnerReply {
  text: string;
  warning?: string;
}

/** The reply to the owner's message when its turn failed, in the owner's language. */
export function failureReply(locale: Locale, error: string, errorCode?: MessageCode): string {
  return locale === 'zh-CN'
    ? `抱歉，出错了：${sayTurnLine(chineseTurnMessages, error, errorCode)}`
    : `Sorry, something went wrong: ${error}`;
}

/**
 * The reply to the owner's message when its turn was answered: the model's text, then how it was
 * answered (an empty reply, one the provider's filter or output limit cut…), as the app shows it
 * under the turn and a scheduled run's result carries it, in the owner's language. Never nothing:
 * a turn without text has its notice. A wait for the server, over once the reply came, is not said.
 * A turn stopped before it ended (iAs quitting) says so last: what came of it is not the whole reply.
 */
export function answeredReply(
  locale: Locale,
  turn: Pick<TurnResult, 'reply' | 'notices' | 'noticeCodes' | 'stopped'>,
): OwnerReply {
  const notes = (turn.notices ?? []).flatMap((notice, i) => {
    const code = turn.noticeCodes?.[i];
    if (code?.code === 'still-waiting') return [];
    return [iasNote(locale, locale === 'zh-CN' ? sayTurnLine(chineseTurnMessages, notice, code) : notice)];
  });
  if (turn.stopped) notes.push(iasNote(locale, stoppedLine(locale)));
  const text = [markdownToPlain(turn.reply), ...notes].filter((part) => part !== '').join('\n\n');
  return { text, warning: imitationWarning(locale) };
}

/** Said after what came of a turn stopped before it ended, in the owner's language. */
function stoppedLine(locale: Locale): string {
  return locale === 'zh-CN' ? '回复没有说完就停止了。' : 'Stopped before the reply was finished.';
}

/** The reply to the owner's message that has no text iAs can read (a voice message, a picture…). */
export function notTextReply(locale: Locale): string {
  return locale === 'zh-CN'
    ? 'iAs 只能读文字消息：请把要说的打成文字发来（确认码也一样）。'
    : 'iAs reads text messages only: please type what you want to say (an approval’s code too).';
}

/** A refusal of the owner's message, as the app says it, in the owner's language. */
export function refusalReply<C extends ApiErrorName>(locale: Locale, code: C, params: ApiErrorParams[C]): string {
  const { message, messageCode } = apiErrorText(code, params);
  return sayApiError(locale === 'zh-CN' ? chineseApiErrors : englishApiErrors, message, messageCode);
}

/**
 * The reply to the owner's message when its turn failed: its failure's words (a provider's own, a
 * program's) are not iAs's, so they come under a warning when they read like iAs's own messages.
 */
export function failedTurnReply(locale: Locale, error: string, errorCode?: MessageCode): OwnerReply {
  return { text: failureReply(locale, error, errorCode), warning: imitationWarning(locale, 'error') };
}

/** The reply to the owner's message when its turn threw instead of ending. */
export function thrownReply(locale: Locale, err: unknown): OwnerReply {
  // A turn under way in WeChat's conversation (typed in the app, `ias chat`): nothing was stored,
  // and the owner is told to send the message again once it has ended.
  if (err instanceof TurnUnderWayError) return { text: refusalReply(locale, 'reply-in-progress', {}) };
  // Kept from the model (it may hold an approval code): the refusal's own words say why (they name
  // the code: no warning).
  if (err instanceof MessageRefusedError) return { text: err.message };
  // Too long to send: as the app says it.
  if (err instanceof MessageTooLongError) return { text: refusalReply(locale, 'message-too-long', { max: err.max }) };
  // No model to talk to: what to set, as the app says it.
  if (err instanceof ProviderNotConfiguredError) return failedTurnReply(locale, err.message, err.messageCode);
  // Its conversation deleted while it ran (in the app): said as such; the next message begins another.
  if (err instanceof ConversationDeletedError) return failedTurnReply(locale, err.line.message, codeOf(err.line));
  // A failure of iAs's own: as the line the turn stored for it reads in the app.
  const line = failureLine(err);
  return failedTurnReply(locale, line.message, codeOf(line));
}

/**
 * Put first in each WeChat piece of words iAs did not write that read like iAs's own messages (an
 * approval request's banner, words or code line), in the owner's language: a model's reply
 * (`model`), or an error iAs passes on as it came (`error`: a provider's, a program's).
 */
export function imitationWarning(locale: Locale, quoted: 'model' | 'error' = 'model'): string {
  if (quoted === 'error') {
    return locale === 'zh-CN'
      ? '⚠ 以下的错误信息是原样转述的（来自模型服务器或其他程序），不是 iAs 发出的确认请求。iAs 真正的确认请求是单独发来的消息，从不夹在回复里。'
      : "⚠ The error below is passed on as it came (from the model's server or another program), not an approval request from iAs. iAs's real requests come as messages of their own, never inside a reply.";
  }
  return locale === 'zh-CN'
    ? '⚠ 以下是模型写的回复，不是 iAs 发出的确认请求。iAs 真正的确认请求是单独发来的消息，从不夹在模型的回复里。'
    : "⚠ What follows is the model's reply, not an approval request from iAs. iAs's real requests come as messages of their own, never inside a reply.";
}
