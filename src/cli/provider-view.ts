/**
 * What `ias provider` shows: the base URL, model and API key `ias chat` would use now, where each
 * comes from (the environment, the saved settings, a preset's defaults), and where the key is kept
 * — never any part of the key itself.
 */
import path from 'node:path';
import {
  API_KEY_SECRET,
  envApiKey,
  hasSavedApiKey,
  ProviderNotConfiguredError,
  providerParts,
  providerSettings,
  resolveProvider,
  type ProviderPart,
  type ProviderSettings,
} from '../core/agent/providers.js';
import { secretPlaces } from '../core/approval/key-store.js';
import type { Runtime } from '../core/runtime.js';
import { sayTurnLine } from '../shared/turn-messages.js';
import { color } from './format.js';
import type { ProviderWords } from './provider-words.js';

export interface ProviderView {
  /** Whether `ias chat` can ask a model now. */
  configured: boolean;
  /** Why it cannot, in the command's language. */
  problem: string | null;
  /** It cannot because no base URL or model is set (not because one set cannot be used). */
  unset: boolean;
  /** What is saved (the key aside). */
  saved: ProviderSettings;
  preset: { id: string; label: string; needsKey: boolean } | null;
  baseUrl: ProviderPart | null;
  model: ProviderPart | null;
  apiKey: {
    /** Whether `ias chat` sends a key. */
    set: boolean;
    from: 'env' | 'secret' | 'none' | 'other-server';
    /** With 'other-server': the server the saved key belongs to ('' none yet); it is not sent here. */
    keyFor: string | null;
    /** The 0600 file that holds the saved key, when there is one. */
    savedIn: string | null;
    /** The desktop app keeps a copy sealed with the OS keychain, which `ias` cannot read. */
    sealedByApp: boolean;
    /** The app uses that sealed copy rather than the file (it was set last). */
    appUsesSealed: boolean;
  };
}

export function providerView(runtime: Runtime, words: ProviderWords, env = process.env): ProviderView {
  const { settings } = runtime.store;
  const { preset, baseUrl, model } = providerParts(providerSettings(settings), env);
  const places = secretPlaces(runtime.secrets, API_KEY_SECRET);
  // A saved key is one whose file is there (one others can read is saved, and refused: the problem
  // says so, as `ias chat` would).
  const savedIn = path.join(runtime.paths.secrets, API_KEY_SECRET);
  const saved = hasSavedApiKey(runtime.secrets);
  let keyFor: string | null = null;
  let problem: string | null = null;
  let unset = false;
  try {
    // The saved key is said to be another server's only for a provider that can be used: one that
    // cannot says what to mend first.
    const config = resolveProvider(settings, runtime.secrets, env);
    if (config.from.apiKey === 'other-server') keyFor = config.keyFor ?? '';
  } catch (err) {
    if (!(err instanceof ProviderNotConfiguredError)) throw err;
    problem = sayTurnLine(words.turn, err.message, err.messageCode);
    unset = err.messageCode.code === 'no-model-configured';
  }
  return {
    configured: problem === null,
    unset,
    problem,
    saved: providerSettings(settings),
    preset: preset ? { id: preset.id, label: preset.label, needsKey: preset.needsKey } : null,
    baseUrl: baseUrl ?? null,
    model: model ?? null,
    apiKey: {
      set: Boolean(envApiKey(env)) || (saved && keyFor === null),
      from: envApiKey(env) ? 'env' : keyFor !== null ? 'other-server' : saved ? 'secret' : 'none',
      keyFor,
      savedIn: saved ? savedIn : null,
      sealedByApp: places.sealedByApp,
      appUsesSealed: places.appUsesSealed,
    },
  };
}

/** The rows for people, then what is missing and how to set it. */
export function printProviderView(view: ProviderView, words: ProviderWords, env = process.env): void {
  // What the saved settings alone give, to say what a variable overrides.
  const withoutEnv = providerParts(view.saved, {});
  const source = (part: ProviderPart, variable: string, saved: ProviderPart | undefined) =>
    part.from === 'env'
      ? words.fromEnv(variable, saved && `"${saved.value}"`)
      : part.from === 'preset'
        ? words.fromPreset(view.preset?.id ?? '')
        : words.fromSettings;
  const row = (part: ProviderPart | null, variable: string, saved: ProviderPart | undefined) =>
    part ? `${part.value}  ${color.dim(source(part, variable, saved))}` : color.yellow(words.notSet);
  const lines = [
    words.heading,
    `  ${words.labels.preset}${presetLine(view, words)}`,
    `  ${words.labels.baseUrl}${row(view.baseUrl, 'IAS_LLM_BASE_URL', withoutEnv.baseUrl)}`,
    `  ${words.labels.model}${row(view.model, 'IAS_LLM_MODEL', withoutEnv.model)}`,
    `  ${words.labels.apiKey}${keyLine(view, words, env)}`,
  ];
  // How to set a provider helps when none is; a provider set but unusable is told what to mend.
  if (view.problem) lines.push('', color.yellow(view.problem), ...(view.unset ? [words.setHint] : []));
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** The preset, a server of one's own (a base URL without one), or nothing set at all. */
function presetLine(view: ProviderView, words: ProviderWords): string {
  if (view.preset) return words.presetRow(view.preset.id, words.presetName(view.preset));
  return view.baseUrl ? words.noPreset : color.yellow(words.notSet);
}

function keyLine(view: ProviderView, words: ProviderWords, env: NodeJS.ProcessEnv): string {
  const key = view.apiKey;
  if (envApiKey(env)) return words.keyFromEnv(key.savedIn ?? undefined);
  if (key.keyFor !== null) return color.yellow(words.keyForOtherServer(key.keyFor, key.savedIn ?? ''));
  if (key.savedIn) return `${words.keySaved(key.savedIn)}${key.appUsesSealed ? words.appUsesItsOwnKey : ''}`;
  if (key.sealedByApp) return color.yellow(words.keyOnlyInApp);
  const neededBy = view.preset?.needsKey && view.baseUrl?.from !== 'env' ? words.presetName(view.preset) : undefined;
  return neededBy ? color.yellow(words.keyNotSet(neededBy)) : words.keyNotSet();
}
