/**
 * What is sent to the model: stored messages as Chat Completions messages, fitted to a token
 * budget by dropping the oldest whole turns (the system prompt and the current turn always stay).
 */
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { StoredMessage } from '../store/conversations-repo.js';
import { withinLimit } from './long-results.js';
import { NO_REPLY, placeholder, shortId } from './wire-messages.js';

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

/** An assistant message with DeepSeek's extra field. */
type AssistantMessage = Extract<ChatCompletionMessageParam, { role: 'assistant' }> & {
  reasoning_content?: string;
  reasoning_details?: Record<string, unknown>[];
};

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The tool names OpenAI takes (it refuses the whole request for any other in its history). */
const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const MAX_TOOL_NAME = 64;

/**
 * A tool call's name as the model is sent it. One the model wrote that OpenAI would refuse
 * (`functions.search_web`, one with a space, one longer than 64 characters: a 400 for every request
 * that carries it) names no skill, so its call ran nothing and was answered so; it is sent as a
 * stand-in of the characters allowed, the same each time: `Invalid_` and the name, each other
 * character as `_` (with a capital, the stand-in names no skill either, see SKILL_NAME_PATTERN, and
 * it begins with a letter, see letter-names). The log keeps what the model wrote.
 */
export function sentToolName(name: string): string {
  if (TOOL_NAME.test(name)) return name;
  const standIn = `Invalid_${name.replace(/[^a-zA-Z0-9_-]/g, '_')}`;
  return standIn.length <= MAX_TOOL_NAME ? standIn : `${standIn.slice(0, MAX_TOOL_NAME - 10)}_${shortId(name)}`;
}

/**
 * A stored message as the model is sent it. `provider`: the provider asked (providerKey), when
 * the message belongs to a turn that called tools. What that provider wanted back from its own
 * reply goes back to it alone: its `reasoning_content` (DeepSeek's thinking mode refuses the
 * request without it), its reasoning blocks (OpenRouter), what it added to its calls (Gemini's
 * thought signatures). Reasoning is never sent as content. Tool-call arguments that were not JSON
 * are sent as `{}`: DashScope refuses the whole request otherwise, and the call's answer already
 * told the model they were invalid (the log keeps what it wrote); so is a name OpenAI refuses sent
 * as a stand-in (see sentToolName), which whatever declares the history's tools then names too.
 */
export function toApiMessage(message: StoredMessage, provider?: string): ChatCompletionMessageParam {
  switch (message.role) {
    case 'assistant': {
      const ours = provider !== undefined && message.from === provider;
      const out: AssistantMessage = {
        role: 'assistant',
        content: message.content || null,
        ...(message.toolCalls?.length
          ? {
              tool_calls: message.toolCalls.map((c) => ({
                id: c.id,
                type: 'function' as const,
                function: { name: sentToolName(c.name), arguments: isJson(c.arguments) ? c.arguments : '{}' },
                ...(ours && c.extra ? { extra_content: c.extra } : {}),
              })),
            }
          : {}),
      };
      if (ours && message.reasoning && message.reasoningField) out.reasoning_content = message.reasoning;
      if (ours && message.reasoningDetails) out.reasoning_details = message.reasoningDetails;
      return out;
    }
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
 * `provider`: the provider asked, as providerKey names it (see toApiMessage).
 */
export function historyOf(all: StoredMessage[], provider?: string): ChatCompletionMessageParam[] {
  // Lines shown to the owner about how a turn went are not the model's to see.
  const stored = all.filter((m) => !m.shown);
  const out: ChatCompletionMessageParam[] = [];
  const calledTools = turnsThatCalledTools(stored);
  let open: string[] = [];
  const close = () => {
    for (const id of open) out.push({ role: 'tool', tool_call_id: id, content: UNANSWERED_CALL });
    open = [];
  };
  stored.forEach((message, i) => {
    if (message.role === 'tool') {
      const at = open.indexOf(message.toolCallId ?? '');
      if (at === -1) return;
      open.splice(at, 1);
      out.push(toApiMessage(message));
      return;
    }
    close();
    out.push(toApiMessage(message, calledTools[i] ? provider : undefined));
    if (message.role === 'assistant') open = (message.toolCalls ?? []).map((c) => c.id);
  });
  close();
  return out;
}

/** For each message, whether its turn (from a user message to the next) called a tool. */
function turnsThatCalledTools(stored: StoredMessage[]): boolean[] {
  const out: boolean[] = new Array<boolean>(stored.length).fill(false);
  let start = 0;
  const mark = (end: number) => {
    if (stored.slice(start, end).some((m) => m.role === 'assistant' && (m.toolCalls?.length ?? 0) > 0)) {
      out.fill(true, start, end);
    }
  };
  stored.forEach((message, i) => {
    if (message.role !== 'user' || i === 0) return;
    mark(i);
    start = i;
  });
  mark(stored.length);
  return out;
}

/**
 * What a message costs when sent, with room for what forServer may add to it: the marker around a
 * note, a placeholder for reasoning not kept (see wire-messages.ts).
 */
const NOTE_MARKER_TOKENS = 16;
/** Each message's cost, worked out once: a turn fits its history again at every round. */
const costs = new WeakMap<ChatCompletionMessageParam, number>();
const messageTokens = (m: ChatCompletionMessageParam) => {
  let cost = costs.get(m);
  if (cost !== undefined) return cost;
  const sent = estimateTokens(JSON.stringify(m));
  if (m.role === 'system') cost = sent + NOTE_MARKER_TOKENS;
  else cost = m.role === 'assistant' ? sent + estimateTokens(placeholder(m)) : sent;
  costs.set(m, cost);
  return cost;
};

/**
 * Groups messages into turns, each starting at a user message; the notes before a user message
 * (background results it brings) belong to its turn, as they are sent with it.
 */
function turns(messages: ChatCompletionMessageParam[]): ChatCompletionMessageParam[][] {
  const out: ChatCompletionMessageParam[][] = [];
  let notes: ChatCompletionMessageParam[] = [];
  for (const m of messages) {
    if (m.role === 'system') notes.push(m);
    else if (m.role === 'user' || out.length === 0) {
      out.push([...notes, m]);
      notes = [];
    } else out[out.length - 1]!.push(...notes, m);
    if (m.role !== 'system') notes = [];
  }
  if (notes.length > 0) out.push(notes);
  return out;
}

/**
 * The messages to send: the system prompt, as many earlier turns as fit (newest kept), and the
 * current turn whole (a tool result too long to send whole cut, in either).
 */
export function fitToBudget(
  system: ChatCompletionMessageParam,
  earlier: ChatCompletionMessageParam[],
  current: ChatCompletionMessageParam[],
  budgetTokens: number,
): ChatCompletionMessageParam[] {
  // A tool result too long to send whole is sent with its middle left out (see long-results.ts).
  const sent = (m: ChatCompletionMessageParam) => withinLimit(m, messageTokens);
  const now = current.map(sent);
  let used = messageTokens(system) + now.reduce((n, m) => n + messageTokens(m), 0);
  const kept: ChatCompletionMessageParam[][] = [];
  const all = turns(earlier.map(sent));
  for (let i = all.length - 1; i >= 0; i--) {
    const turn = all[i]!;
    // A turn that ended on tool results is sent with a stand-in reply after them.
    const standIn = turn.at(-1)?.role === 'tool' ? messageTokens({ role: 'assistant', content: NO_REPLY }) : 0;
    const cost = turn.reduce((n, m) => n + messageTokens(m), standIn);
    if (used + cost > budgetTokens) break;
    kept.unshift(turn);
    used += cost;
  }
  // A turn must begin with the user; a leading orphan (tool results without their call) is dropped.
  const flat = kept.flat();
  while (flat.length > 0 && flat[0]!.role !== 'user' && flat[0]!.role !== 'system') flat.shift();
  return [system, ...flat, ...now];
}
