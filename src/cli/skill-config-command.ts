/** `ias skills config NAME [KEY=VALUE…]`: show or set a skill's own settings (keys, accounts, addresses). */
import type { Command } from 'commander';
import { lazyAction } from './lazy-action.js';

export function registerSkillConfigCommand(skills: Command): void {
  skills
    .command('config')
    .description("show or set a skill's settings; secrets are kept in the secret store and never shown")
    .argument('<name>', 'the skill')
    .argument(
      '[assignments...]',
      'KEY=VALUE to set, KEY= to clear, KEY=- to read the value from stdin (a secret only so: asked for unseen on a terminal)',
    )
    .option('--json', 'print JSON')
    .action(lazyAction(async () => (await import('./skill-config-action.js')).configureSkill));
}
