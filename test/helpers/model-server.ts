/**
 * A real HTTP server on 127.0.0.1 that speaks the OpenAI Chat Completions protocol, scripted per test.
 * Point the `openai` client at `server.url` (it ends with `/v1`) and enqueue one reply per expected request.
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export interface ScriptedToolCall {
  id?: string;
  name: string;
  /** Raw text, may be malformed JSON on purpose. */
  arguments: string;
}

export interface ScriptedReply {
  /** Assistant text. */
  content?: string;
  /** Sent before the content, as `reasoning_content` (DeepSeek style) unless `reasoningField` says otherwise. */
  reasoning?: string;
  /** `reasoning` is how OpenRouter, Ollama and vLLM send it. */
  reasoningField?: 'reasoning_content' | 'reasoning';
  /** OpenRouter's `reasoning_details` blocks, streamed first; a block's text comes in pieces. */
  reasoningDetails?: Record<string, unknown>[];
  /** Several allowed in one response. */
  toolCalls?: ScriptedToolCall[];
  /**
   * How streamed tool-call chunks carry their index: 'given' (OpenAI), 'zero' for every call or
   * 'none' at all (as Ollama has done), each call then coming whole in one chunk.
   */
  toolCallIndex?: 'given' | 'zero' | 'none';
  /** Repeat the tool's name in every chunk of its call (some servers do). */
  repeatToolName?: boolean;
  /**
   * Sign the first call of the step with Gemini's `extra_content` (`sig-<call id>`): on its first
   * chunk, or 'apart', in a part of its own after the calls (no index, id or function).
   */
  thoughtSignatures?: boolean | 'apart';
  /** Requests this reply refuses with a 400, as strict servers do (see ServerRule). */
  refuses?: ServerRule[];
  /** After this many streamed chunks, an error event inside the 200 stream (as OpenRouter sends). */
  errorInStream?: { afterChunks: number; code?: number | string | null; type?: string; message: string };
  /** Characters per streamed reasoning/content/arguments chunk (default 4). */
  chunkSize?: number;
  /** Wait before the first byte. */
  delayMs?: number;
  /** Wait between streamed chunks. */
  chunkDelayMs?: number;
  /** Reply with this HTTP error status instead (e.g. 401, 429, 500, 503). */
  status?: number;
  /** Extra response headers, e.g. `{ 'retry-after': '1' }` with a 429. */
  headers?: Record<string, string>;
  /** The error body's message. */
  errorMessage?: string;
  /** The error body as the server sends it, instead of OpenAI's `{error: {message, …}}` (with `status`). */
  errorBody?: unknown;
  /** Destroy the socket after N streamed chunks (no `[DONE]`); when not streaming, before any response. */
  cutAfterChunks?: number;
  /** Default 'tool_calls' when there are tool calls, else 'stop'. */
  finishReason?: string;
  /**
   * The streamed body as a server wrote it, for dialects the scripted shapes do not make: each
   * string written as it is (one write each, so a line may be split between two), after the 200
   * headers, `chunkDelayMs` apart; nothing else is sent (no `[DONE]` unless given). `chunkLine`
   * writes an event.
   */
  rawStream?: string[];
  usage?: { prompt_tokens: number; completion_tokens: number };
}

/**
 * What strict servers refuse, each with the error it answers:
 * - 'reasoning-missing': DeepSeek's thinking mode, an assistant message of a turn that called tools
 *   without its `reasoning_content`;
 * - 'tools': Ollama, tools for a model that cannot take them;
 * - 'tools-for-history': LiteLLM in front of Bedrock, tool calls in the history of a request
 *   without `tools` (Bedrock itself: "The toolConfig field must be defined…");
 * - 'late-system': Qwen's chat template (vLLM, llama.cpp), a system message that is not the first;
 * - 'same-role-in-a-row': DeepSeek's reasoner, two user (or assistant) messages in a row;
 * - 'empty-assistant': Moonshot, an assistant message with neither text nor tool calls;
 * - 'user-after-tool': Mistral, a user message right after a tool message;
 * - 'invalid-arguments': DashScope, tool-call arguments that are not JSON;
 * - 'reasoning-refused': servers that know no `reasoning_content` on a message (Cerebras, Bedrock);
 * - 'tool-names': Gemini, a tool message that does not name its tool;
 * - 'reasoning-details': Gemini 3 through OpenRouter, a step of tool calls sent back without its
 *   encrypted reasoning block (answered as OpenRouter wraps a provider's error);
 * - 'thought-signature': Gemini 3 (as proxies that check every turn do), a step of tool calls whose
 *   first call has no thought signature (in parallel calls only the first carries one);
 * - 'tool-call-ids': Mistral, a tool-call id (of a call, or of a result) that is not 9 characters of
 *   [a-zA-Z0-9] (answered as Mistral does, its error at the body's top level);
 * - 'letter-names': Gemini, a tool name (of a tool, or of a call in history) that does not begin
 *   with a letter or an underscore;
 * - 'moonshot-schema': Moonshot, a tool's parameters with a property, item or anyOf/oneOf branch
 *   without its own "type", or a "type" beside anyOf/oneOf;
 * - 'tool-call-names': OpenAI, a tool name (of a tool, or of a call in history) that is not 1 to 64
 *   characters of [a-zA-Z0-9_-].
 */
export type ServerRule =
  | 'reasoning-missing'
  | 'tools'
  | 'tools-for-history'
  | 'late-system'
  | 'same-role-in-a-row'
  | 'empty-assistant'
  | 'user-after-tool'
  | 'invalid-arguments'
  | 'reasoning-refused'
  | 'tool-names'
  | 'thought-signature'
  | 'reasoning-details'
  | 'tool-call-ids'
  | 'letter-names'
  | 'moonshot-schema'
  | 'tool-call-names';

export type Script =
  ScriptedReply | ((request: RecordedRequest, index: number) => ScriptedReply | Promise<ScriptedReply>);

export interface RecordedRequest {
  /** Parsed JSON body: model, messages, tools, stream… */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  headers: Record<string, string | string[] | undefined>;
  raw: string;
  receivedAt: number;
}

export interface ModelServer {
  /** http://127.0.0.1:PORT/v1 */
  url: string;
  /** Every chat completion request received, in order (model list probes are answered but not recorded). */
  requests: RecordedRequest[];
  /** Replies are consumed in order, one per chat completion request. */
  enqueue(...replies: Script[]): void;
  /** Used when the queue is empty (default: a 500 with message "no scripted reply"). */
  fallback(reply: Script): void;
  close(): Promise<void>;
}

const MODELS = ['test-model', 'gpt-4o-mini', 'deepseek-chat'];

const ERROR_TYPES: Record<number, [type: string, code: string | null]> = {
  400: ['invalid_request_error', null],
  401: ['authentication_error', 'invalid_api_key'],
  403: ['permission_error', null],
  404: ['not_found_error', 'model_not_found'],
  429: ['rate_limit_error', 'rate_limit_exceeded'],
  503: ['server_error', 'overloaded'],
};

export async function startModelServer(options: { port?: number } = {}): Promise<ModelServer> {
  const queue: Script[] = [];
  const requests: RecordedRequest[] = [];
  let fallbackScript: Script = { status: 500, errorMessage: 'no scripted reply' };
  const closing = new AbortController();

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (closing.signal.aborted) return;
      if (!res.headersSent) sendError(res, 500, `model server failed: ${String(error)}`);
      else res.destroy();
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const receivedAt = Date.now();
    const raw = await readBody(req);
    const path = (req.url ?? '').split('?')[0];

    if (req.method === 'GET' && path === '/v1/models') {
      const data = MODELS.map((id) => ({ id, object: 'model', created: 0, owned_by: 'model-server' }));
      return sendJson(res, 200, { object: 'list', data });
    }
    if (req.method !== 'POST' || path !== '/v1/chat/completions') {
      return sendError(res, 404, `model server: no route ${req.method} ${req.url}`);
    }

    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return sendError(res, 400, 'model server: the body is not JSON');
    }
    const recorded: RecordedRequest = { body, headers: { ...req.headers }, raw, receivedAt };
    const index = requests.push(recorded) - 1;

    const script = queue.shift() ?? fallbackScript;
    const reply = typeof script === 'function' ? await script(recorded, index) : script;

    for (const rule of reply.refuses ?? []) {
      const refusal = broken(rule, recorded.body);
      if (refusal === undefined) continue;
      // Gemini's OpenAI-compatible endpoint answers errors as a one-item array.
      if (rule === 'thought-signature' || rule === 'tool-names' || rule === 'letter-names') {
        return sendJson(res, 400, [{ error: { code: 400, message: refusal, status: 'INVALID_ARGUMENT' } }]);
      }
      // OpenRouter wraps what the provider behind it said.
      if (rule === 'reasoning-details') {
        const raw = JSON.stringify({ error: { code: 400, message: refusal, status: 'INVALID_ARGUMENT' } });
        return sendJson(res, 400, {
          error: { message: 'Provider returned error', code: 400, metadata: { raw, provider_name: 'Google' } },
        });
      }
      // Mistral's error is the body itself, not under `error`.
      if (rule === 'tool-call-ids') {
        return sendJson(res, 400, {
          object: 'error',
          message: refusal,
          type: 'invalid_function_call',
          param: null,
          code: '3280',
        });
      }
      return sendError(res, 400, refusal);
    }
    if (reply.delayMs) await sleep(reply.delayMs, undefined, { signal: closing.signal });
    if (reply.status !== undefined && reply.status >= 400) {
      if (reply.errorBody !== undefined) return sendJson(res, reply.status, reply.errorBody, reply.headers);
      return sendError(res, reply.status, reply.errorMessage ?? `scripted error ${reply.status}`, reply.headers);
    }
    const model = typeof recorded.body?.model === 'string' ? recorded.body.model : 'test-model';
    if (recorded.body?.stream === true) {
      return stream(res, reply, model, recorded.body.stream_options?.include_usage === true, raw);
    }
    if (reply.cutAfterChunks !== undefined) return void res.socket?.destroy();
    sendJson(res, reply.status ?? 200, completion(reply, model, raw), reply.headers);
  }

  async function stream(
    res: http.ServerResponse,
    reply: ScriptedReply,
    model: string,
    includeUsage: boolean,
    raw: string,
  ): Promise<void> {
    res.writeHead(reply.status ?? 200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      ...reply.headers,
    });
    res.flushHeaders();
    if (reply.rawStream) {
      for (const [i, piece] of reply.rawStream.entries()) {
        if (i > 0 && reply.chunkDelayMs) await sleep(reply.chunkDelayMs, undefined, { signal: closing.signal });
        if (res.destroyed) return;
        await write(res, piece);
      }
      return void res.end();
    }

    const id = newId('chatcmpl-');
    const created = Math.floor(Date.now() / 1000);
    const chunk = (choices: unknown[], usage?: unknown) => ({
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      choices,
      ...(includeUsage ? { usage: usage ?? null } : {}),
    });
    const events = [
      ...deltas(reply).map((delta) => chunk([{ index: 0, delta, finish_reason: null }])),
      chunk([{ index: 0, delta: {}, finish_reason: finishReason(reply) }]),
      ...(includeUsage ? [chunk([], usage(reply, raw))] : []),
    ];

    let sent = 0;
    for (const event of events) {
      if (reply.errorInStream && sent >= reply.errorInStream.afterChunks) {
        const { code, type, message } = reply.errorInStream;
        res.end(`data: ${JSON.stringify({ error: { message, type: type ?? null, code: code ?? null } })}\n\n`);
        return;
      }
      if (reply.cutAfterChunks !== undefined && sent >= reply.cutAfterChunks) return void res.socket?.destroy();
      if (sent > 0 && reply.chunkDelayMs) await sleep(reply.chunkDelayMs, undefined, { signal: closing.signal });
      if (res.destroyed) return; // the client went away
      await write(res, `data: ${JSON.stringify(event)}\n\n`);
      sent++;
    }
    if (reply.cutAfterChunks !== undefined && sent >= reply.cutAfterChunks) return void res.socket?.destroy();
    res.end('data: [DONE]\n\n');
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...replies) => void queue.push(...replies),
    fallback: (reply) => void (fallbackScript = reply),
    close: async () => {
      closing.abort();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}

interface SentMessage {
  role?: string;
  content?: unknown;
  tool_calls?: { id?: unknown; function?: { name?: unknown; arguments?: unknown } }[];
  tool_call_id?: unknown;
  reasoning_content?: unknown;
}

/** The error a strict server answers for a request that breaks `rule`, or undefined. */
function broken(rule: ServerRule, body: { messages?: unknown; tools?: unknown[] } | undefined): string | undefined {
  const messages: SentMessage[] = Array.isArray(body?.messages) ? (body.messages as SentMessage[]) : [];
  const at = (test: (m: SentMessage, i: number) => boolean) => {
    const i = messages.findIndex(test);
    return i === -1 ? undefined : i;
  };
  switch (rule) {
    case 'reasoning-missing': {
      const i = reasoningMissingAt(messages);
      return i === undefined
        ? undefined
        : `Missing \`reasoning_content\` field in the assistant message at message index ${i}. For more information, please refer to https://api-docs.deepseek.com/guides/thinking_mode#tool-calls`;
    }
    case 'tools':
      return body?.tools?.length ? 'registry.ollama.ai/library/gemma3:4b does not support tools' : undefined;
    case 'tools-for-history': {
      const calls = at((m) => m.role === 'tool' || (m.tool_calls?.length ?? 0) > 0);
      return calls === undefined || body?.tools?.length
        ? undefined
        : "litellm.UnsupportedParamsError: Bedrock doesn't support tool calling without `tools=` param specified. Pass `tools=` param OR set `litellm.modify_params = True` // `litellm_settings::modify_params: True` to add dummy tool to the request.. Received Model Group=claude-sonnet\nAvailable Model Group Fallbacks=None";
    }
    case 'late-system':
      return at((m, i) => i > 0 && m.role === 'system') === undefined
        ? undefined
        : 'System message must be at the beginning.';
    case 'same-role-in-a-row': {
      const i = at(
        (m, i) => i > 0 && (m.role === 'user' || m.role === 'assistant') && messages[i - 1]!.role === m.role,
      );
      return i === undefined
        ? undefined
        : `deepseek-reasoner does not support successive user or assistant messages (messages[${i - 1}] and messages[${i}] in your input). You should interleave the user/assistant messages in the message sequence.`;
    }
    case 'empty-assistant': {
      const i = at((m) => m.role === 'assistant' && !m.content && !(m.tool_calls?.length ?? 0));
      return i === undefined
        ? undefined
        : `Invalid request: the message at position ${i} with role 'assistant' must not be empty`;
    }
    case 'user-after-tool':
      return at((m, i) => i > 0 && m.role === 'user' && messages[i - 1]!.role === 'tool') === undefined
        ? undefined
        : "Unexpected role 'user' after role 'tool'";
    case 'thought-signature': {
      const signed = (c: unknown) =>
        Boolean(
          (c as { extra_content?: { google?: { thought_signature?: unknown } } }).extra_content?.google
            ?.thought_signature,
        );
      const i = at((m) => (m.tool_calls?.length ?? 0) > 0 && !signed(m.tool_calls![0]));
      return i === undefined
        ? undefined
        : `Function call is missing a thought_signature in functionCall parts. This is required for tools to work correctly, and missing thought_signature may lead to degraded model performance. Additional data, function call \`default_api:note_down\` , position ${i}.`;
    }
    case 'reasoning-details': {
      const encrypted = (m: SentMessage) =>
        Array.isArray((m as { reasoning_details?: unknown }).reasoning_details) &&
        (m as { reasoning_details: { type?: unknown }[] }).reasoning_details.some(
          (d) => d.type === 'reasoning.encrypted',
        );
      const i = at((m) => (m.tool_calls?.length ?? 0) > 0 && !encrypted(m));
      return i === undefined ? undefined : 'Function call is missing a thought_signature in functionCall parts.';
    }
    case 'tool-names': {
      const i = at((m) => m.role === 'tool' && !(m as { name?: unknown }).name);
      return i === undefined
        ? undefined
        : `* GenerateContentRequest.contents[${i}].parts[0].function_response.name: Name cannot be empty.`;
    }
    case 'tool-call-ids': {
      const ids = messages.flatMap((m) => [...(m.tool_calls ?? []).map((c) => c.id), m.tool_call_id]);
      const id = ids.find((id) => id !== undefined && !(typeof id === 'string' && /^[a-zA-Z0-9]{9}$/.test(id)));
      return id === undefined
        ? undefined
        : `Tool call id was ${String(id)} but must be a-z, A-Z, 0-9, with a length of 9.`;
    }
    case 'letter-names': {
      const declared = (body?.tools ?? []).map((t) => (t as { function?: { name?: unknown } }).function?.name);
      const called = messages.flatMap((m) => (m.tool_calls ?? []).map((c) => c.function?.name));
      const i = declared.findIndex((name) => !/^[a-zA-Z_]/.test(String(name)));
      if (i !== -1)
        return `* GenerateContentRequest.tools[0].function_declarations[${i}].name: Invalid function name. Must start with a letter or an underscore. Must be alphameric (a-z, A-Z, 0-9), underscores (_), dots (.) or dashes (-), with a maximum length of 64.`;
      return called.some((name) => !/^[a-zA-Z_]/.test(String(name)))
        ? '* GenerateContentRequest.contents[1].parts[0].function_call.name: Invalid function name. Must start with a letter or an underscore.'
        : undefined;
    }
    case 'tool-call-names': {
      const allowed = (name: unknown) => typeof name === 'string' && /^[a-zA-Z0-9_-]{1,64}$/.test(name);
      const pattern = "Expected a string that matches the pattern '^[a-zA-Z0-9_-]{1,64}$'.";
      const declared = (body?.tools ?? []).findIndex(
        (t) => !allowed((t as { function?: { name?: unknown } }).function?.name),
      );
      if (declared !== -1)
        return `Invalid 'tools[${declared}].function.name': string does not match pattern. ${pattern}`;
      for (const [i, m] of messages.entries()) {
        const j = (m.tool_calls ?? []).findIndex((c) => !allowed(c.function?.name));
        if (j !== -1)
          return `Invalid 'messages[${i}].tool_calls[${j}].function.name': string does not match pattern. ${pattern}`;
      }
      return undefined;
    }
    case 'moonshot-schema': {
      for (const tool of body?.tools ?? []) {
        const spot = moonshotSpot((tool as { function?: { parameters?: unknown } }).function?.parameters, 'root');
        if (spot)
          return `Invalid request: tools.function.parameters is not a valid moonshot flavored json schema, details: <At path '${spot}'>`;
      }
      return undefined;
    }
    case 'reasoning-refused': {
      const i = at((m) => m.reasoning_content !== undefined);
      return i === undefined ? undefined : `property 'messages.${i}.assistant.reasoning_content' is unsupported`;
    }
    case 'invalid-arguments': {
      const json = (text: unknown) => {
        try {
          JSON.parse(String(text));
          return true;
        } catch {
          return false;
        }
      };
      const i = at((m) => (m.tool_calls ?? []).some((c) => !json(c.function?.arguments)));
      return i === undefined
        ? undefined
        : '<400> InternalError.Algo.InvalidParameter: The "function.arguments" parameter of the code model must be in JSON format.';
    }
  }
}

/**
 * DeepSeek's rule in thinking mode: every assistant message of a turn (user message to user message)
 * that called tools carries its `reasoning_content`. The index of the first that does not.
 */
function reasoningMissingAt(messages: unknown): number | undefined {
  if (!Array.isArray(messages)) return undefined;
  const list = messages as { role?: string; tool_calls?: unknown[]; reasoning_content?: unknown }[];
  let start = 0;
  for (let end = 1; end <= list.length; end++) {
    if (end < list.length && list[end]!.role !== 'user') continue;
    const turn = list.slice(start, end);
    if (turn.some((m) => m.role === 'assistant' && (m.tool_calls?.length ?? 0) > 0)) {
      const at = turn.findIndex(
        (m) => m.role === 'assistant' && (typeof m.reasoning_content !== 'string' || m.reasoning_content === ''),
      );
      if (at !== -1) return start + at;
    }
    start = end;
  }
  return undefined;
}

/** The stream's deltas before the finish chunk: reasoning, then content, then tool calls; the first carries the role. */
function deltas(reply: ScriptedReply): Record<string, unknown>[] {
  const size = Math.max(1, reply.chunkSize ?? 4);
  const reasoningField = reply.reasoningField ?? 'reasoning_content';
  // As OpenRouter streams them: a text block in pieces with `signature: null`, then a last piece
  // with no text that carries the signature; an encrypted block whole.
  const detailPieces = (reply.reasoningDetails ?? []).flatMap((detail) => {
    if (typeof detail.text !== 'string') return [{ reasoning_details: [detail] }];
    const { signature, ...rest } = detail;
    const parts = pieces(detail.text, size).map((text) => ({
      reasoning_details: [{ ...rest, text, signature: null }],
    }));
    return signature === undefined ? parts : [...parts, { reasoning_details: [{ ...rest, text: '', signature }] }];
  });
  const list: Record<string, unknown>[] = [
    ...detailPieces,
    ...pieces(reply.reasoning, size).map((piece) => ({ [reasoningField]: piece })),
    ...pieces(reply.content, size).map((piece) => ({ content: piece })),
  ];
  const indexing = reply.toolCallIndex ?? 'given';
  let signedApart: object | undefined;
  toolCalls(reply).forEach((call, index) => {
    // Gemini signs the first call of a step only.
    const signature = { extra_content: { google: { thought_signature: `sig-${call.id}` } } };
    const extra = reply.thoughtSignatures === true && index === 0 ? signature : {};
    if (reply.thoughtSignatures === 'apart' && index === 0) signedApart = signature;
    if (indexing !== 'given') {
      const part = {
        id: call.id,
        type: 'function',
        function: { name: call.name, arguments: call.arguments },
        ...extra,
      };
      list.push({ tool_calls: [indexing === 'zero' ? { index: 0, ...part } : part] });
      return;
    }
    list.push({
      tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' }, ...extra }],
    });
    for (const piece of pieces(call.arguments, size)) {
      const name = reply.repeatToolName ? { name: call.name } : {};
      list.push({ tool_calls: [{ index, function: { ...name, arguments: piece } }] });
    }
  });
  if (signedApart) list.push({ tool_calls: [signedApart] });
  const [first, ...rest] = list;
  return [{ role: 'assistant', ...(first ?? { content: '' }) }, ...rest];
}

/** One `data:` event of a streamed chunk with `choices` (a delta for choice 0 when given a plain delta). */
export function chunkLine(choices: Record<string, unknown>[] | Record<string, unknown>, extra: object = {}): string {
  const list = Array.isArray(choices) ? choices : [{ index: 0, delta: choices, finish_reason: null }];
  const chunk = { id: 'chatcmpl-raw', object: 'chat.completion.chunk', created: 0, model: 'test-model', choices: list };
  return `data: ${JSON.stringify({ ...chunk, ...extra })}\n\n`;
}

function completion(reply: ScriptedReply, model: string, raw: string) {
  const calls = toolCalls(reply);
  return {
    id: newId('chatcmpl-'),
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: reply.content ?? null,
          ...(reply.reasoning !== undefined ? { [reply.reasoningField ?? 'reasoning_content']: reply.reasoning } : {}),
          ...(calls.length > 0
            ? {
                tool_calls: calls.map((call) => ({
                  id: call.id,
                  type: 'function',
                  function: { name: call.name, arguments: call.arguments },
                })),
              }
            : {}),
          refusal: null,
        },
        logprobs: null,
        finish_reason: finishReason(reply),
      },
    ],
    usage: usage(reply, raw),
  };
}

function toolCalls(reply: ScriptedReply): Required<ScriptedToolCall>[] {
  return (reply.toolCalls ?? []).map((call) => ({ ...call, id: call.id ?? newId('call_') }));
}

function finishReason(reply: ScriptedReply): string {
  return reply.finishReason ?? (reply.toolCalls?.length ? 'tool_calls' : 'stop');
}

/** The scripted usage, or a rough estimate (4 characters a token). */
function usage(reply: ScriptedReply, raw: string) {
  const out = [reply.reasoning, reply.content, ...(reply.toolCalls ?? []).map((c) => c.name + c.arguments)];
  const { prompt_tokens, completion_tokens } = reply.usage ?? {
    prompt_tokens: Math.ceil(raw.length / 4),
    completion_tokens: Math.ceil(out.join('').length / 4),
  };
  return { prompt_tokens, completion_tokens, total_tokens: prompt_tokens + completion_tokens };
}

/** Splits text into pieces of `size` characters (code points, so emoji stay whole). */
function pieces(text: string | undefined, size: number): string[] {
  const chars = Array.from(text ?? '');
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += size) out.push(chars.slice(i, i + size).join(''));
  return out;
}

function newId(prefix: string): string {
  return prefix + randomBytes(12).toString('hex');
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
}

function write(res: http.ServerResponse, data: string): Promise<void> {
  return new Promise((resolve, reject) => res.write(data, (error) => (error ? reject(error) : resolve())));
}

function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function sendError(res: http.ServerResponse, status: number, message: string, headers?: Record<string, string>): void {
  const [type, code] =
    ERROR_TYPES[status] ?? (status >= 500 ? ['server_error', null] : ['invalid_request_error', null]);
  sendJson(res, status, { error: { message, type, param: null, code } }, headers);
}

/** Where a schema breaks Moonshot's rules (as its errors name the path), or undefined. */
function moonshotSpot(node: unknown, at: string): string | undefined {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return undefined;
  const keys = node as Record<string, unknown>;
  const branchKey = Array.isArray(keys.anyOf) ? 'anyOf' : Array.isArray(keys.oneOf) ? 'oneOf' : undefined;
  if (branchKey) {
    if ('type' in keys)
      return `${at}: when using ${branchKey}, type should be defined in ${branchKey} items instead of the parent schema`;
    const branches = keys[branchKey] as unknown[];
    for (let i = 0; i < branches.length; i++) {
      const spot = moonshotSpot(branches[i], `${at}.${branchKey}.${i}`);
      if (spot) return spot;
    }
    return undefined;
  }
  if (at !== 'root' && !('type' in keys)) return `${at}: type is not defined`;
  if (typeof keys.properties === 'object' && keys.properties !== null) {
    for (const [name, value] of Object.entries(keys.properties)) {
      const spot = moonshotSpot(value, `${at}.properties.${name}`);
      if (spot) return spot;
    }
  }
  const items = Array.isArray(keys.items) ? keys.items : keys.items === undefined ? [] : [keys.items];
  for (let i = 0; i < items.length; i++) {
    const spot = moonshotSpot(items[i], `${at}.items`);
    if (spot) return spot;
  }
  return undefined;
}
