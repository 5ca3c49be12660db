import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileSecretStore } from '../../../src/core/approval/key-store.js';
import {
  PROVIDER_PRESETS,
  ProviderNotConfiguredError,
  resolveProvider,
  saveProvider,
} from '../../../src/core/agent/providers.js';
import { openStore } from '../../../src/core/store/index.js';
import { onCleanup, tempDir } from '../../helpers/temp.js';

function setup() {
  const home = tempDir();
  const store = openStore(path.join(home, 'ias.db'));
  onCleanup(() => store.close());
  return { home, store, secrets: new FileSecretStore(path.join(home, 'secrets')) };
}

describe('providers', () => {
  it('has the presets the owner expects', () => {
    expect(PROVIDER_PRESETS.map((p) => p.id)).toEqual([
      'openai',
      'deepseek',
      'qwen',
      'moonshot',
      'openrouter',
      'ollama',
    ]);
    expect(PROVIDER_PRESETS.find((p) => p.id === 'ollama')!.baseUrl).toBe('http://127.0.0.1:11434/v1');
    expect(PROVIDER_PRESETS.find((p) => p.id === 'qwen')!.baseUrl).toMatch(/dashscope.*compatible-mode\/v1$/);
  });

  it('a preset with the key in the secret store, never in the database', () => {
    const { home, store, secrets } = setup();
    saveProvider(store.settings, secrets, { preset: 'deepseek', apiKey: 'sk-very-secret-key' });
    const config = resolveProvider(store.settings, secrets, {});
    expect(config).toMatchObject({
      baseUrl: 'https://api.deepseek.com/v1',
      model: 'deepseek-chat',
      apiKey: 'sk-very-secret-key',
      from: { baseUrl: 'preset', model: 'preset', apiKey: 'secret' },
    });
    store.db.pragma('wal_checkpoint(TRUNCATE)');
    for (const f of fs.readdirSync(home).filter((x) => x.startsWith('ias.db'))) {
      expect(fs.readFileSync(path.join(home, f)).includes('sk-very-secret-key')).toBe(false);
    }
    expect(fs.statSync(path.join(home, 'secrets', 'llm-api-key')).mode & 0o777).toBe(0o600);
  });

  it('settings override the preset; IAS_LLM_* override both', () => {
    const { store, secrets } = setup();
    saveProvider(store.settings, secrets, { preset: 'openai', model: 'gpt-4.1', apiKey: 'sk-saved' });
    expect(resolveProvider(store.settings, secrets, {})).toMatchObject({
      model: 'gpt-4.1',
      from: { model: 'settings' },
    });
    const env = { IAS_LLM_BASE_URL: 'http://127.0.0.1:8080/v1/', IAS_LLM_MODEL: 'local', IAS_LLM_API_KEY: 'sk-env' };
    expect(resolveProvider(store.settings, secrets, env)).toMatchObject({
      baseUrl: 'http://127.0.0.1:8080/v1',
      model: 'local',
      apiKey: 'sk-env',
      from: { baseUrl: 'env', model: 'env', apiKey: 'env' },
    });
  });

  it('says what to set when nothing is configured', () => {
    const { store, secrets } = setup();
    expect(() => resolveProvider(store.settings, secrets, {})).toThrow(ProviderNotConfiguredError);
    expect(() => resolveProvider(store.settings, secrets, {})).toThrow(/IAS_LLM_BASE_URL/);
  });

  it('says so when the base URL is not a web address, and where it came from', () => {
    const { store, secrets } = setup();
    const env = { IAS_LLM_BASE_URL: 'api.deepseek.com/v1', IAS_LLM_MODEL: 'm' };
    expect(() => resolveProvider(store.settings, secrets, env)).toThrow(ProviderNotConfiguredError);
    expect(() => resolveProvider(store.settings, secrets, env)).toThrow(
      /^IAS_LLM_BASE_URL is not a web address: "api\.deepseek\.com\/v1"\. Write it with http:\/\/ or https:\/\//,
    );
    saveProvider(store.settings, secrets, { baseUrl: 'ftp://example.com', model: 'm' });
    expect(() => resolveProvider(store.settings, secrets, {})).toThrow(
      /^The base URL in the settings is not a web address/,
    );
    saveProvider(store.settings, secrets, { baseUrl: 'http://127.0.0.1:11434/v1', model: 'm' });
    expect(resolveProvider(store.settings, secrets, {}).baseUrl).toBe('http://127.0.0.1:11434/v1');
  });

  it('says at once, before any request, what else makes a base URL unusable', () => {
    const { store, secrets } = setup();
    const resolve = (url: string) => () =>
      resolveProvider(store.settings, secrets, { IAS_LLM_BASE_URL: url, IAS_LLM_MODEL: 'm' });
    expect(resolve('https://api.example.com/v1?key=1')).toThrow(/^IAS_LLM_BASE_URL has a query \(\?…\) in it/);
    // A key in a query or fragment, or a password with a / in it, never goes into the message.
    for (const [url, shown] of [
      ['https://api.example.com/v1?key=sk-Secret9', 'https://api.example.com/v1?…'],
      ['https://api.example.com/v1#key=sk-Secret9', 'https://api.example.com/v1#…'],
      ['https://u:sk-Se/cret9@api.example.com/v1', 'https://***@api.example.com/v1'],
      ['https://u:sk-Se@cret9@api.example.com/v1?key=sk-Secret9#x', 'https://***@api.example.com/v1?…#…'],
    ]) {
      const said = (() => {
        try {
          resolve(url!)();
        } catch (err) {
          return (err as Error).message + JSON.stringify((err as ProviderNotConfiguredError).messageCode);
        }
        return '';
      })();
      expect(said).toContain(`"${shown}"`);
      expect(said).not.toMatch(/Se\/?@?cret9/);
    }
    expect(resolve('https://user:pw@api.example.com/v1')).toThrow(
      /^IAS_LLM_BASE_URL holds a user name or password: "https:\/\/\*\*\*@/,
    );
    saveProvider(store.settings, secrets, { baseUrl: 'http://127.0.0.1:8080/v1/chat/completions', model: 'm' });
    expect(() => resolveProvider(store.settings, secrets, {})).toThrow(
      /^The base URL in the settings is the whole endpoint: .* use http:\/\/127\.0\.0\.1:8080\/v1\.$/,
    );
    // Spaces about a copied address are not its fault.
    expect(resolve(' https://api.example.com/v1/\n')().baseUrl).toBe('https://api.example.com/v1');
  });

  it('says at once, before any request, that the key cannot be sent, and where it came from, never the key', () => {
    const { store, secrets } = setup();
    saveProvider(store.settings, secrets, { preset: 'deepseek' });
    const refusal = (env: NodeJS.ProcessEnv) => {
      try {
        resolveProvider(store.settings, secrets, env);
      } catch (err) {
        if (err instanceof ProviderNotConfiguredError) return err;
      }
      throw new Error('no ProviderNotConfiguredError');
    };
    const key = 'sk-Wz4Qp8Rn2Tm6Yv';
    // A key file saved as UTF-16 has a NUL after each letter.
    const fromEnv = refusal({ IAS_LLM_API_KEY: key.replace(/./g, '$&\0') });
    expect(fromEnv.message).toBe(
      'IAS_LLM_API_KEY has a character that cannot be sent in a request (an API key is letters, digits and punctuation; a NUL comes from a key file saved as UTF-16), so nothing was sent. Set IAS_LLM_API_KEY to the key alone.',
    );
    expect(fromEnv.messageCode).toEqual({ code: 'api-key-flawed', params: { where: 'env', reason: 'not-printable' } });
    saveProvider(store.settings, secrets, { preset: 'deepseek', apiKey: `${key.slice(0, 8)} ${key.slice(8)}` });
    const saved = refusal({});
    expect(saved.message).toBe(
      'The saved API key has a space or line break inside it, which an API key never has, so nothing was sent. Save the key again in the settings.',
    );
    expect(saved.messageCode).toEqual({ code: 'api-key-flawed', params: { where: 'secret', reason: 'whitespace' } });
    // A blank variable counts as unset, as a blank IAS_LLM_MODEL does: the saved key is the one judged.
    expect(refusal({ IAS_LLM_API_KEY: ' \t ' }).messageCode).toMatchObject({ params: { where: 'secret' } });
    for (const err of [fromEnv, saved]) {
      const said = `${err.message} ${JSON.stringify(err.messageCode)}`;
      for (let i = 0; i + 4 <= key.length; i++) expect(said).not.toContain(key.slice(i, i + 4));
    }
    // A line end or spaces about a key are left from a copy: the key is used without them.
    expect(resolveProvider(store.settings, secrets, { IAS_LLM_API_KEY: ` ${key}\r\n` })).toMatchObject({
      apiKey: key,
      from: { apiKey: 'env' },
    });
    saveProvider(store.settings, secrets, { preset: 'deepseek', apiKey: key });
    for (const blank of ['', ' \t ', '\n'])
      expect(resolveProvider(store.settings, secrets, { IAS_LLM_API_KEY: blank })).toMatchObject({
        apiKey: key,
        from: { apiKey: 'secret' },
      });
  });
});

describe('conversations', () => {
  it('create, list, rename, delete, with messages and tool calls stored', () => {
    const { store } = setup();
    const repo = store.conversations;
    repo.create('c1', 'First', 1000);
    repo.create('c2', 'Second', 2000);
    repo.append('c1', 'user', 'hello', {}, 3000);
    repo.append(
      'c1',
      'assistant',
      '',
      { toolCalls: [{ id: 't1', name: 'x', arguments: '{}' }], reasoning: 'hmm' },
      3001,
    );
    repo.append('c1', 'tool', '{"success":true}', { toolCallId: 't1', name: 'x' }, 3002);
    expect(repo.list().map((c) => c.id)).toEqual(['c1', 'c2']);
    expect(repo.messages('c1')).toMatchObject([
      { role: 'user', content: 'hello' },
      { role: 'assistant', toolCalls: [{ id: 't1' }], reasoning: 'hmm' },
      { role: 'tool', toolCallId: 't1', name: 'x' },
    ]);
    expect(repo.rename('c2', 'Renamed')).toBe(true);
    expect(repo.get('c2')!.title).toBe('Renamed');
    expect(repo.delete('c1')).toBe(true);
    expect(repo.messages('c1')).toEqual([]);
    expect(repo.list().map((c) => c.id)).toEqual(['c2']);
  });
});
