/** The shapes shared by search_web and its providers (Tavily, SearXNG). */

export interface SearchRequest {
  query: string;
  /** 1–10 */
  maxResults: number;
  env: Record<string, string>;
  signal: AbortSignal;
  /** Per request; tests shorten it. */
  timeoutMs?: number;
}

export interface SearchHit {
  title: string;
  url: string;
  snippet: string;
}

export interface SearchReport {
  query: string;
  /** A short answer, when the provider gives one (Tavily's `answer`, SearXNG's `answers`). */
  answer?: string;
  results: SearchHit[];
  source: 'Tavily' | 'SearXNG';
  /** Something the owner should know about these results (a fallback, engines that failed). */
  note?: string;
}

const SNIPPET_CHARS = 500;

/** A snippet as one line of at most 500 characters. */
export function snippet(text: unknown): string {
  const t = typeof text === 'string' ? text.replace(/\s+/g, ' ').trim() : '';
  return t.length > SNIPPET_CHARS ? `${t.slice(0, SNIPPET_CHARS)}…` : t;
}

/** Results with a URL, as {title, url, snippet}. */
export function hits(results: unknown, max: number, textField: string): SearchHit[] {
  if (!Array.isArray(results)) return [];
  return results
    .filter((r): r is Record<string, unknown> => !!r && typeof r === 'object' && typeof r.url === 'string')
    .slice(0, max)
    .map((r) => ({
      title: typeof r.title === 'string' && r.title.trim() ? r.title.trim() : (r.url as string),
      url: r.url as string,
      snippet: snippet(r[textField]),
    }));
}
