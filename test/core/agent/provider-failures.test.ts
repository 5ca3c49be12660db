import net from 'node:net';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { describeProviderError } from '../../../src/core/agent/provider-errors.js';
import type { AgentEvent } from '../../../src/core/agent/agent.js';
import { agentWorld, scriptedProvider, testAgent, type AgentWorld } from '../../helpers/agent.js';
import { closedPort } from '../../helpers/http-stand-in.js';
import { scriptSkill, writeSkill } from '../../helpers/temp.js';

let w: AgentWorld | undefined;
afterEach(async () => {
  await w?.shutdown();
  w = undefined;
});

describe('provider failures become clear messages, with retries where they help', () => {
  it('401: the key was refused, said plainly, not retried', async () => {
    w = await agentWorld();
    w.server.enqueue({ status: 401, errorMessage: 'Incorrect API key provided' });
    const turn = await w.agent.send('hi');
    expect(turn.error).toMatch(/refused the API key \(401\)/);
    expect(turn.error).toMatch(/IAS_LLM_API_KEY/);
    expect(w.server.requests).toHaveLength(1);
    expect(w.events.at(-1)).toMatchObject({ type: 'error' });
  });

  it('429 with retry-after: waits as asked, then succeeds', async () => {
    w = await agentWorld();
    w.server.enqueue({ status: 429, headers: { 'retry-after': '0.3' } }, { content: 'after the wait' });
    const started = Date.now();
    const turn = await w.agent.send('hi');
    expect(turn).toMatchObject({ reply: 'after the wait' });
    expect(turn.error).toBeUndefined();
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(w.events.find((e) => e.type === 'retry')).toMatchObject({ delayMs: 300 });
  });

  it('429 with a retry-after below zero: waits the usual back-off, never a negative time', async () => {
    w = await agentWorld();
    w.server.enqueue(
      { status: 429, headers: { 'retry-after': '-5' } },
      { status: 429, headers: { 'retry-after-ms': '-100' } },
      { content: 'after the wait' },
    );
    const turn = await w.agent.send('hi');
    expect(turn).toMatchObject({ reply: 'after the wait' });
    const waits = w.events.flatMap((e) => (e.type === 'retry' ? [e.delayMs] : []));
    expect(waits).toEqual([500, 1000]);
  });

  it('429 asking for a long wait: gives up at once and says when to try again', async () => {
    w = await agentWorld();
    w.server.enqueue({ status: 429, headers: { 'retry-after': '120' } });
    const turn = await w.agent.send('hi');
    expect(turn.error).toMatch(/rate-limiting.*Try again in 120 s/);
    expect(w.server.requests).toHaveLength(1);
  });

  it('5xx: retried, then a clear message when it persists', async () => {
    w = await agentWorld({ agent: { retries: 2 } });
    w.server.enqueue({ status: 503 }, { content: 'recovered' });
    expect((await w.agent.send('hi')).reply).toBe('recovered');
    w.server.enqueue({ status: 500 }, { status: 500 }, { status: 500 });
    const turn = await w.agent.send('again');
    expect(turn.error).toMatch(/had an error \(500\)/);
    expect(w.server.requests).toHaveLength(5);
  });

  it("Groq's tool_use_failed (a call its model wrote that it could not read) is asked again, then said", async () => {
    w = await agentWorld({ agent: { retries: 2 } });
    const message = "Failed to call a function. Please adjust your prompt. See 'failed_generation' for more details.";
    const refused = {
      status: 400,
      errorBody: {
        error: {
          message,
          type: 'invalid_request_error',
          code: 'tool_use_failed',
          failed_generation: '<function=get_time{"zone": "UTC"}</function>',
        },
      },
    };
    // Refused before the stream began, or inside it (as Groq's streams do).
    const inStream = {
      errorInStream: { afterChunks: 0, code: 'tool_use_failed', type: 'invalid_request_error', message },
    };
    w.server.enqueue(refused, inStream, { content: 'recovered' });
    const turn = await w.agent.send('hi');
    expect(turn.error).toBeUndefined();
    expect(turn.reply).toBe('recovered');
    const retries = w.events.filter((e) => e.type === 'retry').map((e) => (e as { message: string }).message);
    expect(retries).toEqual([
      `The model wrote a tool call its provider could not read, so the provider dropped the reply: ${message} (<function=get_time{"zone": "UTC"}</function>).`,
      `The model wrote a tool call its provider could not read, so the provider dropped the reply: ${message}`,
    ]);

    w.server.enqueue(refused, refused, refused);
    const again = await w.agent.send('again', { conversationId: turn.conversationId });
    expect(again.errorCode).toMatchObject({ code: 'tool-call-unreadable' });
    expect(w.server.requests).toHaveLength(6);
  });

  it('a stream cut before any text is retried; one cut mid-reply keeps the text and says so', async () => {
    w = await agentWorld();
    w.server.enqueue({ content: 'never shown', cutAfterChunks: 0 }, { content: 'second try' });
    expect((await w.agent.send('hi')).reply).toBe('second try');
    w.server.enqueue({ content: 'This reply will be cut somewhere in the middle', chunkSize: 5, cutAfterChunks: 3 });
    const turn = await w.agent.send('long answer please');
    expect(turn.error).toMatch(/dropped mid-reply/);
    expect(turn.reply.length).toBeGreaterThan(0);
    expect('This reply will be cut somewhere in the middle'.startsWith(turn.reply)).toBe(true);
    expect(w.server.requests).toHaveLength(3);
  });

  it('a reply cut while it asked for tools keeps its text; its half-written calls are not kept and run nothing', async () => {
    w = await agentWorld();
    w.server.enqueue({
      content: 'Let me check.',
      toolCalls: [{ id: 'call_cut', name: 'read_only', arguments: '{"path": "/some/long/path/to/a/file"}' }],
      chunkSize: 4,
      cutAfterChunks: 6,
    });
    const turn = await w.agent.send('check it');
    expect(turn.error).toMatch(/dropped mid-reply/);
    const stored = w.store.conversations.messages(turn.conversationId);
    expect(stored.map((m) => m.role)).toEqual(['user', 'assistant', 'system']);
    expect(stored[2]).toMatchObject({ shown: 'error', content: turn.error });
    expect(stored[1]!.toolCalls).toBeUndefined();
    expect(w.store.audit.query().rows).toEqual([]);
    // The next turn sends a history the provider accepts: no call left without its result.
    w.server.enqueue({ content: 'Checked.' });
    await w.agent.send('go on', { conversationId: turn.conversationId });
    const sent = w.server.requests.at(-1)!.body.messages as { role: string; tool_calls?: unknown }[];
    expect(sent.some((m) => m.tool_calls)).toBe(false);
  });

  it('a 404 from a base URL without /v1, or with /chat/completions, says how to write it', async () => {
    w = await agentWorld();
    const origin = w.server.url.replace(/\/v1$/, '');
    const at = (baseUrl: string) => testAgent(w!, baseUrl);
    const bare = await at(origin).send('hi');
    expect(bare.error).toMatch(/\(404\)/);
    expect(bare.error).toContain(`If the server's documentation gives a base URL ending in /v1, use ${origin}/v1.`);
    // A path of its own gets no /v1 hint (Gemini's is /v1beta/openai).
    const ownPath = await at(`${origin}/v1beta/openai`).send('hi');
    expect(ownPath.error).toMatch(/\(404\)/);
    expect(ownPath.error).not.toContain('/v1.');
    const pasted = await at(`${w.server.url}/chat/completions`).send('hi');
    expect(pasted.error).toContain(`should stop before /chat/completions: try ${w.server.url}.`);
    w.server.enqueue({ status: 404, errorMessage: 'The model `nope` does not exist' });
    const unknown = await w.agent.send('hi');
    expect(unknown.error).toMatch(/Check the model name and base URL\. The model `nope` does not exist/);
  });

  it("OpenRouter's refusal names what the provider behind it said", () => {
    const error = new OpenAI.APIError(
      400,
      {
        message: 'Provider returned error',
        code: 400,
        metadata: { raw: '{"error":{"message":"thought_signature missing"}}' },
      },
      undefined,
      new Headers(),
    );
    expect(describeProviderError(error, 'https://openrouter.ai/api/v1').message).toBe(
      'The model server rejected the request (400): Provider returned error ({"error":{"message":"thought_signature missing"}}).',
    );
  });

  it('a server that cannot be reached is named', async () => {
    const baseUrl = `http://127.0.0.1:${await closedPort()}/v1`;
    w = await agentWorld({ agent: { retries: 0, provider: () => scriptedProvider(baseUrl, 'm') } });
    const turn = await w.agent.send('hi');
    expect(turn.error).toContain(`Cannot reach the model server at ${baseUrl}`);
  });

  it('a port fetch never connects to is named as such, and not tried again', async () => {
    w = await agentWorld({ agent: { retries: 2, provider: () => scriptedProvider('http://127.0.0.1:6000/v1', 'm') } });
    const turn = await w.agent.send('hi');
    expect(turn.error).toBe(
      'Cannot reach the model server at http://127.0.0.1:6000/v1. Port 6000 is one that iAs (as every browser) never connects to, as it belongs to another protocol: run the model server on another port, such as 8000. (Connection error.)',
    );
    expect(w.events.filter((e) => e.type === 'retry')).toEqual([]);
  });

  it('a server that closes the connection unanswered: its line is a sentence, which the retry’s words follow', async () => {
    const hangsUp = net.createServer((socket) => socket.on('data', () => socket.destroy()));
    await new Promise<void>((resolve) => hangsUp.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(hangsUp.address() as net.AddressInfo).port}/v1`;
    try {
      w = await agentWorld({
        agent: {
          retries: 1,
          provider: () => scriptedProvider(baseUrl, 'm'),
        },
      });
      const turn = await w.agent.send('hi');
      const retry = w.events.find((e) => e.type === 'retry');
      // Not "…: other side closed Retrying in 0.5 s…".
      expect(retry).toMatchObject({
        message: expect.stringMatching(/^Cannot reach the model server at .+: \S.*[^.]\.$/),
      });
      expect(turn.error).toBe((retry as { message: string }).message);
    } finally {
      await new Promise<void>((resolve) => hangsUp.close(() => resolve()));
    }
  });

  it('localhost that led to IPv6 only, where nothing listens, names the 127.0.0.1 address to use', async () => {
    // A real refusal at [::1] (nothing listens there), as a system whose localhost is ::1 meets it.
    const port = await closedPort();
    const refused = (host: string) =>
      new Promise<Error>((resolve) => net.connect({ host, port }).on('error', (err) => resolve(err)));
    const refusal = await refused('::1');
    const error = new OpenAI.APIConnectionError({ cause: new TypeError('fetch failed', { cause: refusal }) });
    expect(describeProviderError(error, `http://localhost:${port}/v1`)).toMatchObject({
      message: `Cannot reach the model server at http://localhost:${port}/v1. localhost led to [::1]:${port} (IPv6), where nothing is listening; a server that listens on 127.0.0.1 only is reached at http://127.0.0.1:${port}/v1. (connect ECONNREFUSED ::1:${port})`,
      retryable: true,
    });
    // Both tried (as Node does for a name with both): nothing listens at all.
    const both = Object.assign(new AggregateError([refusal, await refused('127.0.0.1')]), {
      code: 'ECONNREFUSED',
    });
    const bothFailed = new OpenAI.APIConnectionError({ cause: new TypeError('fetch failed', { cause: both }) });
    expect(describeProviderError(bothFailed, `http://localhost:${port}/v1`).message).toContain(
      `Nothing is listening at localhost:${port}: is the server running`,
    );
  });

  it('the user can stop a turn mid-stream', async () => {
    w = await agentWorld();
    w.server.enqueue({ content: 'a slow reply that goes on and on', chunkSize: 2, chunkDelayMs: 50 });
    const controller = new AbortController();
    const turn = w.agent.send('talk slowly', { signal: controller.signal });
    setTimeout(() => controller.abort(), 200);
    const result = await turn;
    expect(result.stopped).toBe(true);
    expect(result.reply.length).toBeLessThan('a slow reply that goes on and on'.length);
    // Kept as stopped, for the owner (the model is never sent it).
    const stored = w.store.conversations.messages(result.conversationId);
    expect(stored.map((m) => [m.role, m.shown])).toEqual([
      ['user', undefined],
      ['assistant', undefined],
      ['system', 'stopped'],
    ]);
  });

  it('a turn stopped while its tools ran is kept as stopped', async () => {
    const controller = new AbortController();
    // Stopped once the call runs.
    const onEvent = (e: AgentEvent) => {
      if (e.type === 'tool-call') setTimeout(() => controller.abort(), 100);
    };
    w = await agentWorld({ agent: { onEvent } });
    writeSkill(w.system, 'slow', scriptSkill({ script: 'sleep 5; echo slow-result' }));
    w.registry.loadAll();
    w.server.enqueue({ toolCalls: [{ id: 'call_1', name: 'slow', arguments: '{}' }] });
    const result = await w.agent.send('check', { signal: controller.signal });
    expect(result).toMatchObject({ stopped: true, rounds: 1 });
    expect(w.server.requests).toHaveLength(1);
    const stored = w.store.conversations.messages(result.conversationId);
    expect(stored.map((m) => [m.role, m.shown])).toEqual([
      ['user', undefined],
      ['assistant', undefined],
      ['tool', undefined],
      ['system', 'stopped'],
    ]);
  });
});
