/**
 * One streamed Chat Completions request: text and reasoning deltas go out as they arrive; tool
 * calls split over chunks are put back together by their index. Servers that differ from OpenAI in
 * their chunks are read as they mean it: reasoning as `reasoning_content` (DeepSeek, Qwen, Kimi) or
 * `reasoning` (OpenRouter, Ollama, vLLM); content as a list of typed parts, thinking apart from
 * text (Mistral's reasoning models); parallel calls that all carry index 0, or no index (Ollama),
 * told apart by their ids (with no id either, by new arguments after whole ones); a name repeated
 * in every chunk taken once; thinking left in the content as `<think>…</think>`, or ended by a lone
 * `</think>` (its `<think>` written by the chat template), taken as reasoning (see think-tags.ts).
 * A call in the pre-tools format (`function_call`, older vLLM, FastChat, LocalAI and gateways) is
 * read as one tool call, with an id made for it.
 * A stream that ends with nothing in it, not even a finish reason, is a failure (LM Studio past its
 * context, proxies whose upstream failed), not an empty reply; so is one the provider stopped for
 * want of capacity (DeepSeek's `insufficient_system_resource`), and one that closed after some of
 * its reply with neither a finish reason nor `data: [DONE]` (cut on its way, see stream-ends.ts).
 */
import type OpenAI from 'openai';
import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import { watchForDone } from './stream-ends.js';
import { ThinkTags, type ContentPieces } from './think-tags.js';
import { completionChunk, eventsIn, excerpt, NotACompletionError } from './whole-answers.js';
import { WholeCharacters } from './whole-characters.js';

export interface StreamedToolCall {
  id: string;
  name: string;
  arguments: string;
  /** What the provider added for itself (Gemini's `extra_content`, with its thought signature). */
  extra?: Record<string, unknown>;
}

export interface StreamedReply {
  content: string;
  reasoning: string;
  /** Set when the reasoning came as `reasoning_content`, the field DeepSeek asks to be sent back. */
  reasoningField?: 'reasoning_content';
  /**
   * OpenRouter's `reasoning_details` (its reasoning blocks: text, summaries, encrypted signatures),
   * put back together from their pieces: it wants them back with the tool calls they led to.
   */
  reasoningDetails?: Record<string, unknown>[];
  toolCalls: StreamedToolCall[];
  finishReason: string | null;
  /**
   * What the reply showed of thinking whose `<think>` the chat template wrote (see ThinkTags): true
   * when a lone `</think>` ended it, false when a reply taken to begin inside it ended without one.
   */
  thinkingOpened?: boolean;
}

export interface StreamHandlers {
  onDelta?: (text: string) => void;
  onReasoning?: (text: string) => void;
  /**
   * All that streamed so far of this reply as text (`to: 'reasoning'`), or as reasoning taken out
   * of its content (`to: 'text'`), was the other: `text`, which the reply now holds as such.
   */
  onMoved?: (to: 'reasoning' | 'text', text: string) => void;
  /** The first thing of the reply arrived: its first event, or the whole answer (a server that does not stream). */
  onHeard?: () => void;
}

/** Chunks as providers send them: DeepSeek adds `reasoning_content`, OpenRouter and Ollama `reasoning`. */
interface DeltaWithReasoning {
  /** A list of parts from Mistral's reasoning models (Magistral). */
  content?: string | ContentPart[] | null;
  reasoning_content?: string | null;
  reasoning?: string | null;
  reasoning_details?: unknown;
  tool_calls?: ToolCallPart[];
  /** The pre-tools format: the one call of the reply, its name and arguments split over chunks. */
  function_call?: ToolCallPart['function'] | null;
}

/**
 * OpenRouter's reasoning blocks, put together from their streamed pieces. A text or summary piece
 * adds to the block of its type and index (or, without an index, to the last block of its type
 * while that one is not yet signed); an encrypted block comes whole. A piece's empty fields
 * (`signature: null`) never wipe what a block has.
 */
class ReasoningDetails {
  private readonly blocks: Record<string, unknown>[] = [];
  private readonly byIndex = new Map<string, Record<string, unknown>>();

  add(details: unknown): void {
    if (!Array.isArray(details)) return;
    for (const detail of details as unknown[]) {
      if (typeof detail !== 'object' || detail === null) continue;
      const piece = detail as Record<string, unknown>;
      const block = piece.type === 'reasoning.encrypted' ? undefined : this.blockFor(piece);
      if (!block) {
        const fresh = Object.fromEntries(Object.entries(piece).filter(([, v]) => v !== null && v !== undefined));
        this.blocks.push(fresh);
        if (typeof piece.index === 'number') this.byIndex.set(`${String(piece.type)}-${piece.index}`, fresh);
        continue;
      }
      for (const [field, value] of Object.entries(piece)) {
        if (value === null || value === undefined) continue;
        const joins = field === 'text' || field === 'summary';
        block[field] =
          joins && typeof value === 'string' ? `${(block[field] as string | undefined) ?? ''}${value}` : value;
      }
    }
  }

  /** The block a text or summary piece adds to, if any. */
  private blockFor(piece: Record<string, unknown>): Record<string, unknown> | undefined {
    if (typeof piece.index === 'number') return this.byIndex.get(`${String(piece.type)}-${piece.index}`);
    const last = this.blocks.at(-1);
    return last && last.type === piece.type && !last.signature ? last : undefined;
  }

  list(): Record<string, unknown>[] | undefined {
    return this.blocks.length > 0 ? [...this.blocks] : undefined;
  }
}

/** Mistral's typed content: `{type: "text", text}`, or `{type: "thinking", thinking: [{type: "text", text}]}`. */
interface ContentPart {
  type?: string;
  text?: unknown;
  thinking?: unknown;
}

/** The text and the thinking of a delta's content, whether a string or a list of typed parts. */
function contentOf(content: DeltaWithReasoning['content']): { text: string; thinking: string } {
  if (typeof content === 'string') return { text: content, thinking: '' };
  if (!Array.isArray(content)) return { text: '', thinking: '' };
  const textOf = (value: unknown): string =>
    typeof value === 'string'
      ? value
      : Array.isArray(value)
        ? value.map((v) => textOf((v as ContentPart | null)?.text)).join('')
        : '';
  let text = '';
  let thinking = '';
  for (const part of content) {
    if (part?.type === 'text') text += textOf(part.text);
    else if (part?.type === 'thinking') thinking += textOf(part.thinking);
  }
  return { text, thinking };
}

interface ToolCallPart {
  index?: number;
  id?: string | null;
  function?: { name?: string | null; arguments?: unknown };
  extra_content?: unknown;
}

/** Whether `next` begins a JSON object after `sofar`, already whole arguments (joined, they would be no JSON). */
function beginsAfterWhole(sofar: string, next: unknown): boolean {
  if (typeof next === 'string' ? !/^\s*\{/.test(next) : typeof next !== 'object' || next === null) return false;
  if (!sofar.trim()) return false;
  try {
    JSON.parse(sofar);
    return true;
  } catch {
    return false;
  }
}

/** Tool calls being put together from their parts, in the order they began. */
class ToolCallParts {
  private readonly calls: { call: StreamedToolCall; idGiven: boolean }[] = [];
  /** The call each index (or, without one, each position in the chunk) last went to. */
  private readonly byIndex = new Map<number, { call: StreamedToolCall; idGiven: boolean }>();

  add(part: ToolCallPart, position: number): void {
    const index = typeof part.index === 'number' ? part.index : position;
    const id = typeof part.id === 'string' && part.id !== '' ? part.id : undefined;
    const name = part.function?.name;
    // A part that only carries what the provider adds (no index, id, name or arguments) belongs to
    // the step's first call: Gemini signs that one.
    if (
      part.index === undefined &&
      id === undefined &&
      !name &&
      part.function?.arguments === undefined &&
      this.calls.length > 0
    ) {
      this.addExtra(this.calls[0]!.call, part.extra_content);
      return;
    }
    let entry = this.byIndex.get(index);
    // A call begins with its name: one with a new id at an index already taken is a new call
    // (servers that give every call index 0), and so is one that begins new arguments where a call
    // already has whole ones (calls with neither index nor id, each whole in its own chunk; or with
    // the id of the call before, from a model that repeats ids).
    if (
      !entry ||
      (name && id !== undefined && entry.idGiven && entry.call.id !== id) ||
      (name && beginsAfterWhole(entry.call.arguments, part.function?.arguments))
    ) {
      entry = { call: { id: `call_${this.calls.length}`, name: '', arguments: '' }, idGiven: false };
      this.calls.push(entry);
      this.byIndex.set(index, entry);
    }
    if (id !== undefined && !entry.idGiven) {
      entry.call.id = id;
      entry.idGiven = true;
    }
    // Names come whole in one chunk, or split over several; some servers repeat the whole name.
    if (name && name !== entry.call.name) entry.call.name += name;
    this.addExtra(entry.call, part.extra_content);
    const args = part.function?.arguments;
    if (typeof args === 'string') entry.call.arguments += args;
    else if (args !== undefined && args !== null) entry.call.arguments += JSON.stringify(args);
  }

  list(): StreamedToolCall[] {
    return this.calls.map((entry) => entry.call);
  }

  /** Merges what the provider added, one level deep (`{google: {…}}` parts add up). */
  private addExtra(call: StreamedToolCall, extra: unknown): void {
    if (typeof extra !== 'object' || extra === null || Array.isArray(extra)) return;
    const merged: Record<string, unknown> = { ...call.extra };
    for (const [key, value] of Object.entries(extra as Record<string, unknown>)) {
      const before = merged[key];
      merged[key] =
        typeof before === 'object' && before !== null && typeof value === 'object' && value !== null
          ? { ...before, ...value }
          : value;
    }
    call.extra = merged;
  }
}

/**
 * A stream that ended with nothing in it: no text, reasoning or call, and no finish reason.
 * `noEvents`: not even an event the client could read (llama.cpp's `error:` line is not one).
 */
export class EmptyStreamError extends Error {
  constructor(readonly noEvents: boolean) {
    super('the stream ended without a reply');
  }
}

/** A stream that closed after some of its reply with neither a finish reason nor `data: [DONE]`. */
export class UnfinishedStreamError extends Error {
  constructor() {
    super('the stream ended before the reply did');
  }
}

/** A stream that sent no byte for `idleMs` after it began, its connection left open. */
export class StreamStalledError extends Error {
  constructor(readonly idleMs: number) {
    super(`no byte of the reply came for ${idleMs} ms`);
  }
}

/** Aborts a request once no byte of its stream came for `ms` (see StreamStalledError). */
class IdleWatch {
  private readonly controller = new AbortController();
  private timer?: ReturnType<typeof setTimeout>;
  stalled = false;

  constructor(private readonly ms: number) {}

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** (Re)starts the wait: a byte came. One timer, refreshed at each chunk (cheaper than a new one). */
  reset(): void {
    if (this.timer !== undefined) {
      this.timer.refresh();
      return;
    }
    this.timer = setTimeout(() => {
      this.stalled = true;
      this.controller.abort();
    }, this.ms);
    // The request keeps the process alive while it is under way, not this timer.
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }
}

/** The provider stopped the reply for want of capacity (DeepSeek's finish reason `insufficient_system_resource`). */
export class OutOfCapacityError extends Error {
  constructor() {
    super('the provider stopped the reply: insufficient system resource');
  }
}

export class StreamCutError extends Error {
  constructor(
    readonly partial: StreamedReply,
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

export interface StreamOptions {
  /** Whether the request asks for a stream (a server that refuses `stream: true` is asked without). */
  streamed?: boolean;
  /** The server's replies were seen to begin inside thinking the chat template opened (see ThinkTags). */
  templateOpens?: boolean;
  /** How long a stream that began may send no byte before it is given up (StreamStalledError); none: waited for. */
  idleMs?: number;
}

/**
 * One request, streamed (or, for a server that refuses `stream: true`, not: `streamed` false), read
 * as one reply. A whole answer where a stream was asked for is read as a server meant it (see
 * whole-answers.ts); an answer that holds no reply throws NotACompletionError.
 */
export async function streamCompletion(
  client: OpenAI,
  params: Omit<ChatCompletionCreateParamsStreaming, 'stream'>,
  handlers: StreamHandlers,
  signal?: AbortSignal,
  { streamed = true, templateOpens = false, idleMs }: StreamOptions = {},
): Promise<StreamedReply> {
  const reply: StreamedReply = { content: '', reasoning: '', toolCalls: [], finishReason: null };
  const calls = new ToolCallParts();
  const details = new ReasoningDetails();
  const tags = new ThinkTags(templateOpens);
  // Deltas go out in whole characters (see WholeCharacters).
  const deltas = new WholeCharacters(handlers.onDelta);
  const thoughts = new WholeCharacters(handlers.onReasoning);
  const flushed = () => {
    thoughts.flush();
    deltas.flush();
  };
  // How much of the reasoning came out of the content: its end (a server that reads thinking apart
  // sends it before the content).
  let fromContent = 0;
  // Thinking split out of the content is reasoning, but not `reasoning_content` to send back.
  const add = ({ text, thinking, moved }: ContentPieces) => {
    if (moved) move(moved);
    if (thinking) {
      fromContent += thinking.length;
      reply.reasoning += thinking;
      thoughts.write(thinking);
    }
    if (text) {
      reply.content += text;
      deltas.write(text);
    }
  };
  const move = (to: 'thinking' | 'text') => {
    // What is moved was handed on whole.
    flushed();
    if (to === 'thinking') {
      const text = reply.content;
      reply.content = '';
      reply.reasoning += text;
      fromContent += text.length;
      if (text) handlers.onMoved?.('reasoning', text);
      return;
    }
    const text = reply.reasoning.slice(reply.reasoning.length - fromContent);
    reply.reasoning = reply.reasoning.slice(0, reply.reasoning.length - fromContent);
    fromContent = 0;
    reply.content += text;
    if (text) handlers.onMoved?.('text', text);
  };
  let replied = false;
  const take = (chunk: { choices?: { delta?: unknown; finish_reason?: string | null }[] } | null) => {
    const choice = chunk?.choices?.[0];
    if (!choice) return;
    replied = true;
    const delta = (choice.delta ?? {}) as DeltaWithReasoning;
    const content = contentOf(delta.content);
    // One field, should a server send the same text in both.
    const reasoning =
      typeof delta.reasoning_content === 'string' && delta.reasoning_content
        ? delta.reasoning_content
        : typeof delta.reasoning === 'string' && delta.reasoning
          ? delta.reasoning
          : content.thinking;
    if (reasoning) {
      if (reasoning === delta.reasoning_content) reply.reasoningField = 'reasoning_content';
      reply.reasoning += reasoning;
      thoughts.write(reasoning);
    }
    details.add(delta.reasoning_details);
    if (content.text) add(tags.split(content.text));
    // The pre-tools `function_call` is the reply's one call (a delta that has `tool_calls` too is read by those).
    const parts = delta.tool_calls?.length
      ? delta.tool_calls
      : delta.function_call
        ? [{ function: delta.function_call }]
        : [];
    parts.forEach((part, position) => calls.add(part, position));
    if (choice.finish_reason) reply.finishReason = choice.finish_reason;
  };
  /** `complete`: the stream ended as replies end (not broken); a reply cut at the output limit is not. */
  const finish = (complete: boolean) => {
    add(tags.flush(complete && reply.finishReason !== 'length'));
    flushed();
    if (tags.templateOpened !== undefined) reply.thinkingOpened = tags.templateOpened;
    reply.toolCalls = calls.list();
    const blocks = details.list();
    if (blocks) reply.reasoningDetails = blocks;
  };
  // The reply as it ended; one the provider stopped for want of capacity is a failure (asked again
  // when nothing of it was shown).
  const ended = () => {
    if (reply.finishReason === 'insufficient_system_resource')
      throw new StreamCutError(reply, new OutOfCapacityError());
    return reply;
  };
  if (!streamed) {
    const { data, response } = await client.chat.completions
      .create({ ...params, stream: false }, { signal })
      .withResponse();
    handlers.onHeard?.();
    take(completionChunk(data, response.headers.get('content-type') ?? ''));
    finish(true);
    return ended();
  }
  // Once its answer began, a stream that stalls is given up (the client's timeout covers its start).
  const idle = idleMs ? new IdleWatch(idleMs) : undefined;
  const { data: stream, response } = await client.chat.completions
    .create({ ...params, stream: true }, { signal: idle ? anyOf(signal, idle.signal) : signal })
    .withResponse();
  const type = response.headers.get('content-type') ?? '';
  // Not a stream of events (a server that ignores `stream: true`, a web page): read whole.
  if (/json|html/i.test(type) && !/event-stream/i.test(type)) {
    let body: string;
    try {
      body = await response.text();
    } catch (error) {
      throw new StreamCutError(reply, error);
    }
    handlers.onHeard?.();
    const events = eventsIn(body);
    for (const event of events ?? [completionChunk(body, type)]) take(event as Parameters<typeof take>[0]);
    if (!replied) throw new NotACompletionError('no-reply', excerpt(body));
    finish(true);
    return ended();
  }
  // A body labelled as neither events nor JSON (text/plain, no type) is kept aside as well, to say
  // what it was should it hold no event (event streams themselves are read once: no copy).
  const aside = /event-stream/i.test(type) ? undefined : response.clone();
  const sawDone = watchForDone(response, () => idle?.reset());
  idle?.reset();
  // The first event, should none carry a reply: what the server said instead.
  let first: unknown;
  try {
    for await (const chunk of stream) {
      if (first === undefined) handlers.onHeard?.();
      first ??= chunk;
      take(chunk);
    }
  } catch (error) {
    idle?.stop();
    finish(false);
    throw new StreamCutError(reply, idle?.stalled ? new StreamStalledError(idleMs!) : error);
  }
  idle?.stop();
  // Given up (the client ends a stream it was told to abort without a word).
  if (idle?.stalled) {
    finish(false);
    throw new StreamCutError(reply, new StreamStalledError(idleMs!));
  }
  // Events, none of them a reply, or a body that is not an event stream: not a Chat Completions
  // stream (what it said is shown). An event stream with nothing in it is EmptyStreamError below.
  if (!replied && (first !== undefined || aside)) {
    const said = first !== undefined ? JSON.stringify(first) : await aside!.text().catch(() => '');
    throw new NotACompletionError('no-reply', excerpt(said));
  }
  const unfinished = reply.finishReason === null && !signal?.aborted && !sawDone();
  finish(!signal?.aborted && !unfinished);
  const nothing = !reply.content && !reply.reasoning && reply.toolCalls.length === 0 && !reply.reasoningDetails;
  if (nothing && reply.finishReason === null && !signal?.aborted)
    throw new StreamCutError(reply, new EmptyStreamError(first === undefined));
  if (unfinished) throw new StreamCutError(reply, new UnfinishedStreamError());
  return ended();
}

/** A signal aborted when either is (`outer` may be none). */
function anyOf(outer: AbortSignal | undefined, inner: AbortSignal): AbortSignal {
  return outer ? AbortSignal.any([outer, inner]) : inner;
}
