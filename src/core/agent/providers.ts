/**
 * Which model iAs talks to: an OpenAI-compatible base URL, a model and an API key. Presets for the
 * usual providers; settings in SQLite, the key in the platform's secret store (never in the
 * database); IAS_LLM_BASE_URL, IAS_LLM_API_KEY and IAS_LLM_MODEL override both.
 */
import { randomUUID } from 'node:crypto';
import {
  SecretFileNotOwnError,
  SecretFileOpenError,
  SecretFileRefusedError,
  SecretFolderUnsafeError,
  type SecretAccess,
  type SecretStore,
} from '../approval/key-store.js';
import type { SettingsRepo } from '../store/settings-repo.js';
import type { ApiKeyFlaw } from '../../shared/api-errors.js';
import type { UnusableSetting } from '../../shared/contract.js';
import type { BaseUrlFlaw, BaseUrlWhere } from '../../shared/turn-messages.js';
import { codeOf, turnMessage, type MessageCode, type TurnMessage } from './turn-messages.js';

export interface ProviderPreset {
  id: string;
  label: string;
  baseUrl: string;
  model: string;
  /** Whether the provider needs an API key. */
  needsKey: boolean;
}

export const PROVIDER_PRESETS: ProviderPreset[] = [
  { id: 'openai', label: 'OpenAI', baseUrl: 'https://api.openai.com/v1', model: 'gpt-4o-mini', needsKey: true },
  { id: 'deepseek', label: 'DeepSeek', baseUrl: 'https://api.deepseek.com/v1', model: 'deepseek-chat', needsKey: true },
  {
    id: 'qwen',
    label: 'Qwen (DashScope compatible mode)',
    baseUrl: 'https://dashscope.aliyuncs.com/compatible-mode/v1',
    model: 'qwen-plus',
    needsKey: true,
  },
  {
    id: 'moonshot',
    label: 'Moonshot (Kimi)',
    baseUrl: 'https://api.moonshot.cn/v1',
    model: 'moonshot-v1-8k',
    needsKey: true,
  },
  {
    id: 'openrouter',
    label: 'OpenRouter',
    baseUrl: 'https://openrouter.ai/api/v1',
    model: 'openai/gpt-4o-mini',
    needsKey: true,
  },
  { id: 'ollama', label: 'Ollama (local)', baseUrl: 'http://127.0.0.1:11434/v1', model: 'qwen2.5:7b', needsKey: false },
];

/** The last key made: a turn asks for its provider's at each request (parsing the URL each time). */
let lastKey: { baseUrl: string; model: string; key: string } | undefined;

/**
 * The server and model a provider config names (its base URL's host, so `/v1` or a trailing slash
 * do not matter): what a stored reasoning and a learnt mend belong to.
 */
export function providerKey(config: { baseUrl: string; model: string }): string {
  const { baseUrl, model } = config;
  if (lastKey?.baseUrl === baseUrl && lastKey.model === model) return lastKey.key;
  let host = baseUrl;
  try {
    host = new URL(baseUrl).host;
  } catch {
    // Not a URL: the text itself names it.
  }
  lastKey = { baseUrl, model, key: `${host} ${model}` };
  return lastKey.key;
}

export interface ProviderSettings {
  preset?: string;
  baseUrl?: string;
  model?: string;
}

export interface ProviderConfig {
  baseUrl: string;
  model: string;
  apiKey: string;
  /** Where each value came from, for `ias` and the settings page (never the key itself). */
  from: {
    baseUrl: 'env' | 'settings' | 'preset';
    model: 'env' | 'settings' | 'preset';
    /** 'other-server': a key is saved, for another server than the base URL's (`keyFor`): not sent. */
    apiKey: 'env' | 'secret' | 'none' | 'other-server';
  };
  /**
   * With `from.apiKey` 'other-server': the origin (scheme, host, port) the saved key belongs to, ''
   * when it was saved before any server was. Only ever an origin, never the key.
   */
  keyFor?: string;
}

export const PROVIDER_SETTING = 'llm.provider';
export const API_KEY_SECRET = 'llm-api-key';
/**
 * The API key is read and written only when no other user could change a folder on the way to its
 * file: they could swap it for a key of theirs, and the owner's chats would go through their account.
 */
const API_KEY_ACCESS: SecretAccess = { guarded: true };
/**
 * A new random id in the settings each time the API key is saved or removed: the key is kept
 * outside the database, and this commit is how other iAs processes sharing the data folder (and
 * their Settings pages) learn that it changed. Never anything of the key itself.
 */
export const API_KEY_CHANGE = 'llm.api-key-change';
/**
 * The origin (scheme, host, port) of the base URL the saved API key was saved with: the only server
 * it is sent to. '' while a key is being saved (no server then), or for a key saved when no base URL
 * was. Unset for a key saved before iAs kept it: see savedKeyOrigin.
 */
export const API_KEY_ORIGIN = 'llm.api-key-origin';

/** Whether a setting of this key is part of the model provider (what providerStamp reads). */
export function isProviderSetting(key: string): boolean {
  return key === PROVIDER_SETTING || key === API_KEY_CHANGE || key === API_KEY_ORIGIN;
}

/** A text that changes whenever the provider or its key is saved, by any iAs process. */
export function providerStamp(settings: SettingsRepo): string {
  return JSON.stringify([
    settings.get(PROVIDER_SETTING) ?? null,
    settings.get(API_KEY_CHANGE) ?? null,
    settings.get(API_KEY_ORIGIN) ?? null,
  ]);
}

/** The origin (scheme, host, port) of a base URL; undefined for none, or one that is no URL. */
export function originOf(baseUrl: string | undefined): string | undefined {
  if (!baseUrl?.trim()) return undefined;
  try {
    const { origin } = new URL(baseUrl.trim());
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/** The server the saved `settings` send requests to (their base URL or their preset's), whatever IAS_LLM_* say. */
export function settingsOrigin(saved: ProviderSettings): string | undefined {
  return originOf(providerParts(saved, {}).baseUrl?.value);
}

/**
 * The server the saved API key belongs to: the one it was saved for; for a key saved before iAs
 * kept that, the saved settings' own server (never IAS_LLM_BASE_URL's), until the provider is next
 * saved (which records it). '' or undefined: no server.
 */
export function savedKeyOrigin(settings: SettingsRepo): string | undefined {
  return settings.get<string>(API_KEY_ORIGIN) ?? settingsOrigin(providerSettings(settings));
}

/**
 * The server the saved API key belongs to when it is not `baseUrl`'s (the key is then not sent
 * there; '' when it belongs to none); undefined when it is that server's own.
 */
export function savedKeyElsewhere(settings: SettingsRepo, baseUrl: string | undefined): string | undefined {
  const keyFor = savedKeyOrigin(settings) ?? '';
  return keyFor !== '' && keyFor === originOf(baseUrl) ? undefined : keyFor;
}

/**
 * There is no model to talk to; `messageCode` says why in any language. `unusable` names the
 * setting that is there but cannot be used (and where it came from); none when one is missing.
 */
export class ProviderNotConfiguredError extends Error {
  readonly messageCode: MessageCode;
  readonly unusable?: UnusableSetting;

  constructor(line: TurnMessage, unusable?: UnusableSetting) {
    super(line.message);
    this.messageCode = codeOf(line);
    if (unusable) this.unusable = unusable;
  }
}

/**
 * The API key was not saved: a folder on the way to its file could be changed by another user
 * (coded 'api-key-folder-unsafe'). Nothing was written.
 */
export class ApiKeyNotSavedError extends Error {
  readonly messageCode: MessageCode;

  constructor(line: TurnMessage) {
    super(line.message);
    this.messageCode = codeOf(line);
  }
}

export function providerSettings(settings: SettingsRepo): ProviderSettings {
  return settings.get<ProviderSettings>(PROVIDER_SETTING) ?? {};
}

export function saveProvider(
  settings: SettingsRepo,
  secrets: SecretStore,
  value: ProviderSettings & { apiKey?: string },
): void {
  const { apiKey, ...rest } = value;
  // A key kept (saved before iAs recorded its server, or with no server then) stays with the
  // server it was saved for, recorded now, before the settings move elsewhere: the old settings'
  // server, or, for a key saved with none, the first one saved after it.
  const recorded = settings.get<string>(API_KEY_ORIGIN);
  if (apiKey === undefined && !recorded) {
    const origin = (recorded === undefined ? savedKeyOrigin(settings) : undefined) ?? settingsOrigin(rest);
    if (origin) settings.set(API_KEY_ORIGIN, origin);
  }
  // The key first: whoever the provider's commit tells of the change then reads the new key too.
  setApiKey(settings, secrets, apiKey, rest);
  settings.set(PROVIDER_SETTING, rest);
}

/**
 * Saves a new key for the server of `forSettings` (the saved provider's unless given); '' removes
 * the saved one from the store (its file too), undefined keeps it. A change is then marked in the
 * settings (API_KEY_CHANGE), for other processes to see it.
 */
export function setApiKey(
  settings: SettingsRepo,
  secrets: SecretStore,
  apiKey: string | undefined,
  forSettings: ProviderSettings = providerSettings(settings),
): void {
  if (apiKey === undefined) return;
  if (apiKey === '') {
    secrets.delete(API_KEY_SECRET);
    settings.delete(API_KEY_ORIGIN);
  } else {
    // No server while the key is written: stopped half-way, neither key goes to the other's server.
    const before = settings.get<string>(API_KEY_ORIGIN);
    settings.set(API_KEY_ORIGIN, '');
    try {
      secrets.set(API_KEY_SECRET, Buffer.from(apiKey, 'utf8'), API_KEY_ACCESS);
    } catch (err) {
      // Not written: the saved key keeps its server.
      settings.set(API_KEY_ORIGIN, before);
      if (err instanceof SecretFolderUnsafeError) throw new ApiKeyNotSavedError(apiKeyFileRefusal(err));
      throw err;
    }
    settings.set(API_KEY_ORIGIN, settingsOrigin(forSettings) ?? '');
  }
  settings.set(API_KEY_CHANGE, randomUUID());
}

/**
 * Why an API key cannot be sent in a request's header, undefined when it can: it is printable ASCII
 * and holds no white space. A character past that (a NUL, as a key file saved as UTF-16 has) has
 * every request fail, and fetch's error quotes the whole key. The one check for every way a key
 * comes in: give it the text trimmed.
 */
export function apiKeyFlaw(key: string): ApiKeyFlaw | undefined {
  if (/[^\x21-\x7e\s]/.test(key)) return 'not-printable';
  if (/\s/.test(key)) return 'whitespace';
  return undefined;
}

/**
 * Why a base URL cannot be used, said as coming from `where` (the environment, the settings, the
 * `--base-url` a command was given, or the Settings page's field); undefined when it can be. It is
 * an http(s) address that the client puts `/chat/completions` after, so it holds no white space,
 * no user name or password (the key is given apart), no query or fragment, and not that endpoint
 * itself. The one check for every way a base URL comes in: give it the text trimmed.
 */
export function baseUrlRefusal(value: string, where: BaseUrlWhere): TurnMessage | undefined {
  // A user name or password never goes into a message, whatever else is wrong: all before the last
  // @ of the address is shown as *** (a password may hold a /). Nor does a query or fragment (a key
  // may be in one, as ?key=…): shown as ?… and #….
  const shown = value
    .replace(/^([a-z][a-z0-9+.-]*:\/*)[^?#]*@/i, '$1***@')
    .replace(/\?[^#]*/, '?…')
    .replace(/#.*/s, '#…');
  const refuse = (reason?: BaseUrlFlaw, url?: string) =>
    turnMessage('base-url-not-web-address', {
      where,
      value: shown,
      ...(reason ? { reason } : {}),
      ...(url ? { url } : {}),
    });
  if (/\s/.test(value)) return refuse('whitespace');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return refuse();
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') return refuse();
  if (url.username || url.password) return refuse('credentials');
  const beforeFragment = value.split('#')[0]!;
  if (beforeFragment.includes('?')) return refuse('query');
  if (value.includes('#')) return refuse('fragment');
  const path = url.pathname.replace(/\/+$/, '');
  if (/\/chat\/completions$/i.test(path))
    return refuse('endpoint', `${url.origin}${path.slice(0, -'/chat/completions'.length)}`);
  return undefined;
}

/** A value of the provider config and where it came from. */
export interface ProviderPart {
  value: string;
  from: ProviderConfig['from']['baseUrl'];
}

/**
 * The base URL and model in use, each from the first of the environment, the `saved` settings and
 * the saved preset's defaults that has one (a variable trimmed; an empty one counts as unset), and the saved preset.
 */
export function providerParts(
  saved: ProviderSettings,
  env: NodeJS.ProcessEnv = process.env,
): { preset?: ProviderPreset; baseUrl?: ProviderPart; model?: ProviderPart } {
  const preset = PROVIDER_PRESETS.find((p) => p.id === saved.preset);
  // Spaces about a variable's value are left over from a copy, as about a key: a blank one is unset.
  const variable = (value: string | undefined) => value?.trim();
  const pick = (envValue: string | undefined, saved: string | undefined, fromPreset: string | undefined) =>
    envValue
      ? { value: envValue, from: 'env' as const }
      : saved
        ? { value: saved, from: 'settings' as const }
        : fromPreset
          ? { value: fromPreset, from: 'preset' as const }
          : undefined;
  return {
    preset,
    baseUrl: pick(variable(env.IAS_LLM_BASE_URL), saved.baseUrl, preset?.baseUrl),
    model: pick(variable(env.IAS_LLM_MODEL), saved.model, preset?.model),
  };
}

/**
 * Whether an API key is saved (one the store refuses to read, in a file other users can read or
 * could have swapped: saved, though unusable).
 */
export function hasSavedApiKey(secrets: SecretStore): boolean {
  try {
    return (secrets.get(API_KEY_SECRET, API_KEY_ACCESS)?.length ?? 0) > 0;
  } catch (err) {
    if (err instanceof SecretFileRefusedError) return true;
    throw err;
  }
}

/** Why the store refused the API key's file, as a line said with the file and how to mend it. */
function apiKeyFileRefusal(err: SecretFileRefusedError): TurnMessage {
  if (err instanceof SecretFileOpenError) {
    return turnMessage('api-key-file-open', { file: err.file, mode: err.mode.toString(8).padStart(3, '0') });
  }
  if (err instanceof SecretFileNotOwnError)
    return turnMessage('api-key-file-not-own', { file: err.file, uid: err.uid });
  if (err instanceof SecretFolderUnsafeError) {
    return turnMessage('api-key-folder-unsafe', { file: err.file, unsafe: err.unsafe });
  }
  throw err;
}

/**
 * The saved API key. One the secret store refuses to read (in a file other users can read, that is
 * not the owner's, or in a folder another user could change) is a saved key that cannot be used,
 * said with its file and how to mend it.
 */
function savedApiKey(secrets: SecretStore): string | undefined {
  try {
    return secrets.get(API_KEY_SECRET, API_KEY_ACCESS)?.toString('utf8');
  } catch (err) {
    if (!(err instanceof SecretFileRefusedError)) throw err;
    throw new ProviderNotConfiguredError(apiKeyFileRefusal(err), { setting: 'api-key', from: 'settings' });
  }
}

/** The provider to use now; throws ProviderNotConfiguredError with what to set when there is none. */
export function resolveProvider(
  settings: SettingsRepo,
  secrets: SecretStore,
  env: NodeJS.ProcessEnv = process.env,
): ProviderConfig {
  const { baseUrl, model } = providerParts(providerSettings(settings), env);
  if (!baseUrl || !model) {
    // Say which one is missing when the other is set.
    const missing = baseUrl ? { missing: 'model' as const } : model ? { missing: 'base-url' as const } : {};
    throw new ProviderNotConfiguredError(turnMessage('no-model-configured', missing));
  }
  // Spaces about it are left over from a copy; the client would not mind them, nor does iAs.
  const base = baseUrl.value.trim();
  const urlFrom = baseUrl.from === 'env' ? 'env' : 'settings';
  const refusal = baseUrlRefusal(base, urlFrom);
  if (refusal) throw new ProviderNotConfiguredError(refusal, { setting: 'base-url', from: urlFrom });
  const variable = envApiKey(env);
  // The saved key goes only to the server it was saved for: another one gets no key, as a server
  // that needs none does (IAS_LLM_API_KEY is the way to give it one without saving it).
  const keyFor = variable ? undefined : savedKeyElsewhere(settings, base);
  const elsewhere = keyFor !== undefined && hasSavedApiKey(secrets);
  const stored = variable || keyFor !== undefined ? undefined : savedApiKey(secrets);
  const given = variable || stored || '';
  // Said now, not by the first request (whose error would quote the key), as the base URL is; a
  // line end or spaces about the key are left over from a copy, but a saved key of blanks is no key.
  const apiKey = given.trim();
  const flaw = given ? apiKeyFlaw(apiKey || given) : undefined;
  if (flaw) {
    const where = variable ? 'env' : 'secret';
    throw new ProviderNotConfiguredError(turnMessage('api-key-flawed', { where, reason: flaw }), {
      setting: 'api-key',
      from: where === 'env' ? 'env' : 'settings',
    });
  }
  return {
    baseUrl: base.replace(/\/+$/, ''),
    model: model.value,
    apiKey: apiKey || 'not-needed',
    from: {
      baseUrl: baseUrl.from,
      model: model.from,
      apiKey: variable ? 'env' : stored ? 'secret' : elsewhere ? 'other-server' : 'none',
    },
    ...(elsewhere ? { keyFor } : {}),
  };
}

/**
 * IAS_LLM_API_KEY as given, when it holds more than blanks: an empty or blank one counts as unset
 * (the saved key is used), as an empty or blank IAS_LLM_BASE_URL or IAS_LLM_MODEL does.
 */
export function envApiKey(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const value = env.IAS_LLM_API_KEY;
  return value?.trim() ? value : undefined;
}
