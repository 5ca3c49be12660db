/**
 * The Settings page's saveProvider refuses a base URL that cannot be used, or an API key no request
 * could carry, as `ias provider set` does (one check each), with a code a UI says in its language,
 * and saves nothing: the SQLite file and the secret store keep what they had.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/core/api/api-error.js';
import { settingsApi } from '../../../src/core/api/settings-api.js';
import { openRuntime } from '../../../src/core/runtime.js';
import { openStore } from '../../../src/core/store/index.js';
import { API_KEY_SECRET, PROVIDER_SETTING, saveProvider } from '../../../src/core/agent/providers.js';
import { FileSecretStore, LayeredSecretStore } from '../../../src/core/approval/key-store.js';
import { sayApiError } from '../../../src/shared/api-errors.js';
import { chineseApiErrors } from '../../../src/shared/api-errors-zh-CN.js';
import { shellWord } from '../../../src/shared/shell-word.js';
import { sayTurnLine } from '../../../src/shared/turn-messages.js';
import { chineseTurnMessages } from '../../../src/shared/turn-messages-zh-CN.js';
import { apiWorld, type ApiWorld } from '../../helpers/core-api.js';
import { tempDir } from '../../helpers/temp.js';

let w: ApiWorld | undefined;
afterEach(async () => {
  await w?.close();
  w = undefined;
});

const GOOD = 'http://127.0.0.1:11434/v1';

/** What the data folder's SQLite file holds, read through a connection of its own. */
function savedOnDisk(home: string): unknown {
  const store = openStore(path.join(home, 'ias.db'));
  try {
    return store.settings.get(PROVIDER_SETTING);
  } finally {
    store.close();
  }
}

/** The API key saved in the data folder, read from its file anew. */
const keyOnDisk = (world: ApiWorld) =>
  new FileSecretStore(world.runtime.paths.secrets).get(API_KEY_SECRET)?.toString('utf8');

async function refusal(api: ApiWorld['core']['api'], baseUrl: string, apiKey = 'sk-new'): Promise<ApiError> {
  const error: unknown = await api.saveProvider({ baseUrl, model: 'other-model', apiKey }).then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(error, baseUrl).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('saveProvider over the contract', () => {
  it('refuses a base URL that cannot be used, says why by its code, and saves nothing', async () => {
    w = await apiWorld();
    const { api } = w.core;
    await api.saveProvider({ baseUrl: `  ${GOOD}  `, model: 'm', apiKey: 'sk-old' });
    // Trimmed, as the CLI trims --base-url.
    expect(savedOnDisk(w.home)).toEqual({ baseUrl: GOOD, model: 'm' });

    const cases: [string, string | undefined, RegExp][] = [
      ['ftp://example.com/v1', undefined, /^The base URL is not a web address: "ftp:\/\/example\.com\/v1"/],
      ['api.deepseek.com/v1', undefined, /is not a web address/],
      ['https://api.deepseek.com /v1', 'whitespace', /has a space or line break in it/],
      ['https://me:hunter2 @api.example.com/v1', 'whitespace', /in it: "https:\/\/\*\*\*@api\.example\.com\/v1"/],
      ['ftp://me:hunter2@example.com/v1', undefined, /is not a web address: "ftp:\/\/\*\*\*@example\.com\/v1"/],
      [
        'https://me:hunter2@api.example.com/v1',
        'credentials',
        /holds a user name or password: "https:\/\/\*\*\*@api\.example\.com\/v1"/,
      ],
      ['https://api.example.com/v1?api-version=1', 'query', /has a query \(\?…\) in it/],
      ['https://api.example.com/v1?', 'query', /has a query/],
      ['https://api.example.com/v1#top', 'fragment', /has a fragment \(#…\) in it/],
      [
        'https://api.deepseek.com/v1/chat/completions/',
        'endpoint',
        /is the whole endpoint: .* stops before \/chat\/completions: use https:\/\/api\.deepseek\.com\/v1\.$/,
      ],
    ];
    for (const [baseUrl, reason, english] of cases) {
      const error = await refusal(api, baseUrl);
      expect(error.message, baseUrl).toMatch(english);
      expect(error.messageCode, baseUrl).toMatchObject({
        code: 'bad-base-url',
        params: { where: 'field', ...(reason ? { reason } : {}) },
      });
      if (!reason) expect(error.messageCode.params).not.toHaveProperty('reason');
      // The password never reaches a message, in any language.
      expect(JSON.stringify(error.messageCode) + error.message).not.toContain('hunter2');
      expect(sayApiError(chineseApiErrors, error.message, error.messageCode)).toMatch(/^接口地址/);
    }

    // Nothing was saved: neither the settings in the file nor the key given with them.
    expect(savedOnDisk(w.home)).toEqual({ baseUrl: GOOD, model: 'm' });
    expect(w.runtime.secrets.get(API_KEY_SECRET)?.toString('utf8')).toBe('sk-old');
    expect((await api.getProvider()).saved).toEqual({ baseUrl: GOOD, model: 'm', hasKey: true });

    const endpoint = await refusal(api, 'https://api.deepseek.com/v1/chat/completions');
    expect(sayApiError(chineseApiErrors, endpoint.message, endpoint.messageCode)).toBe(
      '接口地址是完整的接口端点：“https://api.deepseek.com/v1/chat/completions”。接口地址应在 /chat/completions 之前结束：请使用 https://api.deepseek.com/v1。',
    );
  });

  it('refuses an API key no request could carry, never saying it, and saves nothing', async () => {
    w = await apiWorld();
    const { api } = w.core;
    // Trimmed, as the CLI trims a piped key: the line end of a pasted or piped key is no part of it.
    await api.saveProvider({ baseUrl: GOOD, model: 'm', apiKey: '  sk-old-key\r\n' });
    expect(keyOnDisk(w)).toBe('sk-old-key');

    const utf16 = Buffer.from('sk-SECRET-from-utf16', 'utf16le').toString('latin1');
    const cases: [string, 'not-printable' | 'whitespace'][] = [
      // A key file saved as UTF-16, read as bytes: a NUL after each letter.
      [utf16, 'not-printable'],
      ['sk-SECRET\u200b-zero-width', 'not-printable'],
      ['sk-SECRET-clé', 'not-printable'],
      ['sk-SECRET\x7f', 'not-printable'],
      ['sk-SECRET with-a-space', 'whitespace'],
      ['sk-SECRET\nsecond-line', 'whitespace'],
      ['sk-SECRET\u00a0nbsp', 'whitespace'],
      // Blanks alone are not '' (which removes the saved key).
      ['  \t ', 'whitespace'],
    ];
    for (const [apiKey, reason] of cases) {
      const error = await refusal(api, GOOD, apiKey);
      expect(error.messageCode, JSON.stringify(apiKey)).toEqual({ code: 'bad-api-key', params: { reason } });
      const said = [
        error.message,
        JSON.stringify(error.messageCode),
        sayApiError(chineseApiErrors, error.message, error.messageCode),
      ];
      for (const text of said) expect(text).not.toMatch(/SECRET|S\0E\0C/);
    }
    const spaced = await refusal(api, GOOD, 'sk-a b');
    expect(spaced.message).toBe(
      'The API key has a space or line break in it, and an API key has none. Nothing was saved.',
    );
    expect(sayApiError(chineseApiErrors, spaced.message, spaced.messageCode)).toBe(
      'API 密钥中含有空格或换行，而 API 密钥不含这些。什么也没有保存。',
    );
    expect((await refusal(api, GOOD, utf16)).message).toMatch(
      /^The API key has characters a request cannot carry: .*UTF-16/,
    );

    // Nothing was saved, read anew from the data folder: neither the key nor the settings with it.
    expect(keyOnDisk(w)).toBe('sk-old-key');
    expect(savedOnDisk(w.home)).toEqual({ baseUrl: GOOD, model: 'm' });

    // '' still removes the saved key, as the contract says.
    await api.saveProvider({ baseUrl: GOOD, model: 'm', apiKey: '' });
    expect((await api.getProvider()).saved.hasKey).toBe(false);
  });

  it("removes the saved key's file for '', and keeps the provider saved when the key comes alone", async () => {
    w = await apiWorld();
    const { api } = w.core;
    const file = path.join(w.runtime.paths.secrets, API_KEY_SECRET);
    await api.saveProvider({ preset: 'deepseek', baseUrl: '', model: 'deepseek-chat', apiKey: 'sk-old' });
    expect(fs.existsSync(file)).toBe(true);

    await api.saveProvider({ apiKey: '' });
    // Deleted from the store, not kept as an empty secret.
    expect(fs.existsSync(file)).toBe(false);
    expect(keyOnDisk(w)).toBeUndefined();
    expect(savedOnDisk(w.home)).toEqual({ preset: 'deepseek', baseUrl: '', model: 'deepseek-chat' });
    expect((await api.getProvider()).saved).toEqual({
      preset: 'deepseek',
      baseUrl: '',
      model: 'deepseek-chat',
      hasKey: false,
    });

    // A key alone is saved so too, the provider kept; and '' with the provider saves both.
    await api.saveProvider({ apiKey: 'sk-new' });
    expect(keyOnDisk(w)).toBe('sk-new');
    expect(savedOnDisk(w.home)).toEqual({ preset: 'deepseek', baseUrl: '', model: 'deepseek-chat' });
    await api.saveProvider({ baseUrl: GOOD, model: 'm', apiKey: '' });
    expect(fs.existsSync(file)).toBe(false);
    expect(savedOnDisk(w.home)).toEqual({ baseUrl: GOOD, model: 'm' });
  });

  it('still saves an empty base URL (the preset gives it) and a preset alone', async () => {
    w = await apiWorld();
    const { api } = w.core;
    await api.saveProvider({ preset: 'deepseek', baseUrl: '', model: 'deepseek-chat' });
    expect(savedOnDisk(w.home)).toEqual({ preset: 'deepseek', baseUrl: '', model: 'deepseek-chat' });
    await api.saveProvider({ preset: 'ollama' });
    expect((await api.getProvider()).saved).toMatchObject({ preset: 'ollama' });
  });
});

describe('getProvider', () => {
  it('says where a key saved now is kept, as the runtime keeps it', async () => {
    w = await apiWorld();
    // Headless and the command line: private files.
    expect((await w.core.api.getProvider()).keyKeptIn).toBe('file');

    // The app: sealed with the OS keychain (its store, over the same folder's files).
    const home = tempDir('ias-keychain-');
    const files = new FileSecretStore(path.join(home, 'secrets'));
    const app = await openRuntime({
      home,
      systemSkills: path.join(home, 'system'),
      secrets: new LayeredSecretStore(files, files),
    });
    try {
      expect((await settingsApi(app, {}).getProvider()).keyKeptIn).toBe('keychain');
    } finally {
      await app.close();
    }
  });
});

describe('getProvider when a setting in use cannot be used', () => {
  /** A key file saved as UTF-16, read as bytes: a NUL after each letter. */
  const UTF16_KEY = Buffer.from('sk-SECRET-from-utf16', 'utf16le').toString('latin1');

  it('says which setting, where it comes from and why, never the key, and is null otherwise', async () => {
    w = await apiWorld();
    const { runtime } = w;
    const provider = (env: NodeJS.ProcessEnv) => settingsApi(runtime, env).getProvider();
    const ENV = { IAS_LLM_BASE_URL: GOOD, IAS_LLM_MODEL: 'm' };

    // Nothing set up: the setup card's case, nothing unusable.
    expect(await provider({})).toMatchObject({ effective: null, unusable: null });
    // IAS_LLM_API_KEY alone: no model yet, but that key is the one in use (said, never shown); a blank variable is none.
    const envKeyAlone = await provider({ IAS_LLM_API_KEY: 'sk-SECRET-env', IAS_LLM_MODEL: ' ' });
    expect(envKeyAlone).toMatchObject({ effective: null, env: { baseUrl: false, model: false, apiKey: true } });
    expect(JSON.stringify(envKeyAlone)).not.toContain('SECRET');

    // A key saved as a UTF-16 file left it (written as an older version would have).
    saveProvider(runtime.store.settings, runtime.secrets, { baseUrl: GOOD, model: 'm', apiKey: UTF16_KEY });
    const savedKey = await provider({});
    expect(savedKey.effective).toBeNull();
    expect(savedKey.unusable).toEqual({
      setting: 'api-key',
      from: 'settings',
      message: expect.stringMatching(/^The saved API key has a character that cannot be sent/),
      messageCode: { code: 'api-key-flawed', params: { where: 'secret', reason: 'not-printable' } },
    });
    expect(JSON.stringify(savedKey)).not.toMatch(/SECRET|S\\u0000E/);

    // A variable's key is used instead of the saved one, and said as the variable's.
    const envKey = await provider({ ...ENV, IAS_LLM_API_KEY: 'sk-SECRET with-a-space' });
    expect(envKey.unusable).toMatchObject({
      setting: 'api-key',
      from: 'env',
      messageCode: { code: 'api-key-flawed', params: { where: 'env', reason: 'whitespace' } },
    });
    expect(JSON.stringify(envKey)).not.toContain('SECRET');
    // A good one in the variable makes the model usable, the saved key aside.
    expect(await provider({ ...ENV, IAS_LLM_API_KEY: 'sk-good' })).toMatchObject({
      effective: { baseUrl: GOOD, model: 'm', hasKey: true, fromEnv: true },
      unusable: null,
    });

    // A base URL saved that cannot be used (saved before the check), and one in IAS_LLM_BASE_URL.
    saveProvider(runtime.store.settings, runtime.secrets, { baseUrl: `${GOOD}?x=1`, model: 'm', apiKey: 'sk-good' });
    expect((await provider({})).unusable).toMatchObject({
      setting: 'base-url',
      from: 'settings',
      message: `The base URL in the settings has a query (?…) in it: "${GOOD}?…". A base URL ends with its path, such as https://api.deepseek.com/v1.`,
      messageCode: { code: 'base-url-not-web-address', params: { where: 'settings', reason: 'query' } },
    });
    expect((await provider({ IAS_LLM_BASE_URL: 'api.example.com/v1' })).unusable).toMatchObject({
      setting: 'base-url',
      from: 'env',
      messageCode: { code: 'base-url-not-web-address', params: { where: 'env', value: 'api.example.com/v1' } },
    });
    expect(await provider({ IAS_LLM_BASE_URL: GOOD })).toMatchObject({ effective: { baseUrl: GOOD }, unusable: null });

    // A model missing is nothing set up, not a setting that cannot be used.
    saveProvider(runtime.store.settings, runtime.secrets, { baseUrl: GOOD });
    expect(await provider({})).toMatchObject({ effective: null, unusable: null });
  });
});

describe('getProvider when the saved API key is in a file other users can read', () => {
  it('says it as a saved key that cannot be used, with the file and how to mend it; not read until it is private', async () => {
    w = await apiWorld();
    const { runtime } = w;
    const api = settingsApi(runtime, {});
    saveProvider(runtime.store.settings, runtime.secrets, { baseUrl: GOOD, model: 'm', apiKey: 'sk-SECRET-0644' });
    const file = path.join(runtime.paths.secrets, API_KEY_SECRET);
    fs.chmodSync(file, 0o644);

    const open = await api.getProvider();
    expect(open).toMatchObject({ effective: null, saved: { baseUrl: GOOD, model: 'm', hasKey: true } });
    expect(open.unusable).toEqual({
      setting: 'api-key',
      from: 'settings',
      message: `The file that holds the saved API key, ${file}, can be read by other users (mode 644), so iAs does not use it. Make it private with \`chmod 600 ${file}\`, or save the key again in the settings.`,
      messageCode: { code: 'api-key-file-open', params: { file, mode: '644' } },
    });
    expect(JSON.stringify(open)).not.toContain('SECRET');
    // The store still refuses to read it: no request could carry it, nor does the connection test.
    expect(() => runtime.secrets.get(API_KEY_SECRET)).toThrow(/can be read by other users \(mode 644\)/);
    expect(await api.testProvider()).toMatchObject({ ok: false, messageCode: { code: 'api-key-file-open' } });
    // In 简体中文 too (the UI and `ias chat` say it by its code).
    expect(sayTurnLine(chineseTurnMessages, open.unusable!.message, open.unusable!.messageCode)).toBe(
      `保存 API 密钥的文件 ${file} 其他用户也能读取（权限 644），因此 iAs 不会使用它。请用 \`chmod 600 ${file}\` 把它设为只有你能读取，或在设置中重新保存密钥。`,
    );

    // A key set in IAS_LLM_API_KEY is the one used: the saved file is not read.
    expect(await settingsApi(runtime, { IAS_LLM_API_KEY: 'sk-env' }).getProvider()).toMatchObject({
      effective: { baseUrl: GOOD, model: 'm', hasKey: true },
      unusable: null,
    });

    // chmod 600 mends it, as said.
    fs.chmodSync(file, 0o600);
    expect(await api.getProvider()).toMatchObject({
      effective: { baseUrl: GOOD, model: 'm', hasKey: true },
      unusable: null,
    });

    // So does saving the key again in Settings: a new file, of this user's alone.
    fs.chmodSync(file, 0o640);
    expect((await api.getProvider()).unusable).toMatchObject({ messageCode: { params: { mode: '640' } } });
    await api.saveProvider({ baseUrl: GOOD, model: 'm', apiKey: 'sk-SECRET-0644' });
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(await api.getProvider()).toMatchObject({ effective: { hasKey: true }, unusable: null });
    expect(keyOnDisk(w)).toBe('sk-SECRET-0644');
  });

  it('a path a shell would split is quoted in the command to copy', () => {
    expect(shellWord('/home/a/.config/iAs/secrets/llm-api-key')).toBe('/home/a/.config/iAs/secrets/llm-api-key');
    expect(shellWord("/Users/a/Library/Application Support/it's/llm-api-key")).toBe(
      "'/Users/a/Library/Application Support/it'\\''s/llm-api-key'",
    );
  });
});
