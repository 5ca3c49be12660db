/**
 * HTTP requests from built-in skills to outside services (weather, search). Every way such a
 * request can fail — a bad address, DNS, a refused connection, TLS, no answer in time — becomes
 * an Error whose message says what happened and what to check, in words a model can pass on.
 * Messages name the service and its origin, never the query string (it may carry a key). A
 * redirect is followed only within the service's own address: the key goes nowhere else.
 */

/** How long one request may take before it is given up (the skill's own timeout is longer). */
export const REQUEST_TIMEOUT_MS = 10_000;

/** What a test may change in a handler's requests. */
export interface RequestOptions {
  /** Per request (tests shorten it); REQUEST_TIMEOUT_MS by default. */
  requestTimeoutMs?: number;
}

export interface HttpRequest {
  /** The service as the owner knows it: "QWeather", "Open-Meteo", "Tavily", "SearXNG". */
  service: string;
  url: URL;
  /** The call's signal: aborted when the skill times out or the owner stops it. */
  signal: AbortSignal;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Sent as JSON. */
  json?: unknown;
  timeoutMs?: number;
  /** The setting that holds this service's address, named in messages about reaching it. */
  setting?: string;
}

export interface HttpAnswer {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body, or undefined when it is not JSON. */
  json: unknown;
}

/**
 * Reads a setting that holds a web address; a bare host ("abc.example.com") is taken as https.
 * Throws, naming the setting, when it is not an http(s) address.
 */
export function serviceUrl(value: string, setting: string): URL {
  const text = value.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new Error(`${setting} "${value}" is not a web address: write it as https://host or http://host:port`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${setting} "${value}" must start with http:// or https://`);
  }
  return url;
}

/** `base` plus a path below it, keeping any path prefix of the base (a reverse proxy's, say). */
export function below(base: URL, relative: string, query: Record<string, string | number> = {}): URL {
  const root = new URL(base.href);
  root.search = '';
  root.hash = '';
  if (!root.pathname.endsWith('/')) root.pathname += '/';
  const url = new URL(relative.replace(/^\/+/, ''), root);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, String(v));
  return url;
}

/**
 * The most an answer may be: an API's answer is some kilobytes; past this the service is not what
 * it should be, and reading on would only fill the memory.
 */
export const MAX_ANSWER_BYTES = 5 * 1024 * 1024;

/** The most redirects followed within a service's own address. */
const MAX_REDIRECTS = 5;

/**
 * Whether a redirect from `from` may be followed to `to`: within the same origin, or from http to
 * https on the same host. Anywhere else would be sent the key (in a header or the query) and the
 * query of a service the owner never named.
 */
const sameService = (from: URL, to: URL): boolean =>
  to.origin === from.origin || (from.protocol === 'http:' && to.protocol === 'https:' && to.hostname === from.hostname);

export async function requestJson(request: HttpRequest): Promise<HttpAnswer> {
  const { service, url } = request;
  const limitMs = request.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(limitMs);
  const signal = AbortSignal.any([request.signal, timeout]);
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  if (request.json !== undefined) headers['content-type'] = 'application/json';
  let method = request.method ?? 'GET';
  let body = request.json === undefined ? undefined : JSON.stringify(request.json);
  let at = withoutCredentials(url, headers);
  try {
    for (let redirects = 0; ; redirects++) {
      const response = await fetch(at, { method, headers, body, signal, redirect: 'manual' });
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || location === null) {
        const text = await cappedText(request, response);
        return { status: response.status, headers: response.headers, text, json: parseJson(text) };
      }
      await response.body?.cancel();
      const next = new URL(location, at);
      if (!sameService(at, next)) throw new AnswerError(redirectedAway(request, at, next));
      if (redirects === MAX_REDIRECTS) {
        throw new AnswerError(`${service} (${url.origin}) redirected the request more than ${MAX_REDIRECTS} times`);
      }
      // As fetch does: a 303, or a 301 or 302 of a POST, is followed with a GET without a body.
      if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
        delete headers['content-type'];
      }
      at = next;
    }
  } catch (err) {
    if (err instanceof AnswerError) throw err;
    if (request.signal.aborted) throw request.signal.reason instanceof Error ? request.signal.reason : err;
    if (timeout.aborted) {
      throw new Error(`${service} (${url.origin}) did not answer within ${limitMs / 1000} s; try again later`);
    }
    throw new Error(networkProblem(request, err));
  }
}

/**
 * `url` without the user and password written in it (https://user:pass@host, as curl takes a
 * private instance's address), which are sent as basic authentication instead: fetch refuses such
 * a URL, and its refusal quotes it whole.
 */
function withoutCredentials(url: URL, headers: Record<string, string>): URL {
  if (!url.username && !url.password) return url;
  const user = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
  headers.authorization ??= `Basic ${Buffer.from(user).toString('base64')}`;
  const bare = new URL(url.href);
  bare.username = '';
  bare.password = '';
  return bare;
}

/** What the service answered is the problem (not reaching it): said as it is. */
class AnswerError extends Error {}

/** The body as text, read up to MAX_ANSWER_BYTES; throws past it. */
async function cappedText(request: HttpRequest, response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    bytes += value.byteLength;
    if (bytes > MAX_ANSWER_BYTES) {
      await reader.cancel().catch(() => undefined);
      const check = request.setting ? `check ${request.setting}` : 'check the address';
      throw new AnswerError(
        `${request.service} (${request.url.origin}) sent more than ${MAX_ANSWER_BYTES / 1024 / 1024} MB, far more than an answer of its API; ${check}`,
      );
    }
    text += decoder.decode(value, { stream: true });
  }
}

function redirectedAway(request: HttpRequest, from: URL, to: URL): string {
  const set = request.setting ? `set ${request.setting} to it` : 'use that address';
  return `${request.service} (${from.origin}) redirected the request to another address (${to.origin}); nothing was sent there: if that is the service's address now, ${set}`;
}

function parseJson(text: string): unknown {
  const t = text.trim();
  if (!t.startsWith('{') && !t.startsWith('[')) return undefined;
  try {
    return JSON.parse(t) as unknown;
  } catch {
    return undefined;
  }
}

/** The system error code behind a failed fetch (`ECONNREFUSED`, `ENOTFOUND`…). */
function errorCode(err: unknown): string | undefined {
  let e = err as { code?: unknown; cause?: unknown; errors?: unknown[] } | undefined;
  for (let depth = 0; e && depth < 5; depth++) {
    if (typeof e.code === 'string' && e.code !== 'UND_ERR') return e.code;
    if (Array.isArray(e.errors) && e.errors.length > 0) return errorCode(e.errors[0]);
    e = e.cause as typeof e;
  }
  return undefined;
}

function deepestMessage(err: unknown): string {
  let e = err as { message?: string; cause?: unknown } | undefined;
  let message = String((e && e.message) ?? err);
  while (e?.cause) {
    e = e.cause as typeof e;
    if (e?.message) message = e.message;
  }
  return message;
}

function networkProblem(request: HttpRequest, err: unknown): string {
  const { service, url } = request;
  const check = request.setting ? `check ${request.setting}` : 'check the address';
  const code = errorCode(err);
  switch (code) {
    case 'ECONNREFUSED':
      return `could not connect to ${service} at ${url.origin}: the connection was refused (nothing is listening there); ${check} and that the service is running`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
      return `could not find the host ${url.hostname} of ${service} (DNS lookup failed); ${check} and this computer's internet connection`;
    case 'ECONNRESET':
    case 'EPIPE':
    case 'UND_ERR_SOCKET':
      return `${service} (${url.origin}) closed the connection before answering; try again later`;
    case 'ETIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
      return `could not connect to ${service} at ${url.origin} in time; check this computer's internet connection or proxy`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `${service} at ${url.origin} cannot be reached from this computer (no route to the host); check the network`;
  }
  // What came back was no TLS at all: a plain http server (an address written without its scheme is https).
  if (code === 'ERR_SSL_WRONG_VERSION_NUMBER' || code === 'ERR_SSL_PACKET_LENGTH_TOO_LONG') {
    const plain = request.setting ? `start ${request.setting} with http://` : 'use an http:// address';
    return `${service} at ${url.origin} did not answer in https (plain http, perhaps); if it is served over plain http, ${plain}`;
  }
  if (code && /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY/i.test(code)) {
    return `the TLS certificate of ${service} at ${url.origin} was not accepted (${code}); ${check}`;
  }
  return `could not reach ${service} at ${url.origin}: ${deepestMessage(err)}`;
}

/**
 * A short, single-line excerpt of a body for messages. A word the cut would split is left out
 * whole: a key the server echoed, cut there, would show a part that secret hiding cannot match.
 */
export function excerpt(text: string, max = 200): string {
  const t = text.replace(/\s+/g, ' ').trim();
  if (t.length <= max) return t;
  const cut = /[\w-]/.test(t[max]!) ? t.slice(0, max).replace(/[\w-]+$/, '') : t.slice(0, max);
  return `${cut}…`;
}

/** "; try again in 30 s" when the answer carries a Retry-After in seconds. */
export function retryAfter(answer: HttpAnswer): string {
  const value = answer.headers.get('retry-after');
  const secs = value === null ? NaN : Number(value);
  return Number.isFinite(secs) && secs >= 0 ? `; try again in ${secs} s` : '; try again later';
}

/** What to say about an answer that is not what the service should send. */
export function unexpectedAnswer(service: string, url: URL, answer: HttpAnswer): string {
  const body = excerpt(answer.text);
  const what = answer.json === undefined ? 'something that is not JSON' : 'JSON of an unknown shape';
  return `${service} at ${url.origin} answered HTTP ${answer.status} with ${what}${body ? `: ${body}` : ''}`;
}
