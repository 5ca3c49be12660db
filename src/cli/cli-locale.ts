/**
 * The language of a command's own words: the owner's `language` setting (as in the app) when it
 * is not 'system', else the system's locale (see core/owner-locale.ts).
 */
import path from 'node:path';
import type { Command } from 'commander';
import { ownerLocale as settingsLocale, systemLanguage } from '../core/owner-locale.js';
import { dataPaths, defaultDataHome } from '../core/paths.js';
import type { Runtime } from '../core/runtime.js';
import { pickLocale, type Locale } from '../shared/locale.js';
import { chineseStartRefusal, startRefusalOf } from '../shared/start-refusals-zh-CN.js';
import type { GlobalOptions } from './context.js';
import { withExistingStore, type StorePeek } from './existing-store.js';

export { systemLanguage } from '../core/owner-locale.js';

export async function ownerLocale(runtime: Runtime, env: NodeJS.ProcessEnv = process.env): Promise<Locale> {
  return settingsLocale(runtime.store.settings, env);
}

/** The same, read from the data folder's database if there is one (creating, moving or changing nothing). */
export function commandLocale(database: string, env: NodeJS.ProcessEnv = process.env): Locale {
  return withExistingStore(database, (store) => storeLocale(store, env));
}

/** The same, from a store a command already has open (or a peek, see withExistingStore), or none. */
export function storeLocale(store: StorePeek | undefined, env: NodeJS.ProcessEnv = process.env): Locale {
  return store ? settingsLocale(store.settings, env) : pickLocale(undefined, systemLanguage(env));
}

/**
 * The same for any command of the program, from the data folder its --home names (as far as it is
 * parsed), else the default one: English when even that cannot be read.
 */
export function programLocale(command: Command, env: NodeJS.ProcessEnv = process.env): Locale {
  let program = command;
  while (program.parent) program = program.parent;
  const { home } = program.opts<GlobalOptions>();
  try {
    return commandLocale(dataPaths(home ? path.resolve(home) : defaultDataHome(env)).database, env);
  } catch {
    return 'en';
  }
}

/**
 * A start refused (a secret's file, the data folder or its database, the serve lock, port or host),
 * in Chinese when that is the owner's language for `command`; undefined for English or another error.
 */
export function chineseRefusal(err: unknown, command: Command): string | undefined {
  const refusal = startRefusalOf(err);
  return refusal && programLocale(command) === 'zh-CN' ? chineseStartRefusal(refusal) : undefined;
}
