/**
 * The saved API key belongs to the server (scheme, host, port) it was saved for: a base URL of
 * another server, from IAS_LLM_BASE_URL or from settings changed later without a new key, is asked
 * with no key, and a 401 from it says whose the key is and how to give one. IAS_LLM_API_KEY is sent
 * wherever. Real SQLite, real secret files, real model servers asked through the real openai client.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  API_KEY_ORIGIN,
  API_KEY_SECRET,
  PROVIDER_SETTING,
  resolveProvider,
  setApiKey,
} from '../../../src/core/agent/providers.js';
import { settingsApi } from '../../../src/core/api/settings-api.js';
import { sayTurnLine } from '../../../src/shared/turn-messages.js';
import { chineseTurnMessages } from '../../../src/shared/turn-messages-zh-CN.js';
import { apiWorld, type ApiWorld } from '../../helpers/core-api.js';
import { startModelServer, type ModelServer } from '../../helpers/model-server.js';
import { onCleanup } from '../../helpers/temp.js';

const KEY = 'sk-Own7Server3Key9Qx';

let w: ApiWorld | undefined;
afterEach(async () => {
  await w?.close();
  w = undefined;
});

/** A model server that answers a request with KEY, and refuses any other with a 401. */
async function server(): Promise<ModelServer> {
  const s = await startModelServer();
  onCleanup(() => void s.close());
  s.fallback((request) =>
    request.headers.authorization === `Bearer ${KEY}`
      ? { content: 'p' }
      : { status: 401, errorMessage: 'Missing API key.' },
  );
  return s;
}

const origin = (s: ModelServer) => new URL(s.url).origin;
/** The key the last request to `s` carried. */
const lastKey = (s: ModelServer) => s.requests.at(-1)?.headers.authorization;

/** Settings → Test connection in the environment `env`: a real request through the openai client. */
const test = (world: ApiWorld, env: NodeJS.ProcessEnv = {}) => settingsApi(world.runtime, env).testProvider();
const info = (world: ApiWorld, env: NodeJS.ProcessEnv = {}) => settingsApi(world.runtime, env).getProvider();

describe('the saved API key belongs to its server', () => {
  it('is sent to its own server only: not to IAS_LLM_BASE_URL’s, nor to one saved later without a key', async () => {
    w = await apiWorld();
    const [own, other] = [await server(), await server()];
    await w.core.api.saveProvider({ baseUrl: own.url, model: 'test-model', apiKey: KEY });
    expect(w.runtime.store.settings.get(API_KEY_ORIGIN)).toBe(origin(own));

    expect(await test(w)).toMatchObject({ ok: true });
    expect(lastKey(own)).toBe(`Bearer ${KEY}`);
    // Another path on the same server is the same server.
    expect(
      resolveProvider(w.runtime.store.settings, w.runtime.secrets, { IAS_LLM_BASE_URL: `${origin(own)}/x/v1` }),
    ).toMatchObject({ apiKey: KEY, from: { apiKey: 'secret' } });

    // IAS_LLM_BASE_URL names another server: asked with no key, and said why.
    const env = { IAS_LLM_BASE_URL: other.url };
    const refused = await test(w, env);
    expect(lastKey(other)).toBe('Bearer not-needed');
    expect(refused).toMatchObject({
      ok: false,
      messageCode: {
        code: 'api-key-for-other-server',
        params: { status: '401', server: origin(other), keyFor: origin(own) },
      },
    });
    expect(refused.message).toBe(
      `The model server asks for an API key (401). The saved key is for ${origin(own)}, so it is not sent to ${origin(other)}: set IAS_LLM_API_KEY, or save a key for this server (Settings, or \`ias provider set --key-stdin\`). Missing API key.`,
    );
    expect(sayTurnLine(chineseTurnMessages, refused.message, refused.messageCode)).toBe(
      `模型服务需要 API 密钥（401）。已保存的密钥属于 ${origin(own)}，因此不会发送给 ${origin(other)}：请设置 IAS_LLM_API_KEY，或为这个服务保存一个密钥（在设置中，或用 \`ias provider set --key-stdin\`）。服务器返回：Missing API key.`,
    );
    expect(await info(w, env)).toMatchObject({
      saved: { hasKey: true },
      effective: { baseUrl: other.url, hasKey: false, fromEnv: true, keyFor: origin(own) },
    });
    // IAS_LLM_API_KEY is sent wherever, as before.
    await test(w, { ...env, IAS_LLM_API_KEY: 'sk-from-env' });
    expect(lastKey(other)).toBe('Bearer sk-from-env');

    // The settings moved to another server without a new key: the key stays with its own.
    await w.core.api.saveProvider({ baseUrl: other.url, model: 'test-model' });
    expect((await test(w)).messageCode).toMatchObject({ code: 'api-key-for-other-server' });
    expect(lastKey(other)).toBe('Bearer not-needed');
    expect((await info(w)).effective).toMatchObject({ hasKey: false, keyFor: origin(own) });
    // Moved back, it is sent again; a key saved with the other server is that server's.
    await w.core.api.saveProvider({ baseUrl: own.url, model: 'test-model' });
    expect(await test(w)).toMatchObject({ ok: true });
    expect(lastKey(own)).toBe(`Bearer ${KEY}`);
    expect((await info(w)).effective).toMatchObject({ hasKey: true, keyFor: null });
    await w.core.api.saveProvider({ baseUrl: other.url, model: 'test-model', apiKey: KEY });
    expect(await test(w)).toMatchObject({ ok: true });
    expect(lastKey(other)).toBe(`Bearer ${KEY}`);
    expect(w.runtime.store.settings.get(API_KEY_ORIGIN)).toBe(origin(other));
    for (const s of [own, other]) expect(JSON.stringify(s.requests.map((r) => r.body))).not.toContain(KEY);
  });

  it('a key saved before iAs recorded its server belongs to the saved settings’ server, recorded at the next save', async () => {
    w = await apiWorld();
    const [own, other] = [await server(), await server()];
    const { settings } = w.runtime.store;
    // As an older iAs left it: the provider and the key, and no server for the key.
    settings.set(PROVIDER_SETTING, { baseUrl: own.url, model: 'test-model' });
    w.runtime.secrets.set(API_KEY_SECRET, Buffer.from(KEY), { guarded: true });
    expect(settings.get(API_KEY_ORIGIN)).toBeUndefined();

    expect(await test(w)).toMatchObject({ ok: true });
    expect(lastKey(own)).toBe(`Bearer ${KEY}`);
    // Not the environment's server.
    expect((await test(w, { IAS_LLM_BASE_URL: other.url })).messageCode).toMatchObject({
      code: 'api-key-for-other-server',
      params: { keyFor: origin(own) },
    });
    expect(lastKey(other)).toBe('Bearer not-needed');
    expect(settings.get(API_KEY_ORIGIN)).toBeUndefined();

    // Moved without a key: the server it was for is recorded before the settings move.
    await w.core.api.saveProvider({ baseUrl: other.url, model: 'test-model' });
    expect(settings.get(API_KEY_ORIGIN)).toBe(origin(own));
    await test(w);
    expect(lastKey(other)).toBe('Bearer not-needed');
    await w.core.api.saveProvider({ preset: 'deepseek' });
    expect((await info(w)).effective).toMatchObject({ baseUrl: 'https://api.deepseek.com/v1', keyFor: origin(own) });
  });

  it('a key saved before any server belongs to none until a server is saved after it', async () => {
    w = await apiWorld();
    const own = await server();
    const { settings } = w.runtime.store;
    setApiKey(settings, w.runtime.secrets, KEY);
    expect(settings.get(API_KEY_ORIGIN)).toBe('');
    expect(
      resolveProvider(settings, w.runtime.secrets, { IAS_LLM_BASE_URL: own.url, IAS_LLM_MODEL: 'm' }),
    ).toMatchObject({
      apiKey: 'not-needed',
      from: { apiKey: 'other-server' },
      keyFor: '',
    });
    await w.core.api.saveProvider({ baseUrl: own.url, model: 'test-model' });
    expect(settings.get(API_KEY_ORIGIN)).toBe(origin(own));
    expect(await test(w)).toMatchObject({ ok: true });
    expect(lastKey(own)).toBe(`Bearer ${KEY}`);
    // Removed, the key's server goes with it.
    await w.core.api.saveProvider({ apiKey: '' });
    expect(settings.get(API_KEY_ORIGIN)).toBeUndefined();
  });
});
