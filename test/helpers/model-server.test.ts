// The scripted model server, driven through the real `openai` client.
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from './model-server.js';

let server: ModelServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function setup(maxRetries = 0): Promise<{ server: ModelServer; client: OpenAI }> {
  server = await startModelServer();
  return { server, client: new OpenAI({ baseURL: server.url, apiKey: 'test', maxRetries }) };
}

const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [{ role: 'user', content: 'hi' }];

describe('model server', () => {
  it('streams text in several deltas that reassemble', async () => {
    const { server, client } = await setup();
    server.enqueue({ content: 'Hello there, owner! 👋', chunkSize: 5 });

    const stream = await client.chat.completions.create({ model: 'm1', messages, stream: true });
    const chunks: OpenAI.Chat.ChatCompletionChunk[] = [];
    for await (const chunk of stream) chunks.push(chunk);

    const pieces = chunks.map((c) => c.choices[0]?.delta.content).filter((p) => p !== undefined);
    expect(pieces.length).toBeGreaterThanOrEqual(4);
    expect(pieces.join('')).toBe('Hello there, owner! 👋');
    expect(chunks[0]?.choices[0]?.delta.role).toBe('assistant');
    expect(chunks.at(-1)?.choices[0]).toMatchObject({ delta: {}, finish_reason: 'stop' });
    expect(chunks.every((c) => c.object === 'chat.completion.chunk' && c.model === 'm1')).toBe(true);
    expect(chunks[0]?.id).toMatch(/^chatcmpl-/);
  });

  it('splits the arguments of two parallel tool calls over several chunks, as OpenAI does', async () => {
    const { server, client } = await setup();
    const weather = '{"city":"Paris","unit":"celsius"}';
    const broken = '{"path": "/tmp/x", oops';
    server.enqueue({
      toolCalls: [
        { id: 'call_1', name: 'get_weather', arguments: weather },
        { name: 'read_file', arguments: broken },
      ],
    });

    const stream = await client.chat.completions.create({ model: 'm', messages, stream: true });
    const calls: { id?: string; name?: string; arguments: string; chunks: number }[] = [];
    let finish: string | null | undefined;
    for await (const chunk of stream) {
      const choice = chunk.choices[0];
      finish = choice?.finish_reason ?? finish;
      for (const delta of choice?.delta.tool_calls ?? []) {
        const call = (calls[delta.index] ??= { arguments: '', chunks: 0 });
        if (delta.id) {
          expect(call.id).toBeUndefined(); // id and name only on the first chunk of a call
          expect(delta.type).toBe('function');
          call.id = delta.id;
          call.name = delta.function?.name;
        } else {
          expect(delta.function?.name).toBeUndefined();
        }
        call.arguments += delta.function?.arguments ?? '';
        call.chunks++;
      }
    }

    expect(finish).toBe('tool_calls');
    expect(calls).toHaveLength(2);
    expect(calls[0]).toMatchObject({ id: 'call_1', name: 'get_weather', arguments: weather });
    expect(calls[1]).toMatchObject({ name: 'read_file', arguments: broken });
    expect(calls[1]?.id).toMatch(/^call_/);
    for (const call of calls) expect(call.chunks).toBeGreaterThanOrEqual(4); // the header + at least 3 pieces
  });

  it("works with the client's own stream helper, which accumulates tool calls", async () => {
    const { server, client } = await setup();
    server.enqueue({ content: 'Let me check.', toolCalls: [{ name: 'ls', arguments: '{"dir":"."}' }], chunkSize: 2 });

    const stream = client.chat.completions.stream({ model: 'm', messages, stream_options: { include_usage: true } });
    const final = await stream.finalChatCompletion();

    expect(final.choices[0]?.message.content).toBe('Let me check.');
    expect(final.choices[0]?.message.tool_calls).toMatchObject([
      { type: 'function', function: { name: 'ls', arguments: '{"dir":"."}' } },
    ]);
    expect(final.choices[0]?.finish_reason).toBe('tool_calls');
    expect(final.usage?.total_tokens).toBeGreaterThan(0);
  });

  it('sends reasoning_content as its own delta field, before the content', async () => {
    const { server, client } = await setup();
    server.enqueue({ reasoning: 'The user greets me.', content: 'Hi!' });

    const stream = await client.chat.completions.create({ model: 'deepseek-reasoner', messages, stream: true });
    const order: string[] = [];
    let reasoning = '';
    let content = '';
    for await (const chunk of stream) {
      // reasoning_content is not in the client's types
      const delta = chunk.choices[0]?.delta as { reasoning_content?: string; content?: string } | undefined;
      if (delta?.reasoning_content) order.push('reasoning');
      if (delta?.content) order.push('content');
      reasoning += delta?.reasoning_content ?? '';
      content += delta?.content ?? '';
    }

    expect(reasoning).toBe('The user greets me.');
    expect(content).toBe('Hi!');
    expect(order.indexOf('content')).toBeGreaterThan(order.lastIndexOf('reasoning'));
  });

  it('adds a final usage chunk when asked', async () => {
    const { server, client } = await setup();
    server.enqueue({ content: 'ok', usage: { prompt_tokens: 12, completion_tokens: 3 } });

    const stream = await client.chat.completions.create({
      model: 'm',
      messages,
      stream: true,
      stream_options: { include_usage: true },
    });
    const chunks: OpenAI.Chat.ChatCompletionChunk[] = [];
    for await (const chunk of stream) chunks.push(chunk);

    expect(chunks.at(-1)?.choices).toEqual([]);
    expect(chunks.at(-1)?.usage).toEqual({ prompt_tokens: 12, completion_tokens: 3, total_tokens: 15 });
  });

  it('surfaces a 401 as OpenAI.AuthenticationError', async () => {
    const { server, client } = await setup();
    server.enqueue({ status: 401, errorMessage: 'Incorrect API key provided' });

    const error = await client.chat.completions.create({ model: 'm', messages, stream: true }).catch((e) => e);

    expect(error).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(error).toMatchObject({ status: 401, code: 'invalid_api_key', type: 'authentication_error' });
    expect(error.message).toContain('Incorrect API key provided');
  });

  it('has a 429 with retry-after retried by the client', async () => {
    const { server, client } = await setup(1);
    server.enqueue({ status: 429, headers: { 'retry-after': '1' }, errorMessage: 'slow down' }, { content: 'done' });

    const reply = await client.chat.completions.create({ model: 'm', messages });

    expect(reply.choices[0]?.message.content).toBe('done');
    expect(server.requests).toHaveLength(2);
    const [first, second] = server.requests;
    expect(second!.receivedAt - first!.receivedAt).toBeGreaterThanOrEqual(900); // the client honoured retry-after
    expect(second?.headers['x-stainless-retry-count']).toBe('1');
  });

  it('surfaces a 429 as RateLimitError when the client does not retry', async () => {
    const { server, client } = await setup();
    server.enqueue({ status: 429, headers: { 'retry-after': '1' } });

    const error = await client.chat.completions.create({ model: 'm', messages }).catch((e) => e);

    expect(error).toBeInstanceOf(OpenAI.RateLimitError);
    expect(error.headers.get('retry-after')).toBe('1');
    expect(server.requests).toHaveLength(1);
  });

  it("makes the client's iteration throw when the stream is cut", async () => {
    const { server, client } = await setup();
    server.enqueue({ content: 'This reply will never finish.', chunkSize: 3, cutAfterChunks: 2 });

    const stream = await client.chat.completions.create({ model: 'm', messages, stream: true });
    let text = '';
    const error = await (async () => {
      for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    })().catch((e: unknown) => e);

    // Not an OpenAI.APIError: undici's own TypeError('terminated'), its cause a SocketError 'other side closed'
    expect(error).toBeInstanceOf(TypeError);
    expect(error).not.toBeInstanceOf(OpenAI.APIError);
    expect(error).toMatchObject({ message: 'terminated', cause: { code: 'UND_ERR_SOCKET' } });
    expect(text).toBe('This r');
  });

  it('answers without streaming', async () => {
    const { server, client } = await setup();
    server.enqueue({
      content: 'Sure.',
      reasoning: 'easy',
      toolCalls: [{ id: 'call_x', name: 'open', arguments: '{"app":"Notes"}' }],
    });

    const reply = await client.chat.completions.create({ model: 'm2', messages });

    expect(reply).toMatchObject({ object: 'chat.completion', model: 'm2' });
    expect(reply.choices[0]?.finish_reason).toBe('tool_calls');
    expect(reply.choices[0]?.message).toMatchObject({
      role: 'assistant',
      content: 'Sure.',
      reasoning_content: 'easy',
      tool_calls: [{ id: 'call_x', type: 'function', function: { name: 'open', arguments: '{"app":"Notes"}' } }],
    });
    expect(reply.usage?.total_tokens).toBeGreaterThan(0);
  });

  it('records requests with their messages and tools, before replying', async () => {
    const { server, client } = await setup();
    const tools: OpenAI.Chat.ChatCompletionTool[] = [
      { type: 'function', function: { name: 'ls', description: 'List a folder', parameters: { type: 'object' } } },
    ];
    let seenByScript = -1;
    server.enqueue((request, index) => {
      seenByScript = server.requests.length;
      return { content: `reply ${index} to ${request.body.messages.at(-1).content}` };
    });

    const reply = await client.chat.completions.create({ model: 'm', messages, tools, stream: true });
    let text = '';
    for await (const chunk of reply) text += chunk.choices[0]?.delta.content ?? '';

    expect(text).toBe('reply 0 to hi');
    expect(seenByScript).toBe(1);
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request?.body).toMatchObject({ model: 'm', messages, tools, stream: true });
    expect(request?.headers.authorization).toBe('Bearer test');
    expect(JSON.parse(request!.raw)).toEqual(request?.body);
  });

  it('uses the fallback when the queue is empty, and lists models', async () => {
    const { server, client } = await setup();

    const error = await client.chat.completions.create({ model: 'm', messages }).catch((e) => e);
    expect(error).toBeInstanceOf(OpenAI.InternalServerError);
    expect(error.message).toContain('no scripted reply');

    server.fallback({ content: 'always this' });
    const reply = await client.chat.completions.create({ model: 'm', messages });
    expect(reply.choices[0]?.message.content).toBe('always this');

    const models = await client.models.list();
    expect(models.data.map((m) => m.id)).toContain('test-model');
    expect(server.requests).toHaveLength(2);
  });

  it('closes even with a reply still waiting', async () => {
    const { server, client } = await setup();
    server.enqueue({ content: 'late', delayMs: 10_000 });

    const pending = client.chat.completions.create({ model: 'm', messages }).catch((e) => e);
    while (server.requests.length === 0) await new Promise((r) => setTimeout(r, 5));
    await server.close();

    expect(await pending).toBeInstanceOf(OpenAI.APIConnectionError);
  });
});
