/**
 * Settings' "Test connection" waits for a model as long as the chat does: a local model that takes
 * more than 15 s to load before its first token (Ollama with a large model, at its first request)
 * is said to be connected, as the chat then talks to it, not "timed out".
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { settingsApi } from '../../../src/core/api/settings-api.js';
import { apiWorld, type ApiWorld } from '../../helpers/core-api.js';
import { startModelServer, type ModelServer } from '../../helpers/model-server.js';

/** Longer than Test connection waited before: 15 s. */
const LOADING_MS = 16_000;

let w: ApiWorld;
let model: ModelServer;
beforeAll(async () => {
  w = await apiWorld();
  model = await startModelServer();
});
afterAll(async () => {
  await model.close();
  await w.close();
});

it('says a model that answers only after 16 s is connected', async () => {
  model.enqueue({ content: 'pong', delayMs: LOADING_MS });
  const env = { IAS_LLM_BASE_URL: model.url, IAS_LLM_MODEL: 'test-model', IAS_LLM_API_KEY: 'sk-test' };
  const result = await settingsApi(w.runtime, env).testProvider();
  expect(result).toMatchObject({ ok: true, messageCode: { code: 'model-answered' } });
  expect(model.requests).toHaveLength(1);
}, 60_000);
