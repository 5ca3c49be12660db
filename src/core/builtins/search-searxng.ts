/**
 * SearXNG: `GET <SEARXNG_URL>/search?q=…&format=json`. An instance answers 403 when JSON is not
 * among its `search.formats`, and 429 when its limiter turns the request away.
 */
import { below, requestJson, retryAfter, serviceUrl, unexpectedAnswer, type HttpAnswer } from './http-json.js';
import { hits, type SearchReport, type SearchRequest } from './search-types.js';

const SERVICE = 'SearXNG';

/** The instance's root: SEARXNG_URL may be written with or without `/search`. */
export function searxngBase(value: string): URL {
  const url = serviceUrl(value, 'SEARXNG_URL');
  url.pathname = url.pathname.replace(/\/search\/?$/, '/');
  url.search = '';
  return url;
}

export async function searxngSearch(request: SearchRequest): Promise<SearchReport> {
  const url = below(searxngBase(request.env.SEARXNG_URL!), 'search', { q: request.query, format: 'json' });
  const answer = await requestJson({
    service: SERVICE,
    url,
    signal: request.signal,
    timeoutMs: request.timeoutMs,
    setting: 'SEARXNG_URL',
  });
  const problem = searxngProblem(url, answer);
  if (problem) throw new Error(problem);
  const body = answer.json as { results?: unknown; answers?: unknown; unresponsive_engines?: unknown };
  const results = hits(body.results, request.maxResults, 'content');
  const answers = Array.isArray(body.answers) ? body.answers : [];
  const first = answers[0] as string | { answer?: unknown } | undefined;
  const answerText = typeof first === 'string' ? first : typeof first?.answer === 'string' ? first.answer : '';
  const failed = Array.isArray(body.unresponsive_engines)
    ? body.unresponsive_engines.map((e) => (Array.isArray(e) ? `${e[0]} (${e[1]})` : String(e)))
    : [];
  return {
    query: request.query,
    ...(answerText ? { answer: answerText } : {}),
    results,
    source: SERVICE,
    ...(results.length === 0 && failed.length > 0
      ? { note: `no results; these search engines of the instance did not answer: ${failed.join(', ')}` }
      : {}),
  };
}

export function searxngProblem(url: URL, answer: HttpAnswer): string | undefined {
  const { status } = answer;
  if (status === 403) {
    return (
      `the SearXNG instance at ${url.origin} refused JSON output (403 Forbidden): it must enable \`json\` in ` +
      '`search.formats` of its settings.yml (formats: [html, json]) and be restarted'
    );
  }
  if (status === 429) {
    return `the SearXNG instance at ${url.origin} turned the request away (429 Too Many Requests, its limiter)${retryAfter(answer)}; on your own instance, turn \`server.limiter\` off or allow this computer`;
  }
  if (status === 404) return `there is no SearXNG search at ${url.origin}${url.pathname} (404); check SEARXNG_URL`;
  if (status >= 500)
    return `the SearXNG instance at ${url.origin} had a server error (HTTP ${status}); try again later`;
  const body = answer.json as { results?: unknown } | undefined;
  if (status !== 200 || !Array.isArray(body?.results)) {
    return `${unexpectedAnswer(SERVICE, url, answer)}; is SEARXNG_URL the address of a SearXNG instance?`;
  }
  return undefined;
}
