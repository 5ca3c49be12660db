/**
 * What is sent to the model: stored messages as Chat Completions messages, fitted to a token
 * budget by dropping the oldest whole turns (the system prompt and the current turn always stay).
 */
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { StoredMessage } from '../store/conversations-repo.js';

const CJK = /[\u3000-\u9fff\uf900-\ufaff\uff00-\uffef]/g;

export function cjkCount(text: string): number {
  return text.match(CJK)?.length ?? 0;
}

/** A rough token count: a CJK character is about one token, other text about four characters. */
export function tokensFor(chars: number, cjk: number): number {
  return Math.ceil(cjk + (chars - cjk) / 4) + 4;
}

export function estimateTokens(text: string): number {
  return tokensFor(text.length, cjkCount(text));
}

export function toApiMessage(message: StoredMessage): ChatCompletionMessageParam {
  switch (message.role) {
    case 'assistant':
      return {
        role: 'assistant',
        content: message.content || null,
        ...(message.toolCalls?.length
          ? {
              tool_calls: message.toolCalls.map((c) => ({
                id: c.id,
                type: 'function' as const,
                function: { name: c.name, arguments: c.arguments },
              })),
            }
          : {}),
      };
    case 'tool':
      return { role: 'tool', tool_call_id: message.toolCallId ?? '', content: message.content };
    case 'system':
      return { role: 'system', content: message.content };
    default:
      return { role: 'user', content: message.content };
  }
}

export const UNANSWERED_CALL = 'interrupted: iAs stopped before this call ended; whether it ran is unknown';

/**
 * The stored messages of earlier turns as the model may be sent them. A tool call left without a
 * result (iAs stopped while it ran, or its result could not be stored) gets one saying so, and a
 * result without its call is left out: providers refuse a history where the two do not pair up.
 */
export function historyOf(stored: StoredMessage[]): ChatCompletionMessageParam[] {
  const out: ChatCompletionMessageParam[] = [];
  let open: string[] = [];
  const close = () => {
    for (const id of open) out.push({ role: 'tool', tool_call_id: id, content: UNANSWERED_CALL });
    open = [];
  };
  for (const message of stored) {
    if (message.role === 'tool') {
      const at = open.indexOf(message.toolCallId ?? '');
      if (at === -1) continue;
      open.splice(at, 1);
      out.push(toApiMessage(message));
      continue;
    }
    close();
    out.push(toApiMessage(message));
    if (message.role === 'assistant') open = (message.toolCalls ?? []).map((c) => c.id);
  }
  close();
  return out;
}

const messageTokens = (m: ChatCompletionMessageParam) => estimateTokens(JSON.stringify(m));

/** Groups messages into turns, each starting at a user message. */
function turns(messages: ChatCompletionMessageParam[]): ChatCompletionMessageParam[][] {
  const out: ChatCompletionMessageParam[][] = [];
  for (const m of messages) {
    if (m.role === 'user' || out.length === 0) out.push([m]);
    else out[out.length - 1]!.push(m);
  }
  return out;
}

/**
 * The messages to send: the system prompt, as many earlier turns as fit (newest kept), and the
 * current turn whole.
 */
export function fitToBudget(
  system: ChatCompletionMessageParam,
  earlier: ChatCompletionMessageParam[],
  current: ChatCompletionMessageParam[],
  budgetTokens: number,
): ChatCompletionMessageParam[] {
  let used = messageTokens(system) + current.reduce((n, m) => n + messageTokens(m), 0);
  const kept: ChatCompletionMessageParam[][] = [];
  const all = turns(earlier);
  for (let i = all.length - 1; i >= 0; i--) {
    const turn = all[i]!;
    const cost = turn.reduce((n, m) => n + messageTokens(m), 0);
    if (used + cost > budgetTokens) break;
    kept.unshift(turn);
    used += cost;
  }
  // A turn must begin with the user; a leading orphan (tool results without their call) is dropped.
  const flat = kept.flat();
  while (flat.length > 0 && flat[0]!.role !== 'user' && flat[0]!.role !== 'system') flat.shift();
  return [system, ...flat, ...current];
}
