/**
 * Settings' "Test connection" says the model answered only when a chat completion came back: a web
 * page (a web UI's address, a network's login page) or a 200 body without `choices` (a proxy's
 * error sent with 200) is said as the chat says it, not as "Connected". A completion sent as
 * events, by a server that streams whatever it is asked, is an answer. A model that takes no
 * `max_tokens` (OpenAI's reasoning models), which the chat never sends, is asked again without it.
 * It waits for the model as long as the chat does: a local model still loading is not timed out.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { settingsApi } from '../../../src/core/api/settings-api.js';
import { sayTurnLine } from '../../../src/shared/turn-messages.js';
import { chineseTurnMessages } from '../../../src/shared/turn-messages-zh-CN.js';
import { apiWorld, type ApiWorld } from '../../helpers/core-api.js';
import { startStandIn, type Route, type StandIn, type StandInReply } from '../../helpers/http-stand-in.js';

let w: ApiWorld;
let server: StandIn;
beforeAll(async () => {
  w = await apiWorld();
  server = await startStandIn();
});
afterAll(async () => {
  await server.close();
  await w.close();
});

/** The connection test against the stand-in, which answers `reply`. */
async function testWith(reply: StandInReply | Route) {
  server.route(typeof reply === 'function' ? reply : () => reply);
  const env = { IAS_LLM_BASE_URL: `${server.url}/v1`, IAS_LLM_MODEL: 'm', IAS_LLM_API_KEY: 'sk-test' };
  return settingsApi(w.runtime, env).testProvider();
}

it('says a web page is not the Chat Completions API, in English and 简体中文', async () => {
  const page = '<!doctype html><html><head><title>Open WebUI</title></head><body>app</body></html>';
  const result = await testWith({ text: page, contentType: 'text/html' });
  expect(result).toMatchObject({ ok: false, messageCode: { code: 'not-chat-completions' } });
  expect(result.message).toContain('answered with a web page ("Open WebUI")');
  expect(sayTurnLine(chineseTurnMessages, result.message, result.messageCode)).toMatch(/网页/);
});

it('says a 200 answer without choices is no reply, with what it said', async () => {
  const result = await testWith({ json: { error: { message: 'Invalid token', code: 401 } } });
  expect(result).toMatchObject({ ok: false, messageCode: { code: 'not-chat-completions' } });
  expect(result.message).toContain('Invalid token');
  expect(await testWith({ json: {} })).toMatchObject({ ok: false, messageCode: { code: 'not-chat-completions' } });
});

const completion = {
  id: 'c',
  object: 'chat.completion',
  model: 'm',
  choices: [{ index: 0, message: { role: 'assistant', content: 'p' }, finish_reason: 'length' }],
};

it('says a completion answered, whole or as events', async () => {
  expect(await testWith({ json: completion })).toMatchObject({ ok: true, messageCode: { code: 'model-answered' } });
  const chunk = { id: 'c', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content: 'p' } }] };
  const events = `data: ${JSON.stringify(chunk)}\n\ndata: [DONE]\n\n`;
  expect(await testWith({ text: events, contentType: 'text/event-stream' })).toMatchObject({ ok: true });
});

it('asks again without max_tokens a model that refuses it, as the chat never sends it', async () => {
  const refusal = {
    error: {
      message:
        "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
      type: 'invalid_request_error',
      param: 'max_tokens',
      code: 'unsupported_parameter',
    },
  };
  const before = server.received.length;
  const result = await testWith((request) =>
    (request.json as { max_tokens?: number }).max_tokens === undefined
      ? { json: completion }
      : { status: 400, json: refusal },
  );
  expect(result).toMatchObject({ ok: true, messageCode: { code: 'model-answered' } });
  expect(server.received.length - before).toBe(2);
  // Another 400 is said as it is, asked once.
  const other = server.received.length;
  const refused = await testWith({
    status: 400,
    json: { error: { message: 'messages: too short', type: 'invalid_request_error' } },
  });
  expect(refused).toMatchObject({ ok: false, messageCode: { code: 'request-rejected' } });
  expect(server.received.length - other).toBe(1);
});

it('says a model that answers only after 16 s is connected, as the chat then talks to it', async () => {
  // Longer than Test connection once waited (15 s): Ollama's first request of a large model.
  const before = server.received.length;
  const result = await testWith(async () => {
    await sleep(16_000);
    return { json: completion };
  });
  expect(result).toMatchObject({ ok: true, messageCode: { code: 'model-answered' } });
  expect(server.received.length - before).toBe(1);
}, 60_000);
