/** Provider failures as clear messages (with their codes, see turn-messages), and whether a retry can help. */
// The error classes alone: the client itself is loaded when a request is made (see provider-request.ts).
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai/core/error';
import { connectionFailure } from './connection-failures.js';
import { originOf, type ProviderConfig } from './providers.js';
import { EmptyStreamError, OutOfCapacityError, StreamStalledError, UnfinishedStreamError } from './stream.js';
import { turnMessage, type TurnMessage } from './turn-messages.js';
import { excerpt, NotACompletionError, pageTitle } from './whole-answers.js';
import { asSentence } from '../../shared/turn-messages.js';

export type ProviderFailure = TurnMessage & {
  retryable: boolean;
  /** The HTTP status, or the code of an error sent inside the stream (OpenRouter). */
  status?: number;
  /** How long the provider asked us to wait (429 retry-after), in ms. */
  retryAfterMs?: number;
};

function retryAfter(headers: Headers | undefined): number | undefined {
  // A wait below zero is no wait a server can mean (nor a date: "-5" would parse as the year -5):
  // the usual back-off is used instead of "Retrying in -5 s…".
  const ms = headers?.get('retry-after-ms');
  if (ms && Number.isFinite(Number(ms)) && Number(ms) >= 0) return Number(ms);
  const value = headers?.get('retry-after')?.trim();
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds >= 0 ? seconds * 1000 : undefined;
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : undefined;
}

/**
 * What a request carried as its API key: one (true), none (false), or none as the one saved is for
 * another server (`savedFor`, its origin): a refusal then says whose it is and how to give one.
 */
export type SentKey = boolean | { savedFor: string };

/** What `config`'s requests carry as their key (see SentKey). */
export function sentKey(config: ProviderConfig): SentKey {
  if (config.from.apiKey === 'other-server') return { savedFor: config.keyFor ?? '' };
  return config.from.apiKey !== 'none';
}

/**
 * `keySet`: whether an API key was given (a refusal without one says to set it; see SentKey).
 * `apiKey`, the key the request carried, never appears in what is said: a server may quote it (an
 * error that names the key it refused, a page that echoes the request's headers), and what a
 * failure says is shown, and stored with the conversation.
 */
export function describeProviderError(
  error: unknown,
  baseUrl: string,
  keySet: SentKey = true,
  apiKey = '',
): ProviderFailure {
  return withoutKey(describe(error, baseUrl, keySet), apiKey);
}

/** Long enough to be a secret (real keys are 32 characters and more): a placeholder such as Ollama's `ollama` is a word a message may hold. */
const SHORTEST_HIDDEN_KEY = 16;
const HIDDEN_KEY = '[API key hidden]';

function withoutKey(failure: ProviderFailure, apiKey: string): ProviderFailure {
  const key = apiKey.trim();
  if (key.length < SHORTEST_HIDDEN_KEY) return failure;
  const hide = (value: unknown): unknown =>
    typeof value === 'string'
      ? value.split(key).join(HIDDEN_KEY)
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, hide(v)]))
        : value;
  return hide(failure) as ProviderFailure;
}

function describe(error: unknown, baseUrl: string, keySet: SentKey): ProviderFailure {
  if (error instanceof APIUserAbortError) return { ...turnMessage('request-stopped', {}), retryable: false };
  if (error instanceof APIConnectionTimeoutError) {
    return { ...turnMessage('server-timeout', { baseUrl }), retryable: true };
  }
  if (error instanceof APIConnectionError) {
    return connectionFailure(error, baseUrl);
  }
  if (error instanceof APIError) {
    const status = error.status ?? statusInStream(error.code, error.type);
    return { ...describeApiError(error, status, baseUrl, keySet), ...(status !== undefined ? { status } : {}) };
  }
  if (error instanceof NotACompletionError) {
    return {
      ...turnMessage('not-chat-completions', { baseUrl, kind: error.kind, detail: error.detail }),
      retryable: false,
    };
  }
  // Asked again: a server that failed this way once may answer the next time.
  if (error instanceof EmptyStreamError) return { ...turnMessage('stream-empty', {}), retryable: true };
  if (error instanceof OutOfCapacityError) return { ...turnMessage('out-of-capacity', {}), retryable: true };
  if (error instanceof StreamStalledError) {
    const seconds = String(Math.max(1, Math.round(error.idleMs / 1000)));
    return { ...turnMessage('stream-stalled', { seconds }), retryable: true };
  }
  // fetch refuses a header it cannot send and quotes it whole: the API key, never to be said.
  if (error instanceof TypeError && /invalid header value/.test(error.message)) {
    return { ...turnMessage('api-key-unsendable', {}), retryable: false };
  }
  // During a stream, a cut connection surfaces as a plain error from the HTTP layer; a stream
  // closed cleanly before its end has no words of its own.
  const detail = error instanceof UnfinishedStreamError ? '' : cutDetail(error);
  return { ...turnMessage('stream-cut', { detail }), retryable: true };
}

/**
 * What a plain error from the HTTP layer adds to "the connection dropped". fetch (undici) says
 * "terminated" for any body cut off, which the line says already, in the reader's language; its
 * cause is the system's code (ECONNRESET…) when there is one, said as it stands, else undici's own
 * English ("other side closed"), left out.
 */
function cutDetail(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (!(error instanceof TypeError && error.message === 'terminated')) return error.message;
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && /^E[A-Z]+$/.test(code) ? code : '';
}

/**
 * An error a server sends inside a stream that had begun with 200 has no status: OpenRouter gives
 * it as the code, OpenAI and others name its kind (`server_error`, `rate_limit_exceeded`).
 */
function statusInStream(code: unknown, type: unknown): number | undefined {
  const n = typeof code === 'number' ? code : typeof code === 'string' && /^\d{3}$/.test(code) ? Number(code) : NaN;
  if (n >= 400 && n < 600) return n;
  const kind = `${typeof code === 'string' ? code : ''} ${typeof type === 'string' ? type : ''}`;
  if (/rate_limit/.test(kind)) return 429;
  if (/server_error|overloaded|internal_error/.test(kind)) return 500;
  return undefined;
}

/**
 * What a 404 may come from in the base URL itself, the two slips people make most: the whole
 * endpoint pasted in, or a bare address where the server wants `/v1`. Said only where it cannot
 * mislead (a server that names the model as unknown, or a path of its own, gets no hint).
 */
function pathHint(baseUrl: string, detail: string): { hint?: 'drop-chat-completions' | 'add-v1'; url?: string } {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return {};
  }
  const path = url.pathname.replace(/\/+$/, '');
  if (/\/chat\/completions$/.test(path)) {
    return { hint: 'drop-chat-completions', url: `${url.origin}${path.replace(/\/chat\/completions$/, '')}` };
  }
  if (path === '' && !/model[^.]{0,60}(not found|does not exist|unknown)|(unknown|no such) model/i.test(detail)) {
    return { hint: 'add-v1', url: `${url.origin}/v1` };
  }
  return {};
}

/** What a 429's error says (its `code` or `type`) when the account is out of quota, not rate-limited. */
const QUOTA = new Set(['insufficient_quota', 'exceeded_current_quota_error']);

function describeApiError(
  error: APIError,
  status: number | undefined,
  baseUrl: string,
  keySet: SentKey,
): ProviderFailure {
  // OpenRouter wraps what the provider behind it said: that is the reason worth reading.
  // Groq gives, with `tool_use_failed`, what its model wrote instead of a call.
  const body = error.error as { metadata?: { raw?: unknown }; failed_generation?: unknown } | undefined;
  const raw = body?.metadata?.raw ?? (body?.failed_generation || undefined);
  const rawText = typeof raw === 'string' ? raw : raw === undefined || raw === null ? '' : JSON.stringify(raw);
  const said = `${ownWords(error.message.replace(/^\d{3}\s*/, ''))}${rawText ? ` (${rawText.slice(0, 600)})` : ''}`;
  const detail = asSentence(said);
  if (status === 401 || status === 403) {
    if (typeof keySet === 'object') {
      const server = originOf(baseUrl) ?? baseUrl;
      const params = { status: String(status), detail, server, keyFor: keySet.savedFor };
      return { ...turnMessage('api-key-for-other-server', params), retryable: false };
    }
    const code = keySet ? 'api-key-refused' : 'api-key-missing';
    return { ...turnMessage(code, { status: String(status), detail }), retryable: false };
  }
  if (status === 404) {
    return { ...turnMessage('model-or-path-unknown', { ...pathHint(baseUrl, detail), detail }), retryable: false };
  }
  // A 429 for an account out of quota or credit (OpenAI, Moonshot): no wait mends it.
  if (
    status === 429 &&
    [error.code, error.type].some((said) => said !== null && said !== undefined && QUOTA.has(said))
  ) {
    return { ...turnMessage('quota-exceeded', { status: '429', detail }), retryable: false };
  }
  if (status === 429) {
    return {
      ...turnMessage('rate-limited', { status: '429', detail }),
      retryable: true,
      retryAfterMs: retryAfter(error.headers),
    };
  }
  if (status !== undefined && status >= 500) {
    return { ...turnMessage('server-error', { status: String(status), detail }), retryable: true };
  }
  // Groq checks the calls its model wrote and refuses the whole reply when one cannot be read (a 400
  // before the stream, or an error inside it): a new sample usually comes out right, so it is asked again.
  if (error.code === 'tool_use_failed') {
    return { ...turnMessage('tool-call-unreadable', { detail }), retryable: true, ...(status ? { status } : {}) };
  }
  if (status === 400) return { ...turnMessage('request-rejected', { status: '400', detail }), retryable: false };
  return {
    ...turnMessage('server-answered', { ...(status !== undefined ? { status: String(status) } : {}), detail }),
    retryable: false,
  };
}

/**
 * What a server said, as a person reads it: a web page (a proxy's or a login page's error) by its
 * title, a long text by its start.
 */
function ownWords(text: string): string {
  if (/^\s*<(!doctype|html|head|body)/i.test(text)) return pageTitle(text) || 'an HTML page';
  return excerpt(text, 600);
}
