/**
 * The messages of a request, shaped so that strict servers take them (OpenAI itself takes either):
 * - a note iAs added (a system message after the first, such as a background result) goes into
 *   the user message after it: the chat templates of Qwen and others refuse a system message that
 *   is not the first, and what a skill returned is no system instruction anyway;
 * - user messages in a row (a turn that failed before any reply) become one: DeepSeek's reasoner
 *   and Mistral's templates refuse roles that do not alternate;
 * - a user message right after tool results (a turn stopped or failed before its reply) gets a
 *   short assistant message before it, saying so: Mistral refuses "Unexpected role 'user' after
 *   role 'tool'" (every request of the conversation, from then on);
 * - an assistant message with neither text nor tool calls (only reasoning, or stopped at once) is
 *   left out: Moonshot and OpenAI refuse an empty assistant message;
 * - `reasoning` (see ServerMends): 'as-stored' sends the reasoning that history carries (back to the
 *   provider that wrote it); 'fill', for a server that asked for it (DeepSeek's and Kimi's thinking
 *   modes), gives each assistant message of a turn that called tools a `reasoning_content`, a short
 *   placeholder where none was kept (an empty one is refused), the same each time it is sent;
 *   'leave-out', for a server that refuses the field, sends none;
 * - a step's tool results follow in the order of its calls, not in the order the calls ended (as
 *   they are stored): chat templates that render results without their ids (Qwen's, Llama's, on
 *   Ollama or llama.cpp) pair them with the calls by position;
 * - with `toolNames` (Gemini), each tool message names its tool;
 * - with `signatures` (Gemini), a step of tool calls whose first call has no thought signature
 *   gets the stand-in Gemini documents for calls it did not make (only the first of parallel calls
 *   carries one);
 * - with `shortIds` (Mistral: "Tool call id was call_… but must be a-z, A-Z, 0-9, with a length of
 *   9"), every tool-call id, and the `tool_call_id` of its result, is sent as 9 characters of
 *   [a-zA-Z0-9]: one already so stays, any other becomes one drawn from it (the same each time it is
 *   sent, none shared within the request). History keeps the ids as they came.
 */
import { createHash } from 'node:crypto';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';

export type ReasoningBack = 'as-stored' | 'fill' | 'leave-out';

type Message = ChatCompletionMessageParam & { reasoning_content?: string };
type Assistant = Extract<ChatCompletionMessageParam, { role: 'assistant' }> & { reasoning_content?: string };

/**
 * A note's text with its own markers taken apart: a background result (a web page, a mail) that
 * holds `[end of note]` must not end the note early, so that what follows reads as the owner's.
 */
function asNoteText(text: string): string {
  return text.replace(/\[(\s*(?:end of note|iAs note))/gi, '($1');
}

/** The text of a message (iAs sends text only; of a list of parts, the text parts). */
function textOf(message: ChatCompletionMessageParam): string {
  const content = message.content;
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

export function forServer(
  messages: ChatCompletionMessageParam[],
  options: {
    reasoning?: ReasoningBack;
    toolNames?: boolean;
    signatures?: false | SignatureStyle;
    shortIds?: boolean;
  } = {},
): ChatCompletionMessageParam[] {
  const out: Message[] = [];
  let notes: string[] = [];
  messages.forEach((message, i) => {
    if (message.role === 'system' && i > 0) {
      notes.push(`[iAs note, not written by the owner] ${asNoteText(textOf(message))} [end of note]`);
      return;
    }
    if (message.role === 'assistant') {
      const hasCalls = (message.tool_calls?.length ?? 0) > 0;
      if (!hasCalls && !textOf(message)) return;
      out.push(message);
      return;
    }
    if (message.role === 'user') {
      const withNotes = notes.length > 0;
      const text = withNotes ? [...notes, textOf(message)].join('\n\n') : textOf(message);
      notes = [];
      const previous = out.at(-1);
      if (previous?.role === 'user') out[out.length - 1] = { role: 'user', content: `${textOf(previous)}\n\n${text}` };
      else pushUser(out, withNotes ? { role: 'user', content: text } : message);
      return;
    }
    out.push(message);
  });
  // Notes with no user message after them (not made by the loop, which always adds one).
  if (notes.length > 0) pushUser(out, { role: 'user', content: notes.join('\n\n') });
  const ordered = inCallOrder(out);
  const signed =
    options.signatures === 'extra-content'
      ? ordered.map(withSignatures)
      : options.signatures === 'reasoning-details'
        ? ordered.map(withEncryptedStandIn)
        : ordered;
  const named = options.toolNames ? withToolNames(signed) : signed;
  const reasoned =
    options.reasoning === 'fill'
      ? withReasoningFilled(named)
      : options.reasoning === 'leave-out'
        ? named.map(withoutReasoning)
        : named;
  return options.shortIds ? withShortIds(reasoned) : reasoned;
}

/** The tool results after each step of calls sorted as its calls are (a result of no call there stays last). */
function inCallOrder(messages: Message[]): Message[] {
  const out = [...messages];
  for (let i = 0; i < out.length; i++) {
    const step = out[i]!;
    if (step.role !== 'assistant' || !step.tool_calls?.length) continue;
    const calls = step.tool_calls.map((c) => c.id);
    let end = i + 1;
    while (out[end]?.role === 'tool') end++;
    const rank = (m: Message) => {
      const at = m.role === 'tool' ? calls.indexOf(m.tool_call_id) : -1;
      return at === -1 ? calls.length : at;
    };
    // Array sort is stable: results of no call keep their places among themselves.
    out.splice(i + 1, end - i - 1, ...out.slice(i + 1, end).sort((a, b) => rank(a) - rank(b)));
    i = end - 1;
  }
  return out;
}

/** Mistral's form of a tool-call id. */
const SHORT_ID = /^[a-zA-Z0-9]{9}$/;
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** The tool-call ids the messages carry: of the calls, and of their results. */
function toolCallIds(messages: ChatCompletionMessageParam[]): string[] {
  return messages.flatMap((m) =>
    m.role === 'assistant' ? (m.tool_calls ?? []).map((c) => c.id) : m.role === 'tool' ? [m.tool_call_id] : [],
  );
}

/** Whether a tool-call id the messages carry is not 9 characters of [a-zA-Z0-9]. */
export function hasLongIds(messages: ChatCompletionMessageParam[]): boolean {
  return toolCallIds(messages).some((id) => !SHORT_ID.test(id));
}

/** A 9-character [a-zA-Z0-9] id drawn from `original` (`round` > 0: another, should that one be taken). */
export function shortId(original: string, round = 0): string {
  const digest = createHash('sha256')
    .update(round === 0 ? original : `${original}\0${round}`)
    .digest();
  let id = '';
  for (let i = 0; i < 9; i++) id += ALPHANUMERIC[digest[i]! % ALPHANUMERIC.length];
  return id;
}

/** Every tool-call id (and each result's `tool_call_id`) in Mistral's form, told apart as before. */
function withShortIds(messages: Message[]): Message[] {
  const ids = new Map<string, string>();
  const taken = new Set<string>();
  // Ids already in the form keep it, and no other id is given one of them.
  for (const id of toolCallIds(messages)) {
    if (!SHORT_ID.test(id)) continue;
    ids.set(id, id);
    taken.add(id);
  }
  const short = (id: string): string => {
    let found = ids.get(id);
    for (let round = 0; found === undefined; round++) {
      const candidate = shortId(id, round);
      if (taken.has(candidate)) continue;
      found = candidate;
      ids.set(id, found);
      taken.add(found);
    }
    return found;
  };
  return messages.map((m) => {
    if (m.role === 'tool') return { ...m, tool_call_id: short(m.tool_call_id) };
    if (m.role !== 'assistant' || !m.tool_calls?.length) return m;
    return { ...m, tool_calls: m.tool_calls.map((c) => ({ ...c, id: short(c.id) })) };
  });
}

/** What stands between tool results and a user message where the turn gave no reply. */
export const NO_REPLY = '(This turn ended here, before a reply.)';

/** A user message, after a stand-in reply when it would follow tool results. */
function pushUser(out: Message[], message: ChatCompletionMessageParam): void {
  if (out.at(-1)?.role === 'tool') out.push({ role: 'assistant', content: NO_REPLY });
  out.push(message);
}

/** Gemini's stand-in for the thought signature of a call it did not make. */
export const SIGNATURE_STAND_IN = 'skip_thought_signature_validator';

/** Where a server keeps thought signatures: Gemini's `extra_content`, or OpenRouter's reasoning blocks. */
export type SignatureStyle = 'extra-content' | 'reasoning-details';

/** A step of tool calls with no encrypted reasoning block gets the stand-in as one (OpenRouter's form). */
function withEncryptedStandIn(message: Message): Message {
  if (message.role !== 'assistant' || !message.tool_calls?.length) return message;
  const details = (message as { reasoning_details?: { type?: unknown }[] }).reasoning_details ?? [];
  if (details.some((d) => d.type === 'reasoning.encrypted')) return message;
  // Indices run across a reply's blocks: the stand-ins come after the highest.
  const next =
    Math.max(
      -1,
      ...details.map((d) =>
        typeof (d as { index?: unknown }).index === 'number' ? (d as { index: number }).index : -1,
      ),
    ) + 1;
  const standIns = message.tool_calls.map((c, i) => ({
    type: 'reasoning.encrypted',
    id: c.id,
    data: SIGNATURE_STAND_IN,
    format: 'google-gemini-v1',
    index: next + i,
  }));
  return { ...message, reasoning_details: [...details, ...standIns] } as Message;
}

type GoogleExtra = { google?: { thought_signature?: unknown } };

function withSignatures(message: Message): Message {
  if (message.role !== 'assistant' || !message.tool_calls?.length) return message;
  const [first, ...rest] = message.tool_calls;
  const extra = (first as { extra_content?: GoogleExtra }).extra_content;
  if (extra?.google?.thought_signature) return message;
  const signed = {
    ...first,
    extra_content: { ...extra, google: { ...extra?.google, thought_signature: SIGNATURE_STAND_IN } },
  };
  return { ...message, tool_calls: [signed, ...rest] } as Message;
}

/** Each tool message with the name of the tool its call named. */
function withToolNames(messages: Message[]): Message[] {
  const names = new Map<string, string>();
  return messages.map((m) => {
    if (m.role === 'assistant') {
      for (const c of m.tool_calls ?? []) if (c.type === 'function') names.set(c.id, c.function.name);
      return m;
    }
    if (m.role !== 'tool') return m;
    return { ...m, name: names.get(m.tool_call_id) ?? 'unknown' } as Message;
  });
}

function withoutReasoning(message: Message): Message {
  if (message.role !== 'assistant' || message.reasoning_content === undefined) return message;
  const { reasoning_content: _left, ...rest } = message;
  return rest;
}

/** What stands for reasoning that was not kept: short, never empty, the same each time it is sent. */
export function placeholder(message: Assistant): string {
  const ids = (message.tool_calls ?? []).map((c) => c.id);
  return ids.length > 0 ? `(reasoning before calling ${ids.join(', ')} was not kept)` : '(reasoning was not kept)';
}

/** Every assistant message of a turn that called tools, with `reasoning_content`. */
function withReasoningFilled(messages: Message[]): Message[] {
  const out = [...messages];
  let start = 0;
  const fill = (end: number) => {
    const turn = out.slice(start, end);
    if (!turn.some((m) => m.role === 'assistant' && (m.tool_calls?.length ?? 0) > 0)) return;
    for (let i = start; i < end; i++) {
      const m = out[i]!;
      if (m.role !== 'assistant' || m.reasoning_content) continue;
      out[i] = { ...m, reasoning_content: placeholder(m) };
    }
  };
  out.forEach((m, i) => {
    if (m.role !== 'user') return;
    fill(i);
    start = i;
  });
  fill(out.length);
  return out;
}
