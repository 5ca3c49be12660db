/**
 * search_web: a web search through Tavily when TAVILY_API_KEY is set, else through the SearXNG
 * instance at SEARXNG_URL. With both set, SearXNG answers when Tavily cannot.
 */
import type { RequestOptions } from './http-json.js';
import type { BuiltinContext } from './index.js';
import { searxngSearch } from './search-searxng.js';
import { tavilySearch } from './search-tavily.js';
import type { SearchReport, SearchRequest } from './search-types.js';

export const DEFAULT_MAX_RESULTS = 5;
const MAX_RESULTS = 10;

export const NOT_CONFIGURED =
  'search_web has no search service: set TAVILY_API_KEY (a Tavily API key from app.tavily.com) or SEARXNG_URL ' +
  '(the address of a SearXNG instance with JSON output enabled) in Skills → search_web → Settings';

export async function searchWeb(
  params: Record<string, unknown>,
  context: BuiltinContext,
  options: RequestOptions = {},
): Promise<SearchReport> {
  const query = typeof params.query === 'string' ? params.query.trim() : '';
  if (!query) throw new Error('say what to search for: "query" is empty');
  const asked = Math.trunc(Number(params.max_results ?? DEFAULT_MAX_RESULTS));
  const maxResults = Number.isFinite(asked) ? Math.min(MAX_RESULTS, Math.max(1, asked)) : DEFAULT_MAX_RESULTS;
  const request: SearchRequest = {
    query,
    maxResults,
    env: context.env,
    signal: context.signal,
    timeoutMs: options.requestTimeoutMs,
  };
  const { TAVILY_API_KEY, SEARXNG_URL } = context.env;
  if (!TAVILY_API_KEY && !SEARXNG_URL) throw new Error(NOT_CONFIGURED);
  if (!TAVILY_API_KEY) return searxngSearch(request);
  try {
    return await tavilySearch(request);
  } catch (err) {
    if (!SEARXNG_URL || context.signal.aborted) throw err;
    const tavily = (err as Error).message;
    try {
      const report = await searxngSearch(request);
      const note = [`Tavily failed (${tavily}); these results come from SearXNG`, report.note].filter(Boolean);
      return { ...report, note: note.join('; ') };
    } catch (second) {
      throw new Error(`${tavily}; SearXNG failed too: ${(second as Error).message}`);
    }
  }
}
