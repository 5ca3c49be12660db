/**
 * `ias chat [MESSAGE] [--conversation ID] [--json]`: one turn (its MESSAGE given, or piped in), or
 * an interactive chat on a terminal.
 */
import type { Command } from 'commander';
import { providerVariablesHelp } from './provider-help.js';
import { afterHelp } from './owner-language-help.js';
import { lazyAction } from './lazy-action.js';

export function registerChatCommand(program: Command): void {
  program
    .command('chat')
    .description('chat with iAs: one turn with MESSAGE (or one piped in), or an interactive session on a terminal')
    .argument(
      '[message]',
      'what to say (omitted: read from stdin when it is piped, else an interactive session on a terminal)',
    )
    .option('--conversation <id>', 'continue this conversation')
    .option('--json', 'print the turn as JSON (one turn: with a MESSAGE, or one piped in)')
    .addHelpText(
      'after',
      afterHelp(`${providerVariablesHelp}
On a terminal, Ctrl-C stops a reply and /exit or Ctrl-D leaves; /help lists
the chat's commands. A high-risk call is asked here (y/N; Ctrl-C declines
it). Exit codes: 0 the model replied, 1 the turn failed or no model is set,
2 a usage error, 130 stopped with Ctrl-C.
`),
    )
    .action(lazyAction(async () => (await import('./chat-action.js')).chat));
}
