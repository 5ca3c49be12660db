/**
 * Tavily: `POST <TAVILY_API_URL>/search` with `{query, max_results, search_depth: "basic"}` and the
 * key as a bearer token. Errors: 401 bad key, 429 rate limit (with retry-after), 432 plan limit,
 * 433 pay-as-you-go limit; the body says `{detail: {error}}` or `{error}`.
 */
import { below, requestJson, retryAfter, serviceUrl, unexpectedAnswer, type HttpAnswer } from './http-json.js';
import { hits, type SearchReport, type SearchRequest } from './search-types.js';

const SERVICE = 'Tavily';
export const TAVILY_API_URL = 'https://api.tavily.com';

export async function tavilySearch(request: SearchRequest): Promise<SearchReport> {
  const base = serviceUrl(request.env.TAVILY_API_URL || TAVILY_API_URL, 'TAVILY_API_URL');
  const url = below(base, 'search');
  const answer = await requestJson({
    service: SERVICE,
    url,
    method: 'POST',
    json: { query: request.query, max_results: request.maxResults, search_depth: 'basic' },
    headers: { authorization: `Bearer ${request.env.TAVILY_API_KEY}` },
    signal: request.signal,
    timeoutMs: request.timeoutMs,
    setting: 'TAVILY_API_URL',
  });
  const problem = tavilyProblem(url, answer);
  if (problem) throw new Error(problem);
  const body = answer.json as { answer?: unknown; results?: unknown };
  return {
    query: request.query,
    ...(typeof body.answer === 'string' && body.answer.trim() ? { answer: body.answer.trim() } : {}),
    results: hits(body.results, request.maxResults, 'content'),
    source: SERVICE,
  };
}

/** The message in a Tavily error body: `{detail: {error}}`, `{detail: "…"}` or `{error}`. */
function said(answer: HttpAnswer): string {
  const body = answer.json as { detail?: unknown; error?: unknown } | undefined;
  const detail = body?.detail as { error?: unknown } | string | undefined;
  const text =
    typeof detail === 'string'
      ? detail
      : typeof detail?.error === 'string'
        ? detail.error
        : typeof body?.error === 'string'
          ? body.error
          : '';
  return text ? `: ${text}` : '';
}

export function tavilyProblem(url: URL, answer: HttpAnswer): string | undefined {
  const { status } = answer;
  if (status === 200) {
    const body = answer.json as { results?: unknown } | undefined;
    return Array.isArray(body?.results) ? undefined : unexpectedAnswer(SERVICE, url, answer);
  }
  switch (status) {
    case 400:
      return `Tavily rejected the search (400${said(answer)})`;
    case 401:
    case 403:
      return `Tavily refused the API key (${status}${said(answer)}): check TAVILY_API_KEY (app.tavily.com → API Keys)`;
    case 429:
      return `Tavily's rate limit is reached (429)${retryAfter(answer)}`;
    case 432:
      return `Tavily: this search exceeds the plan's usage limit (432${said(answer)}); upgrade the plan at app.tavily.com, or set SEARXNG_URL to search through SearXNG`;
    case 433:
      return `Tavily: this search exceeds the pay-as-you-go limit (433${said(answer)}); raise the limit at app.tavily.com`;
    case 404:
      return `Tavily has no search API at ${url.origin} (404); check TAVILY_API_URL`;
  }
  if (status >= 500) return `Tavily had a server error (HTTP ${status}); try again later`;
  return unexpectedAnswer(SERVICE, url, answer);
}
