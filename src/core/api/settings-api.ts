/** Settings over the contract: the model provider, the app's preferences, the high-risk pause. */
import { BadRequestError } from 'openai/core/error';
import type { ApiErrorParams } from '../../shared/api-errors.js';
import type { AppSettings, IasApi, ProviderInfo } from '../../shared/contract.js';
import {
  ApiKeyNotSavedError,
  apiKeyFlaw,
  baseUrlRefusal,
  envApiKey,
  PROVIDER_PRESETS,
  ProviderNotConfiguredError,
  providerSettings,
  resolveProvider,
  hasSavedApiKey,
  saveProvider,
  setApiKey,
} from '../agent/providers.js';
import { describeProviderError, sentKey } from '../agent/provider-errors.js';
import { MODEL_WAIT_MS } from '../agent/provider-request.js';
import { codeOf, turnMessage } from '../agent/turn-messages.js';
import { completionChunk, eventsIn } from '../agent/whole-answers.js';
import { APP_SETTINGS } from '../owner-locale.js';
import { apiError, ApiError } from './api-error.js';
import { HIGH_RISK_PAUSED, TIME_ZONE, type Runtime } from '../runtime.js';
import { canonicalTimeZone, FOLLOW_SYSTEM, timeZoneRefusal } from '../time-zone.js';

type SettingsMethods = Pick<
  IasApi,
  'getProvider' | 'saveProvider' | 'testProvider' | 'getSettings' | 'saveSettings' | 'setHighRiskPaused'
>;

export { APP_SETTINGS };
const DEFAULTS = { language: 'system', theme: 'system', notifications: true, launchAtLogin: false } as const;

export function settingsApi(runtime: Runtime, env: NodeJS.ProcessEnv = process.env): SettingsMethods {
  const { settings } = runtime.store;
  const hasKey = () => hasSavedApiKey(runtime.secrets);
  const appSettings = (): AppSettings => ({
    ...DEFAULTS,
    ...(settings.get<Partial<AppSettings>>(APP_SETTINGS) ?? {}),
    dataDir: runtime.paths.home,
    highRiskPaused: settings.get(HIGH_RISK_PAUSED) === true,
    timeZone: settings.get<string>(TIME_ZONE) ?? FOLLOW_SYSTEM,
    timeZoneInUse: runtime.timeZone(),
  });

  return {
    async getProvider() {
      let effective = null;
      let unusable: ProviderInfo['unusable'] = null;
      try {
        const config = resolveProvider(settings, runtime.secrets, env);
        effective = {
          baseUrl: config.baseUrl,
          model: config.model,
          hasKey: config.from.apiKey === 'env' || config.from.apiKey === 'secret',
          fromEnv: config.from.baseUrl === 'env' || config.from.model === 'env' || config.from.apiKey === 'env',
          keyFor: config.from.apiKey === 'other-server' ? (config.keyFor ?? '') : null,
        };
      } catch (err) {
        // No model configured yet (the UI shows its setup card), or one that cannot be used: which
        // setting, from where and why, for the UI to say so and where to mend it.
        if (err instanceof ProviderNotConfiguredError && err.unusable) {
          unusable = { ...err.unusable, message: err.message, messageCode: err.messageCode };
        }
      }
      return {
        presets: PROVIDER_PRESETS,
        keyKeptIn: runtime.secrets.keptIn,
        saved: { ...providerSettings(settings), hasKey: hasKey() },
        // Said even when no model can be asked yet (IAS_LLM_API_KEY alone, say): that key is in use.
        env: {
          baseUrl: Boolean(env.IAS_LLM_BASE_URL?.trim()),
          model: Boolean(env.IAS_LLM_MODEL?.trim()),
          apiKey: envApiKey(env) !== undefined,
        },
        effective,
        unusable,
      };
    },
    async saveProvider(input) {
      // Refused as `ias provider set` refuses them, before anything is saved; both trimmed, as it
      // trims them (spaces or a line end about a pasted key are left from the copy).
      const baseUrl = input.baseUrl?.trim();
      const refusal = baseUrl ? baseUrlRefusal(baseUrl, 'field') : undefined;
      if (refusal) throw apiError('bad-base-url', codeOf(refusal).params as ApiErrorParams['bad-base-url']);
      const apiKey = input.apiKey?.trim();
      // A key of blanks alone is refused as such, not taken as '' (which removes the saved key).
      const keyFlaw = apiKey === undefined ? undefined : apiKeyFlaw(apiKey || input.apiKey!);
      if (keyFlaw) throw apiError('bad-api-key', { reason: keyFlaw });
      try {
        // The key alone (Settings' "Remove saved key"): the provider saved stays as it is.
        if (
          apiKey !== undefined &&
          input.preset === undefined &&
          input.baseUrl === undefined &&
          input.model === undefined
        ) {
          setApiKey(settings, runtime.secrets, apiKey);
          return;
        }
        saveProvider(settings, runtime.secrets, {
          ...input,
          ...(baseUrl !== undefined ? { baseUrl } : {}),
          ...(apiKey !== undefined ? { apiKey } : {}),
        });
      } catch (err) {
        if (!(err instanceof ApiKeyNotSavedError)) throw err;
        throw apiError('api-key-not-saved', { message: err.message, messageCode: err.messageCode });
      }
    },
    async testProvider() {
      let config;
      try {
        config = resolveProvider(settings, runtime.secrets, env);
      } catch (err) {
        if (err instanceof ProviderNotConfiguredError) {
          return { ok: false, message: err.message, messageCode: err.messageCode };
        }
        return { ok: false, message: (err as Error).message };
      }
      // As long as the chat waits: a model the chat can talk to is not said to be timed out.
      const { default: OpenAI } = await import('openai');
      const client = new OpenAI({
        baseURL: config.baseUrl,
        apiKey: config.apiKey,
        maxRetries: 0,
        timeout: MODEL_WAIT_MS,
      });
      try {
        const ping = (limit: boolean) =>
          client.chat.completions
            .create({
              model: config.model,
              messages: [{ role: 'user', content: 'ping' }],
              ...(limit ? { max_tokens: 1 } : {}),
            })
            .withResponse();
        // A reply of one token is enough; a model that takes no max_tokens (OpenAI's reasoning
        // models), which the chat never sends, is asked again without it.
        const { data, response } = await ping(true).catch((err: unknown) => {
          if (err instanceof BadRequestError && (err.param === 'max_tokens' || /max_tokens/.test(err.message))) {
            return ping(false);
          }
          throw err;
        });
        // Answered only with a completion (as the chat reads one): a web page or a 200 body without
        // `choices` is said as the chat would say it; events, from a server that always streams, are one.
        const body: unknown = data;
        const events = typeof body === 'string' ? eventsIn(body) : undefined;
        if (!events?.some((event) => Array.isArray((event as { choices?: unknown } | null)?.choices))) {
          completionChunk(body, response.headers.get('content-type') ?? '');
        }
        const answered = turnMessage('model-answered', { model: config.model, baseUrl: config.baseUrl });
        return { ok: true, message: answered.message, messageCode: codeOf(answered) };
      } catch (err) {
        const failure = describeProviderError(err, config.baseUrl, sentKey(config), config.apiKey);
        return { ok: false, message: failure.message, messageCode: codeOf(failure) };
      }
    },
    async getSettings() {
      return appSettings();
    },
    async saveSettings(input) {
      const { timeZone, ...rest } = input;
      // The runtime reads the zone under its own key; checked before anything is saved.
      const zone = timeZone === undefined || timeZone === FOLLOW_SYSTEM ? timeZone : canonicalTimeZone(timeZone);
      if (timeZone !== undefined && zone === undefined) {
        const { message, messageCode } = timeZoneRefusal(timeZone);
        throw new ApiError(message, messageCode);
      }
      const {
        dataDir: _dataDir,
        highRiskPaused: _paused,
        timeZone: _zone,
        timeZoneInUse: _inUse,
        ...current
      } = appSettings();
      runtime.store.atomically(() => {
        settings.set(APP_SETTINGS, { ...current, ...rest });
        if (zone === FOLLOW_SYSTEM) settings.delete(TIME_ZONE);
        else if (zone !== undefined) settings.set(TIME_ZONE, zone);
      });
      return appSettings();
    },
    async setHighRiskPaused(paused) {
      settings.set(HIGH_RISK_PAUSED, paused);
    },
  };
}
