/**
 * The lines a turn tells the owner (failures, retries, notices) come with a code and parameters,
 * on the events, the turn's result and the stored line, so that a UI can say them in its own
 * language; the English stays as it was, and the model never sees any of it.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FileSecretStore } from '../../../src/core/approval/key-store.js';
import { ProviderNotConfiguredError, resolveProvider, saveProvider } from '../../../src/core/agent/providers.js';
import { agentWorld, testAgent, type AgentWorld } from '../../helpers/agent.js';

let w: AgentWorld | undefined;
afterEach(async () => {
  await w?.shutdown();
  w = undefined;
});

const KEY_REFUSED = {
  code: 'api-key-refused',
  params: { status: '401', detail: 'Incorrect API key provided.' },
} as const;

describe('the lines about how a turn went carry their codes', () => {
  it('a refused key: on the error event, the result and the stored line', async () => {
    w = await agentWorld();
    w.server.enqueue({ status: 401, errorMessage: 'Incorrect API key provided' });
    const turn = await w.agent.send('hi');
    expect(turn.error).toBe(
      'The model server refused the API key (401). Check the key in the settings or IAS_LLM_API_KEY. Incorrect API key provided.',
    );
    expect(turn.errorCode).toEqual(KEY_REFUSED);
    expect(w.events.filter((e) => e.type === 'error')).toEqual([
      { type: 'error', conversationId: turn.conversationId, message: turn.error, messageCode: KEY_REFUSED },
    ]);
    const shown = w.store.conversations.messages(turn.conversationId).filter((m) => m.shown);
    expect(shown).toEqual([
      expect.objectContaining({ role: 'system', shown: 'error', content: turn.error, shownCode: KEY_REFUSED }),
    ]);
    // Never sent to the model: the next request carries neither the line nor its code.
    w.server.enqueue({ content: 'Fine now.' });
    await w.agent.send('again', { conversationId: turn.conversationId });
    const sent = JSON.stringify(w.server.requests.at(-1)!.body.messages);
    expect(sent).not.toContain('API key');
    expect(sent).not.toContain('api-key-refused');
  });

  it('a retry, and a wait too long to make, say the rate limit by code', async () => {
    w = await agentWorld();
    w.server.enqueue(
      { status: 429, errorMessage: 'Slow down', headers: { 'retry-after': '0.01' } },
      { status: 429, errorMessage: 'Slow down', headers: { 'retry-after': '120' } },
    );
    const turn = await w.agent.send('hi');
    expect(w.events.find((e) => e.type === 'retry')).toMatchObject({
      message: 'The model server is rate-limiting requests (429). Slow down.',
      messageCode: { code: 'rate-limited', params: { status: '429', detail: 'Slow down.' } },
    });
    expect(turn.error).toBe('The model server is rate-limiting requests (429). Slow down. Try again in 120 s.');
    expect(turn.errorCode).toEqual({
      code: 'rate-limited',
      params: { status: '429', detail: 'Slow down.', retryInS: '120' },
    });
  });

  it('a 404 says which slip of the base URL it may be, and the URL to try', async () => {
    w = await agentWorld();
    const origin = w.server.url.replace(/\/v1$/, '');
    const turn = await testAgent(w, origin).send('hi');
    expect(turn.errorCode).toMatchObject({
      code: 'model-or-path-unknown',
      params: { hint: 'add-v1', url: `${origin}/v1` },
    });
  });

  it('a model without tools: the notice on its event, the result and the stored line', async () => {
    w = await agentWorld();
    w.server.enqueue({ refuses: ['tools'], content: 'unused' }, { content: 'Plain.' });
    const turn = await w.agent.send('hi');
    const code = { code: 'model-without-tools', params: { model: 'test-model' } };
    expect(turn.notices).toEqual(['The model test-model cannot use tools, so it answers without skills.']);
    expect(turn.noticeCodes).toEqual([code]);
    expect(w.events.filter((e) => e.type === 'notice')).toEqual([expect.objectContaining({ messageCode: code })]);
    const shown = w.store.conversations.messages(turn.conversationId).filter((m) => m.shown);
    expect(shown.map((m) => [m.shown, m.content, m.shownCode])).toEqual([['notice', turn.notices![0], code]]);
  });

  it('no model to talk to: the error says why by code', async () => {
    w = await agentWorld();
    const secrets = new FileSecretStore(path.join(w.home, 'secrets'));
    const fail = (env: NodeJS.ProcessEnv) => {
      try {
        resolveProvider(w!.store.settings, secrets, env);
      } catch (err) {
        if (err instanceof ProviderNotConfiguredError) return err;
      }
      throw new Error('no ProviderNotConfiguredError');
    };
    expect(fail({}).messageCode).toEqual({ code: 'no-model-configured', params: {} });
    const bad = fail({ IAS_LLM_BASE_URL: 'api.deepseek.com', IAS_LLM_MODEL: 'm' });
    expect(bad.message).toBe(
      'IAS_LLM_BASE_URL is not a web address: "api.deepseek.com". Write it with http:// or https://, such as https://api.deepseek.com/v1.',
    );
    expect(bad.messageCode).toEqual({
      code: 'base-url-not-web-address',
      params: { where: 'env', value: 'api.deepseek.com' },
    });
    saveProvider(w.store.settings, secrets, { baseUrl: 'localhost:11434', model: 'm' });
    expect(fail({}).messageCode).toEqual({
      code: 'base-url-not-web-address',
      params: { where: 'settings', value: 'localhost:11434' },
    });
  });
});
