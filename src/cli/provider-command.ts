/**
 * `ias provider [show] | set | test | clear-key`: the model provider `ias chat` (and the app) use,
 * saved where the app's Settings page saves it — the preset, base URL and model in SQLite, the API
 * key in the secret store (a 0600 file from the command line), never in the database. The key never
 * comes from the command line and is never shown.
 */
import { Option, type Command } from 'commander';
import { PROVIDER_PRESETS } from '../core/agent/providers.js';
import { providerVariablesHelp } from './provider-help.js';
import { afterHelp } from './owner-language-help.js';
import { lazyAction } from './lazy-action.js';

export function registerProviderCommand(program: Command): void {
  const provider = program
    .command('provider')
    .description('show, save or test the model provider `ias chat` uses (the key is kept in the secret store)')
    .addHelpText('after', afterHelp(providerVariablesHelp));

  provider
    .command('show', { isDefault: true })
    .description('what `ias chat` would use now, and where each part comes from (never the key itself)')
    .option('--json', 'print JSON')
    .action(lazyAction(async () => (await import('./provider-actions.js')).showProvider));

  provider
    .command('set')
    .description(
      'save the provider: a preset, a base URL, a model; the API key is asked for on a terminal (unseen) or piped in with --key-stdin, never given as an argument',
    )
    .option('--preset <name>', `a preset: ${PROVIDER_PRESETS.map((p) => p.id).join(', ')}`)
    .option('--base-url <url>', "the server's OpenAI-compatible base URL, usually ending in /v1")
    .option('--model <model>', 'the model name')
    .option('--key-stdin', 'read the API key from stdin (on a terminal: ask for it without showing it)')
    .addOption(new Option('--key <key>').hideHelp())
    .addOption(new Option('--api-key <key>').hideHelp())
    .option('--json', 'print what is saved as JSON')
    .action(lazyAction(async () => (await import('./provider-actions.js')).setProvider));

  provider
    .command('test')
    .description("ask the provider's server a one-token question, as Settings → Test connection does")
    .option('--json', 'print the outcome as JSON')
    .action(lazyAction(async () => (await import('./provider-actions.js')).testProvider));

  provider
    .command('clear-key')
    .description("remove the saved API key (the desktop app's sealed copy too)")
    .action(lazyAction(async () => (await import('./provider-actions.js')).clearProviderKey));
}
