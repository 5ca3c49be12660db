/**
 * How a server wants its requests made, learnt from what it refuses. Some refusals can be mended:
 * the request is asked again at once, mended, and the mend is remembered (for that base URL and
 * model) only once a mended request went through, so a refusal that merely quotes these words (a
 * server echoing the request) changes nothing for good; and only for a while (a server restarted
 * with tools on, or thinking off, is asked as usual again after FORGET_AFTER_MS).
 * - DeepSeek's and Kimi's thinking modes refuse tool-calling turns without `reasoning_content`:
 *   it is filled in (a placeholder where none was kept).
 * - A server that refuses the field (an unknown property to it) gets it left out.
 * - A model that cannot take tools (Ollama's "does not support tools", vLLM without a tool parser,
 *   llama.cpp without --jinja) is asked without them.
 * - A request sent without tools (the round that forces a reply) whose history carries tool calls
 *   is refused by Bedrock ("The toolConfig field must be defined when using toolUse and toolResult
 *   content blocks"), by LiteLLM in front of it ("Bedrock doesn't support tool calling without
 *   `tools=` param specified"), and by Anthropic before 2025-02 ("Requests which include `tool_use`
 *   or `tool_result` blocks must define tools"): it declares the tools anyway, with no
 *   `tool_choice` (Bedrock has no "none", and LiteLLM refuses it), and calls made in reply are not
 *   run.
 * - A server or model that will not stream (OpenAI's o-series before the organisation is verified:
 *   "Your organization must be verified to stream this model"; "'stream' does not support true with
 *   this model"; proxies without streaming) is asked without `stream`, and its whole answer read.
 * - Gemini wants each tool result to name its tool ("function_response.name: Name cannot be empty"),
 *   and each call of the turn to carry its thought signature: calls made elsewhere (or before it was
 *   kept) get the stand-in Gemini documents for them.
 * - Moonshot refuses parameter schemas without a "type" on each property, item and anyOf branch, or
 *   with one beside anyOf ("… is not a valid moonshot flavored json schema"): they are sent with
 *   their types where it wants them (see moonshot-schemas).
 * - Moonshot and Gemini take only tool names that begin with a letter ("function name is invalid,
 *   must start with a letter…"; "Invalid function name. Must start with a letter or an underscore."):
 *   a skill's that begins with a digit, `_` or `-` is sent with `S_` before it, its calls read back (see
 *   letter-names).
 * - Mistral takes only tool-call ids of 9 characters of [a-zA-Z0-9] ("Tool call id was call_… but
 *   must be a-z, A-Z, 0-9, with a length of 9."), so a conversation begun with another provider
 *   could not go on there: every id is sent in that form (see wire-messages), history keeping its own.
 *
 * Also kept here, though nothing is refused: whether a server's replies begin inside thinking whose
 * `<think>` the chat template wrote (a reply ended its thinking with a lone `</think>`; see
 * ThinkTags). Its next replies are read as thinking from their first byte, until one ends without
 * a `</think>`: then that is forgotten.
 */
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { ToolDefinition } from './catalogue.js';
import { hasNamesNotLetterFirst } from './letter-names.js';
import { breaksMoonshotSchema } from './moonshot-schemas.js';
import { hasLongIds, type ReasoningBack, type SignatureStyle } from './wire-messages.js';

export interface RequestShape {
  reasoning: ReasoningBack;
  tools: boolean;
  /** A request without tools whose history carries tool calls declares them anyway. */
  historyTools: boolean;
  /** Tool messages carry the name of their tool. */
  toolNames: boolean;
  /**
   * Steps of tool calls without a thought signature carry Gemini's stand-in: on the first call's
   * `extra_content` (Gemini's own API), or as an encrypted reasoning block (through OpenRouter).
   */
  signatures: false | SignatureStyle;
  /** The reply is asked for as a stream. */
  stream: boolean;
  /** Tool-call ids are sent as 9 characters of [a-zA-Z0-9] (Mistral's form). */
  shortIds: boolean;
  /** Tool names that do not begin with a letter are sent beginning with `S_` (Moonshot's and Gemini's rule, see letter-names). */
  letterNames: boolean;
  /** Parameter schemas are sent with their types where Moonshot wants them (see moonshot-schemas). */
  moonshotSchemas: boolean;
}

const NO_TOOLS =
  /does not support tools|tool choice requires|tools param requires|does not support (function|tool)[ _-]?call|no endpoints found that support tool use/i;
const REASONING_MISSING =
  /reasoning_content[^.]{0,80}(missing|must be passed back)|missing[^.]{0,80}reasoning_content/i;
const HISTORY_NEEDS_TOOLS =
  /must define tools|toolConfig field must be defined|support tool calling without `?tools=?`? param/i;
const NO_STREAM =
  /must be verified to stream|'?stream'? does not support true|stream(ing)? (mode )?(is )?not (supported|allowed|available)|does not support stream/i;
const TOOL_NAME_MISSING = /function_response\.name|name cannot be empty/i;
const SIGNATURE_MISSING = /thought_signature/i;
const MOONSHOT_SCHEMA = /not a valid moonshot flavou?red json schema/i;
const NAME_NOT_LETTER =
  /invalid function name\. must start with a letter or an underscore|function name is invalid, must start with a letter/i;
const LONG_TOOL_CALL_ID = /tool call id was .{0,200}?must be a-z, ?A-Z, ?0-9,? with a length of 9/i;
const REASONING_REFUSED =
  /reasoning_content[^.]{0,80}(unsupported|not supported|unexpected|not allowed|not permitted|unrecognized)|(unsupported|unexpected|unrecognized|unknown)[^.]{0,80}reasoning_content/i;

type Message = ChatCompletionMessageParam & { reasoning_content?: string };

/** A step of tool calls whose first call has no thought signature (Gemini signs the first). */
function unsignedStep(m: Message): boolean {
  if (m.role !== 'assistant' || !m.tool_calls?.length) return false;
  const extra = (m.tool_calls[0] as { extra_content?: { google?: { thought_signature?: unknown } } }).extra_content;
  return !extra?.google?.thought_signature;
}

/** A step of tool calls without an encrypted reasoning block (where OpenRouter keeps signatures). */
function unencryptedStep(m: Message): boolean {
  if (m.role !== 'assistant' || !m.tool_calls?.length) return false;
  const details = (m as { reasoning_details?: { type?: unknown }[] }).reasoning_details;
  return !details?.some((d) => d.type === 'reasoning.encrypted');
}

/** Whether the messages carry tool calls or their results. */
export function carriesToolCalls(messages: ChatCompletionMessageParam[]): boolean {
  return messages.some((m) => m.role === 'tool' || (m.role === 'assistant' && (m.tool_calls?.length ?? 0) > 0));
}

/**
 * What to declare for a history of tool calls when no tool is enabled (a server that refuses such a
 * history without tools, see above): each name its calls used, taking any arguments. Calls made in
 * reply to declared tools are never run.
 */
export function toolsOfHistory(messages: ChatCompletionMessageParam[]): ToolDefinition[] {
  const names = new Set<string>();
  for (const m of messages) {
    if (m.role !== 'assistant') continue;
    for (const call of m.tool_calls ?? [])
      if (call.type === 'function' && call.function.name) names.add(call.function.name);
  }
  return [...names].map((name) => ({
    type: 'function' as const,
    function: { name, description: 'Not available now.', parameters: { type: 'object', properties: {} } },
  }));
}

/** Whether any assistant message sent carries `reasoning_content`. */
function sentReasoning(messages: Message[]): boolean {
  return messages.some((m) => m.role === 'assistant' && typeof m.reasoning_content === 'string');
}

/** Whether an assistant message of a turn that called tools went without `reasoning_content`. */
function lackedReasoning(messages: Message[]): boolean {
  let turnCalled = false;
  let lacking = false;
  for (const m of messages) {
    if (m.role === 'user') {
      if (turnCalled && lacking) return true;
      turnCalled = false;
      lacking = false;
    } else if (m.role === 'assistant') {
      if ((m.tool_calls?.length ?? 0) > 0) turnCalled = true;
      if (!m.reasoning_content) lacking = true;
    }
  }
  return turnCalled && lacking;
}

export const FORGET_AFTER_MS = 15 * 60_000;

const USUAL: RequestShape = {
  reasoning: 'as-stored',
  tools: true,
  historyTools: false,
  toolNames: false,
  signatures: false,
  stream: true,
  shortIds: false,
  letterNames: false,
  moonshotSchemas: false,
};

/** Keyed by providerKey: the server and the model. One per runtime, shared by its agents. */
export class ServerMends {
  private readonly learnt = new Map<string, { shape: Partial<RequestShape>; at: number }>();
  /** The servers (and models) whose replies were seen to begin inside thinking the template opened. */
  private readonly thinkingOpened = new Set<string>();

  constructor(private readonly forgetAfterMs = FORGET_AFTER_MS) {}

  shapeFor(key: string, now = Date.now()): RequestShape {
    const entry = this.learnt.get(key);
    if (entry && now - entry.at >= this.forgetAfterMs) this.learnt.delete(key);
    return { ...USUAL, ...this.learnt.get(key)?.shape };
  }

  /** A mended request went through: what was mended is how this server is asked for a while. */
  learn(key: string, mended: Partial<RequestShape>, now = Date.now()): void {
    this.learnt.set(key, { shape: { ...this.learnt.get(key)?.shape, ...mended }, at: now });
  }

  /** Whether replies from `key` are taken to begin inside thinking the chat template opened. */
  opensThinking(key: string): boolean {
    return this.thinkingOpened.has(key);
  }

  /** What a reply from `key` showed: thinking the template opened (true), or none where it was expected. */
  learnThinking(key: string, opened: boolean): void {
    if (opened) this.thinkingOpened.add(key);
    else this.thinkingOpened.delete(key);
  }

  /**
   * The shape to ask again with, after a refusal (`message`) of the request `sent` made with
   * `shape`, with `tools` in it (`toolsSent`: offered for calls) or not; undefined when the refusal
   * is not one these mend.
   */
  mend(
    message: string,
    sent: ChatCompletionMessageParam[],
    shape: RequestShape,
    toolsSent: boolean,
    tools?: ToolDefinition[],
  ) {
    if (REASONING_MISSING.test(message) && shape.reasoning !== 'fill' && lackedReasoning(sent)) {
      return { patch: { reasoning: 'fill' as const }, kind: 'reasoning' as const };
    }
    if (REASONING_REFUSED.test(message) && shape.reasoning !== 'leave-out' && sentReasoning(sent)) {
      return { patch: { reasoning: 'leave-out' as const }, kind: 'reasoning' as const };
    }
    if (TOOL_NAME_MISSING.test(message) && !shape.toolNames && sent.some((m) => m.role === 'tool')) {
      return { patch: { toolNames: true }, kind: 'tool-names' as const };
    }
    if (SIGNATURE_MISSING.test(message) && !shape.signatures) {
      // OpenRouter says which provider refused, and keeps signatures in reasoning blocks.
      const style: SignatureStyle = /Provider returned error/.test(message) ? 'reasoning-details' : 'extra-content';
      if (sent.some(style === 'extra-content' ? unsignedStep : unencryptedStep)) {
        return { patch: { signatures: style }, kind: 'signatures' as const };
      }
    }
    if (
      HISTORY_NEEDS_TOOLS.test(message) &&
      !toolsSent &&
      shape.tools &&
      !shape.historyTools &&
      carriesToolCalls(sent)
    ) {
      return { patch: { historyTools: true }, kind: 'history-tools' as const };
    }
    if (MOONSHOT_SCHEMA.test(message) && !shape.moonshotSchemas && breaksMoonshotSchema(tools)) {
      return { patch: { moonshotSchemas: true }, kind: 'moonshot-schemas' as const };
    }
    if (NAME_NOT_LETTER.test(message) && !shape.letterNames && hasNamesNotLetterFirst(tools, sent)) {
      return { patch: { letterNames: true }, kind: 'letter-names' as const };
    }
    if (LONG_TOOL_CALL_ID.test(message) && !shape.shortIds && hasLongIds(sent)) {
      return { patch: { shortIds: true }, kind: 'short-ids' as const };
    }
    if (NO_STREAM.test(message) && shape.stream) {
      return { patch: { stream: false }, kind: 'stream' as const };
    }
    if (NO_TOOLS.test(message) && toolsSent) {
      return { patch: { tools: false }, kind: 'tools' as const };
    }
    return undefined;
  }
}
