/**
 * A model server may quote the API key it was sent: an error naming the key it refused, a proxy's
 * page that echoes the request's headers. What a failure says is shown and stored with the
 * conversation, where the key must never be in clear (it lives in the secret store alone): it is
 * hidden in the turn's error, its retry lines, the stored messages and Settings' connection test.
 * Real model servers, asked through the real openai client; real SQLite.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { PROVIDER_SETTING } from '../../../src/core/agent/providers.js';
import { settingsApi } from '../../../src/core/api/settings-api.js';
import { agentWorld, type AgentWorld } from '../../helpers/agent.js';
import { apiWorld, type ApiWorld } from '../../helpers/core-api.js';
import { startModelServer } from '../../helpers/model-server.js';
import { onCleanup } from '../../helpers/temp.js';

const KEY = 'sk-Quoted4Back7ByTheServer2';
const HIDDEN = '[API key hidden]';

let agent: AgentWorld | undefined;
let api: ApiWorld | undefined;
afterEach(async () => {
  await agent?.shutdown();
  await api?.close();
  agent = api = undefined;
});

async function worldWithKey(): Promise<AgentWorld> {
  let url = '';
  const world = await agentWorld({
    agent: {
      retries: 1,
      provider: () => ({
        baseUrl: url,
        model: 'test-model',
        apiKey: KEY,
        from: { baseUrl: 'env', model: 'env', apiKey: 'env' },
      }),
    },
  });
  url = world.server.url;
  return world;
}

describe('the API key a server quotes back is hidden', () => {
  it('in a refusal that names the key, and in what the conversation stores', async () => {
    agent = await worldWithKey();
    agent.server.enqueue({ status: 401, errorMessage: `Incorrect API key provided: ${KEY}. Find yours at …` });
    const turn = await agent.agent.send('hi');
    expect(agent.server.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(turn.error).toContain(`Incorrect API key provided: ${HIDDEN}.`);
    expect(JSON.stringify(agent.events)).not.toContain(KEY);
    const stored = agent.store.conversations.messages(turn.conversationId);
    expect(JSON.stringify(stored)).toContain(HIDDEN);
    expect(JSON.stringify(stored)).not.toContain(KEY);
  });

  it('in an answer that echoes the request headers, in the retry line and the error alike', async () => {
    agent = await worldWithKey();
    const echo = { message: `Upstream refused the request. Headers: Authorization: Bearer ${KEY}` };
    agent.server.enqueue({ status: 502, errorBody: echo }, { status: 502, errorBody: echo });
    const turn = await agent.agent.send('hi');
    expect(agent.events.some((e) => e.type === 'retry')).toBe(true);
    expect(turn.error).toContain(`Bearer ${HIDDEN}`);
    expect(JSON.stringify(agent.events)).not.toContain(KEY);
    expect(JSON.stringify(agent.store.conversations.messages(turn.conversationId))).not.toContain(KEY);
  });

  it("in Settings' connection test", async () => {
    api = await apiWorld();
    const server = await startModelServer();
    onCleanup(() => void server.close());
    server.fallback(() => ({ status: 401, errorMessage: `Key ${KEY} is not valid.` }));
    await api.core.api.saveProvider({ baseUrl: server.url, model: 'test-model', apiKey: KEY });
    expect(api.runtime.store.settings.get(PROVIDER_SETTING)).toBeDefined();
    const tested = await settingsApi(api.runtime, {}).testProvider();
    expect(tested.ok).toBe(false);
    expect(tested.message).toContain(`Key ${HIDDEN} is not valid.`);
    expect(JSON.stringify(tested)).not.toContain(KEY);
  });

  it('but a placeholder key, a word like any other, is left as it is', async () => {
    agent = await agentWorld();
    agent.server.enqueue({ status: 401, errorMessage: 'test-key? No such key.' });
    expect((await agent.agent.send('hi')).error).toContain('test-key? No such key.');
  });
});
