/**
 * Asking the provider: one streamed Chat Completions request with sensible retries, shaped as the
 * server was learnt to want it (see ServerMends), mended and asked again when it refuses in a way
 * that can be mended. Provider failures come back as clear messages, never as throws.
 */
import type OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { ToolDefinition } from './catalogue.js';
import { readableErrorLines, readableErrors } from './error-bodies.js';
import { withLetterNames } from './letter-names.js';
import { withMoonshotSchemas } from './moonshot-schemas.js';
import { describeProviderError, sentKey, type ProviderFailure } from './provider-errors.js';
import { providerKey, type ProviderConfig } from './providers.js';
import { carriesToolCalls, ServerMends, toolsOfHistory, type RequestShape } from './server-mends.js';
import { EmptyStreamError, streamCompletion, StreamCutError, type StreamedReply } from './stream.js';
import { turnMessage, type TurnMessage } from './turn-messages.js';
import { forServer } from './wire-messages.js';

/**
 * How long a request waits for the server's answer to begin, and then between its bytes: a local
 * model may take long to load before its first token. Settings' Test connection waits as long.
 */
export const MODEL_WAIT_MS = 120_000;

export interface ProviderRequestOptions {
  /** Retries of a failure that may pass (default 2). */
  retries?: number;
  /** The longest retry-after we wait for before giving up. */
  maxRetryAfterMs?: number;
  /** What servers were learnt to want; shared by the agents of one runtime. */
  mends?: ServerMends;
  /** How long a request waits for the server's answer to begin (its headers) before it times out (default MODEL_WAIT_MS). */
  timeoutMs?: number;
  /** After how long without any byte of the reply the owner is told it is still awaited (default 15 s). */
  waitNoticeAfterMs?: number;
}

export interface RequestEvents {
  onDelta(text: string): void;
  onReasoning(text: string): void;
  /** What streamed so far of this reply as the one was the other (see StreamHandlers.onMoved). */
  onMoved(to: 'reasoning' | 'text', text: string): void;
  /** A failure that is asked again after `delayMs`: what it was. */
  onRetry(failure: TurnMessage, delayMs: number): void;
  /**
   * Nothing of the reply came for `waitNoticeAfterMs` (the server still has the request): said once
   * a request at most; without it, nothing is said.
   */
  onWaiting?(line: TurnMessage): void;
}

export interface Completion {
  reply: StreamedReply;
  /** A provider failure, as a person can read it (with its code). */
  error?: TurnMessage;
  stopped?: boolean;
  /** Whether the request that answered offered tools (a model that cannot take them is asked without). */
  toolsSent: boolean;
}

export class ProviderRequests {
  private client?: { key: string; client: OpenAI; lines: boolean };
  private readonly mends: ServerMends;

  constructor(private readonly options: ProviderRequestOptions = {}) {
    this.mends = options.mends ?? new ServerMends();
  }

  /**
   * The client for `config`; `lines`: one that reads llama.cpp's `error:` lines (see error-bodies).
   * The OpenAI library is loaded with the first request: a process that asks no model (most `ias`
   * commands) never loads it.
   */
  private async openai(config: ProviderConfig, lines = false): Promise<OpenAI> {
    const key = `${config.baseUrl}\0${config.apiKey}`;
    if (this.client?.key !== key || this.client.lines !== lines) {
      const { default: OpenAI } = await import('openai');
      this.client = {
        key,
        lines,
        client: new OpenAI({
          baseURL: config.baseUrl,
          apiKey: config.apiKey,
          maxRetries: 0,
          timeout: this.options.timeoutMs ?? MODEL_WAIT_MS,
          fetch: lines ? readableErrorLines : readableErrors,
        }),
      };
    }
    return this.client.client;
  }

  /**
   * One request, with `tools` offered if given (and the server takes them). `declarable`: when none
   * are offered, the tools to declare all the same for a server that refuses a history of tool
   * calls without them (calls made in reply are not wanted).
   */
  async complete(
    config: ProviderConfig,
    messages: ChatCompletionMessageParam[],
    offered: ToolDefinition[] | undefined,
    events: RequestEvents,
    signal?: AbortSignal,
    declarable?: ToolDefinition[],
  ): Promise<Completion> {
    // A stream with no event in it is asked again at once, reading `error:` lines (llama.cpp).
    let readLines = false;
    const key = providerKey(config);
    const attempts = (this.options.retries ?? 2) + 1;
    let last: StreamedReply = { content: '', reasoning: '', toolCalls: [], finishReason: null };
    let shape = this.mends.shapeFor(key);
    let learnt: Partial<RequestShape> = {};
    // One mend of each kind per request; remembered once a mended request went through.
    const mended = new Set<string>();
    const waiting = events.onWaiting ? new WaitingNotice(this.options.waitNoticeAfterMs, events.onWaiting) : undefined;
    let timeouts = 0;
    for (let attempt = 1; ; attempt++) {
      let emitted = false;
      const sent = forServer(messages, shape);
      // With no tool enabled, the history's own calls name what to declare.
      const declared =
        offered === undefined && shape.historyTools && carriesToolCalls(sent)
          ? declarable?.length
            ? declarable
            : toolsOfHistory(sent)
          : undefined;
      const tools = shape.tools ? (offered ?? declared) : undefined;
      // Tools offered for calls; declared ones are sent, but their calls are not wanted.
      const toolsSent = offered !== undefined && tools !== undefined;
      const typed = shape.moonshotSchemas ? withMoonshotSchemas(tools) : tools;
      const lettered = shape.letterNames ? withLetterNames(typed, sent) : undefined;
      waiting?.start(signal);
      try {
        const reply = await streamCompletion(
          await this.openai(config, readLines),
          {
            model: config.model,
            messages: lettered?.messages ?? sent,
            ...(tools ? { tools: lettered?.tools ?? typed } : {}),
          },
          {
            onDelta: (text) => {
              emitted = true;
              events.onDelta(text);
            },
            onReasoning: (text) => {
              emitted = true;
              events.onReasoning(text);
            },
            onMoved: (to, text) => events.onMoved(to, text),
            onHeard: () => waiting?.stop(),
          },
          signal,
          {
            streamed: shape.stream,
            templateOpens: this.mends.opensThinking(key),
            idleMs: this.options.timeoutMs ?? MODEL_WAIT_MS,
          },
        );
        waiting?.stop();
        if (lettered) reply.toolCalls = lettered.back(reply.toolCalls);
        if (mended.size > 0) this.mends.learn(key, learnt);
        if (reply.thinkingOpened !== undefined) this.mends.learnThinking(key, reply.thinkingOpened);
        return signal?.aborted ? { reply, stopped: true, toolsSent } : { reply, toolsSent };
      } catch (error) {
        waiting?.stop();
        if (error instanceof StreamCutError)
          last = lettered ? { ...error.partial, toolCalls: lettered.back(error.partial.toolCalls) } : error.partial;
        if (signal?.aborted) return { reply: last, stopped: true, toolsSent };
        if (
          !readLines &&
          error instanceof StreamCutError &&
          error.cause instanceof EmptyStreamError &&
          error.cause.noEvents
        ) {
          readLines = true;
          attempt--;
          continue;
        }
        const failure = describeProviderError(
          error instanceof StreamCutError ? error.cause : error,
          config.baseUrl,
          sentKey(config),
          config.apiKey,
        );
        // A server that refuses how the request is made, in a way that can be mended, is asked
        // again at once, mended (see ServerMends).
        const mend =
          !emitted && (failure.status ?? 0) >= 400
            ? this.mends.mend(failure.message, sent, shape, tools !== undefined, tools)
            : undefined;
        if (mend && !mended.has(mend.kind)) {
          mended.add(mend.kind);
          learnt = { ...learnt, ...mend.patch };
          shape = { ...shape, ...mend.patch };
          attempt--;
          continue;
        }
        // A server that did not begin its answer within the timeout (120 s) is loaded or stuck: it is
        // asked once more (a request lost on its way, a server that just came up), not twice, as
        // other failures are; a third wait of 120 s would most likely end the same, and keeps the
        // owner waiting 6 minutes in all for it.
        if (failure.code === 'server-timeout') timeouts++;
        // Deltas already shown cannot be taken back: a reply cut after it began is not retried.
        const canRetry = failure.retryable && !emitted && attempt < attempts && timeouts < 2;
        const maxWait = this.options.maxRetryAfterMs ?? 20_000;
        if (!canRetry || (failure.retryAfterMs ?? 0) > maxWait) {
          return { reply: last, error: saidWhenToTry(failure, maxWait), toolsSent };
        }
        const delayMs = failure.retryAfterMs ?? 500 * 2 ** (attempt - 1);
        events.onRetry(failure, delayMs);
        await sleep(delayMs, signal);
        if (signal?.aborted) return { reply: last, stopped: true, toolsSent };
      }
    }
  }
}

/**
 * The notice that the reply is still awaited: once `afterMs` (default 15 s) of an attempt went by
 * with no byte of its reply, said once (the request's later attempts say nothing more).
 */
class WaitingNotice {
  private timer?: ReturnType<typeof setTimeout>;
  private said = false;

  constructor(
    private readonly afterMs = 15_000,
    private readonly say: (line: TurnMessage) => void,
  ) {}

  start(signal?: AbortSignal): void {
    this.stop();
    if (this.said) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (signal?.aborted) return;
      this.said = true;
      this.say(turnMessage('still-waiting', { seconds: String(Math.max(1, Math.round(this.afterMs / 1000))) }));
    }, this.afterMs);
    // A timer of its own never keeps the process alive (the request does while it is under way).
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }
}

/** A failure, and when to try again if the provider asked for a longer wait than we make. */
function saidWhenToTry(failure: ProviderFailure, maxWait: number): TurnMessage {
  const { retryAfterMs, retryable: _retryable, status: _status, ...line } = failure;
  // Only a 429 asks for a wait.
  if (!retryAfterMs || retryAfterMs <= maxWait || line.code !== 'rate-limited') return line;
  return turnMessage('rate-limited', { ...line.params, retryInS: String(Math.ceil(retryAfterMs / 1000)) });
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}
