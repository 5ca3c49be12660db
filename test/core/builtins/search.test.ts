import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { NOT_CONFIGURED, searchWeb } from '../../../src/core/builtins/search.js';
import { builtinWorld, type BuiltinWorld } from '../../helpers/builtin-world.js';
import { closedPort, startStandIn, type StandIn } from '../../helpers/http-stand-in.js';
import { searxngRoute, tavilyError, tavilyRoute } from '../../helpers/provider-shapes.js';

const KEY = 'tvly-test-9c1e';

let world: BuiltinWorld;
let tavily: StandIn;
let searxng: StandIn;

beforeAll(async () => {
  world = await builtinWorld();
  tavily = await startStandIn(tavilyRoute());
  searxng = await startStandIn(searxngRoute());
});
afterAll(async () => {
  await tavily.close();
  await searxng.close();
  await world.close();
});
afterEach(() => {
  tavily.received.length = 0;
  searxng.received.length = 0;
  tavily.route(tavilyRoute());
  searxng.route(searxngRoute());
});

const search = (params: Record<string, unknown>) => world.call('search_web', params);
const useTavily = (extra: Record<string, string> = {}) =>
  world.configure('search_web', { TAVILY_API_KEY: KEY, TAVILY_API_URL: tavily.url, ...extra });
const useSearxng = (url = searxng.url) => world.configure('search_web', { SEARXNG_URL: url });

describe('search_web', () => {
  it('is not called without TAVILY_API_KEY or SEARXNG_URL, and says to set one', async () => {
    world.configure('search_web', {});
    const outcome = await world.runtime.caller.call({ name: 'search_web', params: { query: 'iAs' }, source: 'chat' });
    expect(outcome.status).toBe('error');
    expect(outcome.result.error).toBe(
      'search_web is not configured yet: set TAVILY_API_KEY or SEARXNG_URL in Skills → search_web → Settings, ' +
        'or run `ias skills config search_web TAVILY_API_KEY=-` (it asks for the secret unseen, or reads it from stdin)',
    );
    expect(world.runtime.store.audit.get(outcome.auditId)).toMatchObject({ status: 'failed' });
    expect(tavily.received).toHaveLength(0);
    expect(searxng.received).toHaveLength(0);
    // The handler says the same on its own when it is called without either.
    await expect(searchWeb({ query: 'iAs' }, world.context('search_web', {}))).rejects.toThrow(NOT_CONFIGURED);
  });

  it('searches with Tavily: POST /search, the key as a bearer token, results as title, url and snippet', async () => {
    useTavily();
    const result = await search({ query: 'iAs assistant', max_results: 2 });
    expect(tavily.received).toHaveLength(1);
    const sent = tavily.received[0]!;
    expect(sent).toMatchObject({ method: 'POST', path: '/search' });
    expect(sent.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(sent.headers['content-type']).toBe('application/json');
    expect(sent.json).toEqual({ query: 'iAs assistant', max_results: 2, search_depth: 'basic' });
    expect(result).toMatchObject({
      success: true,
      data: {
        query: 'iAs assistant',
        source: 'Tavily',
        results: [
          {
            title: 'iAs — a desktop assistant',
            url: 'https://example.com/ias',
            snippet: 'iAs lives in the system tray and acts through skills. It asks before risky actions.',
          },
          { title: 'Skills', url: 'https://example.com/skills', snippet: 'A skill is a folder with a SKILL.md.' },
        ],
      },
    });
    expect(result.data).not.toHaveProperty('answer');
    expect(searxng.received).toHaveLength(0);
  });

  it("passes on Tavily's answer, and asks for 5 results by default", async () => {
    useTavily();
    tavily.route(() => ({ json: { query: 'q', answer: 'Forty-two.', results: [], response_time: 0.5, images: [] } }));
    const result = await search({ query: 'meaning of life' });
    expect((tavily.received[0]!.json as { max_results: number }).max_results).toBe(5);
    expect(result.data).toEqual({ query: 'meaning of life', answer: 'Forty-two.', results: [], source: 'Tavily' });
  });

  it("turns Tavily's 401, 429, 432 and 433 into what to do, never showing the key", async () => {
    useTavily();
    const cases: [ReturnType<typeof tavilyError>, string][] = [
      [
        tavilyError(401, 'Unauthorized: missing or invalid API key.'),
        'Tavily refused the API key (401: Unauthorized: missing or invalid API key.): check TAVILY_API_KEY (app.tavily.com → API Keys)',
      ],
      [
        tavilyError(429, 'Your request has been blocked due to excessive requests.', { 'retry-after': '60' }),
        "Tavily's rate limit is reached (429); try again in 60 s",
      ],
      [
        tavilyError(432, "This request exceeds your plan's set usage limit."),
        "Tavily: this search exceeds the plan's usage limit (432: This request exceeds your plan's set usage limit.); upgrade the plan at app.tavily.com, or set SEARXNG_URL to search through SearXNG",
      ],
      [
        tavilyError(433, 'This request exceeds the pay-as-you-go limit.'),
        'Tavily: this search exceeds the pay-as-you-go limit (433: This request exceeds the pay-as-you-go limit.); raise the limit at app.tavily.com',
      ],
      [{ status: 502, text: '<html>Bad Gateway</html>' }, 'Tavily had a server error (HTTP 502); try again later'],
    ];
    for (const [reply, message] of cases) {
      tavily.route(() => reply);
      const result = await search({ query: 'x' });
      expect(result).toMatchObject({ success: false, error: message });
      expect(result.error).not.toContain(KEY);
    }
  });

  it('searches a SearXNG instance: GET /search?q=…&format=json, at most max_results', async () => {
    useSearxng();
    const result = await search({ query: 'wake on lan', max_results: 2 });
    expect(searxng.received).toHaveLength(1);
    expect(searxng.received[0]).toMatchObject({
      method: 'GET',
      path: '/search',
      query: { q: 'wake on lan', format: 'json' },
    });
    expect(result.data).toEqual({
      query: 'wake on lan',
      results: [
        { title: 'First', url: 'https://example.org/a', snippet: 'The first result.' },
        { title: 'Second', url: 'https://example.org/b', snippet: 'The second result.' },
      ],
      source: 'SearXNG',
    });
  });

  it('finds the instance under a path, written with or without /search, and names a result without title by its URL', async () => {
    searxng.route(searxngRoute({ prefix: '/searx' }));
    for (const url of [`${searxng.url}/searx`, `${searxng.url}/searx/search/`]) {
      useSearxng(url);
      const result = await search({ query: 'x', max_results: 10 });
      expect(result.success).toBe(true);
      expect((result.data as { results: { title: string }[] }).results[2]).toEqual({
        title: 'https://example.org/c',
        url: 'https://example.org/c',
        snippet: '',
      });
    }
    expect(searxng.received.map((r) => r.path)).toEqual(['/searx/search', '/searx/search']);
  });

  it('says exactly what to change when the instance does not allow JSON (403)', async () => {
    useSearxng();
    searxng.route(searxngRoute({ jsonEnabled: false }));
    const result = await search({ query: 'x' });
    expect(result.error).toBe(
      `the SearXNG instance at ${searxng.url} refused JSON output (403 Forbidden): it must enable \`json\` in ` +
        '`search.formats` of its settings.yml (formats: [html, json]) and be restarted',
    );
  });

  it('leaves out a word its answer excerpt would cut: a key the service echoed shows no part of itself', async () => {
    useTavily();
    // The key starts 6 characters before the excerpt's 200-character cut.
    const body = `${'a'.repeat(193)} ${KEY} and more`;
    tavily.route(() => ({ text: body, contentType: 'text/plain' }));
    const outcome = await world.runtime.caller.call({ name: 'search_web', params: { query: 'x' }, source: 'chat' });
    const error = String(outcome.result.error);
    expect(error).toContain(`${'a'.repeat(193)} …`);
    expect(error).not.toContain(KEY.slice(0, 4));
  });

  it('says when the address is not a SearXNG instance or nothing listens there', async () => {
    useSearxng(`${searxng.url}/`);
    searxng.route(() => ({ text: '<html>a blog</html>', contentType: 'text/html' }));
    expect((await search({ query: 'x' })).error).toBe(
      `SearXNG at ${searxng.url} answered HTTP 200 with something that is not JSON: <html>a blog</html>; is SEARXNG_URL the address of a SearXNG instance?`,
    );
    const port = await closedPort();
    useSearxng(`http://127.0.0.1:${port}`);
    expect((await search({ query: 'x' })).error).toBe(
      `could not connect to SearXNG at http://127.0.0.1:${port}: the connection was refused (nothing is listening there); check SEARXNG_URL and that the service is running`,
    );
  });

  it('falls back to SearXNG when Tavily cannot search, and says both failures when neither can', async () => {
    world.configure('search_web', { TAVILY_API_KEY: KEY, TAVILY_API_URL: tavily.url, SEARXNG_URL: searxng.url });
    tavily.route(() => tavilyError(432, 'Plan limit.'));
    const result = await search({ query: 'fallback', max_results: 1 });
    expect(result).toMatchObject({
      success: true,
      data: {
        source: 'SearXNG',
        results: [{ url: 'https://example.org/a' }],
        note: expect.stringMatching(/^Tavily failed \(Tavily: this search exceeds the plan's usage limit \(432/),
      },
    });
    expect([tavily.received.length, searxng.received.length]).toEqual([1, 1]);
    searxng.route(searxngRoute({ jsonEnabled: false }));
    const both = await search({ query: 'fallback' });
    expect(both.error).toMatch(/^Tavily: .*\(432.*; SearXNG failed too: the SearXNG instance .* refused JSON output/);
  });

  it('gives up on Tavily when it does not answer, saying so', async () => {
    tavily.route(() => ({ hang: true }));
    const context = world.context('search_web', { TAVILY_API_KEY: KEY, TAVILY_API_URL: tavily.url });
    await expect(searchWeb({ query: 'slow' }, context, { requestTimeoutMs: 300 })).rejects.toThrow(
      `Tavily (${tavily.url}) did not answer within 0.3 s; try again later`,
    );
  });

  it('stops at once when the call is stopped', async () => {
    tavily.route(() => ({ hang: true }));
    const stop = new AbortController();
    const context = world.context('search_web', { TAVILY_API_KEY: KEY, TAVILY_API_URL: tavily.url }, stop.signal);
    const running = searchWeb({ query: 'slow' }, context);
    await vi.waitFor(() => expect(tavily.received).toHaveLength(1), { timeout: 10_000 });
    stop.abort(new Error('cancelled'));
    await expect(running).rejects.toThrow('cancelled');
  });
});
