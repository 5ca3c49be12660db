/**
 * `ias provider [show] | set | test | clear-key`: the model provider `ias chat` (and the app) use,
 * saved where the app's Settings page saves it — the preset, base URL and model in SQLite, the API
 * key in the secret store (a 0600 file from the command line), never in the database. The key never
 * comes from the command line and is never shown.
 */
import { type Command } from 'commander';
import {
  API_KEY_SECRET,
  ApiKeyNotSavedError,
  apiKeyFlaw,
  baseUrlRefusal,
  envApiKey,
  hasSavedApiKey,
  PROVIDER_PRESETS,
  providerSettings,
  savedKeyElsewhere,
  saveProvider,
  setApiKey,
  settingsOrigin,
  type ProviderPreset,
  type ProviderSettings,
} from '../core/agent/providers.js';
import { settingsApi } from '../core/api/settings-api.js';
import { secretPlaces } from '../core/approval/key-store.js';
import type { Runtime } from '../core/runtime.js';
import { sayTurnLine } from '../shared/turn-messages.js';
import { printError, saidUsageError } from './chat-output.js';
import { ownerLocale } from './cli-locale.js';
import { cliContext, contextRuntime, type GlobalOptions } from './context.js';
import { color, jsonText, table } from './format.js';
import { printProviderView, providerView } from './provider-view.js';
import { providerWords, type ProviderWords } from './provider-words.js';
import { readSecret, saidPromptEnd } from './secret-input.js';
import { UsageError } from './usage-error.js';

interface SetOptions {
  preset?: string;
  baseUrl?: string;
  model?: string;
  keyStdin?: boolean;
  /** Refused: a key on the command line. */
  key?: string;
  json?: boolean;
}

/**
 * Runs `work` over the runtime, in the owner's language; a usage error is said in it (exit 2), as
 * is a prompt left with Ctrl-C (exit 130) or by a terminal gone away (exit 1).
 */
async function withProvider(cmd: Command, work: (runtime: Runtime, words: ProviderWords) => Promise<void>) {
  const context = cliContext(cmd.optsWithGlobals<GlobalOptions>());
  const runtime = await contextRuntime(context);
  const words = providerWords[await ownerLocale(runtime)];
  try {
    await work(runtime, words);
  } catch (err) {
    if (saidUsageError(err, words)) return;
    if (err instanceof ApiKeyNotSavedError) {
      // A folder on the way to the key's file that another user could change: nothing was saved.
      printError(words, sayTurnLine(words.turn, err.message, err.messageCode));
      process.exitCode = 1;
    } else if (!saidPromptEnd(err, words)) throw err;
  } finally {
    await runtime.close();
  }
}

function show(runtime: Runtime, words: ProviderWords, json: boolean | undefined): void {
  const view = providerView(runtime, words);
  if (json) process.stdout.write(`${jsonText(view, 2)}\n`);
  else printProviderView(view, words);
}

const presetList = () => table(PROVIDER_PRESETS.map((p) => [`  ${p.id}`, p.label]));

/** The settings after `set`: a preset starts afresh; a base URL alone is a server of one's own. */
function nextSettings(saved: ProviderSettings, opts: SetOptions, preset: ProviderPreset | undefined): ProviderSettings {
  const given = {
    ...(opts.baseUrl !== undefined ? { baseUrl: opts.baseUrl } : {}),
    ...(opts.model !== undefined ? { model: opts.model } : {}),
  };
  if (preset) return { preset: preset.id, ...given };
  if (opts.baseUrl === undefined) return { ...saved, ...given };
  // The model the old preset gave stays the model, now saved as such.
  const model = opts.model ?? saved.model ?? PROVIDER_PRESETS.find((p) => p.id === saved.preset)?.model;
  return { baseUrl: opts.baseUrl, ...(model ? { model } : {}) };
}

/** Refuses what cannot be saved, before anything is. */
function checkSetOptions(opts: SetOptions, words: ProviderWords): ProviderPreset | undefined {
  if (opts.key !== undefined) throw new UsageError(words.keyNotFromArgv);
  const preset =
    opts.preset === undefined ? undefined : PROVIDER_PRESETS.find((p) => p.id === opts.preset!.trim().toLowerCase());
  if (opts.preset !== undefined && !preset) throw new UsageError(words.unknownPreset(opts.preset, presetList()));
  if (opts.baseUrl !== undefined) {
    opts.baseUrl = opts.baseUrl.trim();
    const refusal = baseUrlRefusal(opts.baseUrl, 'option');
    if (refusal) throw new UsageError(sayTurnLine(words.turn, refusal.message, refusal));
  }
  if (opts.model !== undefined) {
    opts.model = opts.model.trim();
    if (opts.model === '') throw new UsageError(words.emptyModel);
  }
  return preset;
}

/**
 * The key to save, if any: piped in with --key-stdin, or typed unseen on a terminal — asked when
 * --key-stdin is given, when nothing else is, or when the provider needs a key and none is saved.
 */
async function keyToSave(
  opts: SetOptions,
  words: ProviderWords,
  ask: { nothingElse: boolean; needsKey: boolean; saved: boolean },
): Promise<string | undefined> {
  const onTerminal = process.stdin.isTTY === true;
  let key: string;
  // Asked on a terminal, piped in otherwise (--key-stdin).
  if (opts.keyStdin || (onTerminal && (ask.nothingElse || (ask.needsKey && !ask.saved)))) {
    key = (await readSecret(words.keyPrompt(ask.saved), words.keyTooLong)).trim();
  } else {
    if (ask.nothingElse) throw new UsageError(words.nothingToSet);
    return undefined;
  }
  if (key === '') {
    if (opts.keyStdin) throw new UsageError(words.emptyKey);
    return undefined;
  }
  // A character a request header cannot carry (a NUL, as in a file saved as UTF-16) would have
  // every request fail with an error that quotes the whole key.
  const flaw = apiKeyFlaw(key);
  if (flaw) throw new UsageError(flaw === 'not-printable' ? words.keyNotPrintable : words.keyWithSpaces);
  return key;
}

export async function showProvider(opts: { json?: boolean }, cmd: Command): Promise<void> {
  await withProvider(cmd, async (runtime, words) => show(runtime, words, opts.json));
}

export async function setProvider(opts: SetOptions & { apiKey?: string }, cmd: Command): Promise<void> {
  await withProvider(cmd, async (runtime, words) => {
    const options = { ...opts, key: opts.key ?? opts.apiKey };
    const preset = checkSetOptions(options, words);
    const { settings } = runtime.store;
    const saved = providerSettings(settings);
    const next = nextSettings(saved, options, preset);
    const nextPreset = PROVIDER_PRESETS.find((p) => p.id === next.preset);
    const hasKey = hasSavedApiKey(runtime.secrets);
    const nothingElse = opts.preset === undefined && opts.baseUrl === undefined && opts.model === undefined;
    // A key saved for another server is no key for this one (it is never sent there): asked
    // for, as when none is saved. One saved for no server yet becomes this one's (saveProvider).
    const newServer = settingsOrigin(next);
    const keyElsewhere = newServer ? savedKeyElsewhere(settings, newServer) : undefined;
    const apiKey = await keyToSave(options, words, {
      nothingElse,
      needsKey: nextPreset?.needsKey ?? true,
      saved: hasKey && !keyElsewhere,
    });
    saveProvider(settings, runtime.secrets, { ...next, ...(apiKey !== undefined ? { apiKey } : {}) });
    if (!opts.json) process.stdout.write(`${color.green(words.saved)}\n`);
    show(runtime, words, opts.json);
    const sealedByApp = secretPlaces(runtime.secrets, API_KEY_SECRET).sealedByApp;
    if (nextPreset?.needsKey && apiKey === undefined && !hasKey && !sealedByApp && !envApiKey()) {
      process.stderr.write(`${color.yellow(words.needsKeyNote(words.presetName(nextPreset)))}\n`);
    }
    // The key saved for one server stays with it: moved to another, no key is sent there.
    const keyFor = newServer ? savedKeyElsewhere(settings, newServer) : undefined;
    if (
      apiKey === undefined &&
      (hasKey || sealedByApp) &&
      keyFor !== undefined &&
      newServer !== settingsOrigin(saved)
    ) {
      process.stderr.write(`${color.yellow(words.keyStaysNote(keyFor, newServer!))}\n`);
    }
  });
}

export async function testProvider(opts: { json?: boolean }, cmd: Command): Promise<void> {
  await withProvider(cmd, async (runtime, words) => {
    const result = await settingsApi(runtime).testProvider();
    const message = sayTurnLine(words.turn, result.message, result.messageCode);
    if (opts.json) process.stdout.write(`${jsonText({ ok: result.ok, message }, 2)}\n`);
    if (result.ok) {
      if (!opts.json) process.stdout.write(`${color.green(message)}\n`);
      return;
    }
    printError(words, message);
    const { configured, unset, apiKey } = providerView(runtime, words);
    if (unset) process.stderr.write(`${words.setHint}\n`);
    else if (configured && !apiKey.set && apiKey.sealedByApp)
      process.stderr.write(`${color.yellow(words.keyOnlyInApp)}\n`);
    process.exitCode = 1;
  });
}

export async function clearProviderKey(_opts: unknown, cmd: Command): Promise<void> {
  await withProvider(cmd, async (runtime, words) => {
    const places = secretPlaces(runtime.secrets, API_KEY_SECRET);
    setApiKey(runtime.store.settings, runtime.secrets, '');
    process.stdout.write(
      `${places.file || places.sealedByApp ? words.keyCleared(places.sealedByApp) : words.noKeyToClear}\n`,
    );
    if (envApiKey()) process.stderr.write(`${color.yellow(words.envKeyStillUsed)}\n`);
  });
}
