/**
 * A tool result too long to send the model whole. A skill may print up to 1 MB (OUTPUT_CAP_BYTES,
 * about 250,000 tokens): more than most models take, so the request was refused and the turn ended
 * on the provider's error; a model that took it was charged for it again at every round of the
 * turn and every later turn. Such a result is sent with its middle left out, saying how much was;
 * the conversation keeps it whole, as the owner is shown it.
 */
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';

/** The most a tool result may cost when sent: half of the history's default budget (24,000). */
export const MAX_SENT_RESULT_TOKENS = 12_000;

/** The share of what is kept that comes from the result's beginning (the rest from its end). */
const HEAD_SHARE = 0.75;

const cut = new WeakMap<ChatCompletionMessageParam, ChatCompletionMessageParam>();

/** What is said to the model where `count` characters of a result were left out. */
export function leftOutLine(count: number): string {
  return `\n\n[… iAs left out ${count.toLocaleString('en')} characters here: the result is too long to send whole …]\n\n`;
}

/** `end`, moved back off the low half of a surrogate pair, so no character is cut in two. */
function wholeAt(text: string, end: number): number {
  const code = text.charCodeAt(end);
  return end > 0 && end < text.length && code >= 0xdc00 && code <= 0xdfff ? end - 1 : end;
}

/**
 * `message` as it is sent: a tool result costing more than `maxTokens` (by `tokensOf`) with its
 * middle left out, the same object at every round; any other message as it is.
 */
export function withinLimit(
  message: ChatCompletionMessageParam,
  tokensOf: (m: ChatCompletionMessageParam) => number,
  maxTokens = MAX_SENT_RESULT_TOKENS,
): ChatCompletionMessageParam {
  if (message.role !== 'tool' || typeof message.content !== 'string') return message;
  const known = cut.get(message);
  if (known) return known;
  const cost = tokensOf(message);
  if (cost <= maxTokens) return message;
  const text = message.content;
  // Characters kept in proportion to what they cost, then fewer until it fits (CJK costs more).
  let keep = Math.floor(text.length * (maxTokens / cost));
  for (;;) {
    const head = wholeAt(text, Math.floor(keep * HEAD_SHARE));
    const tail = wholeAt(text, text.length - (keep - Math.floor(keep * HEAD_SHARE)));
    const content = `${text.slice(0, head)}${leftOutLine(tail - head)}${text.slice(tail)}`;
    const sent: ChatCompletionMessageParam = { ...message, content };
    if (tokensOf(sent) <= maxTokens || keep === 0) {
      cut.set(message, sent);
      return sent;
    }
    keep = Math.floor(keep * 0.9);
  }
}
