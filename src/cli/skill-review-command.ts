/**
 * `ias skills review NAME`: marks a user skill reviewed at the version the owner was shown, never
 * at whatever its folder holds when the answer comes. On a terminal it shows the skill (read once,
 * hashed over exactly what is shown) and asks; elsewhere the owner names the version with --hash,
 * by its whole hash: a part of it (48 bits for 12 digits) is too weak to approve content unattended.
 * Either way the mark is written only if the folder, read again, is still that version.
 */
import type { Command } from 'commander';
import { lazyAction } from './lazy-action.js';

export function registerSkillReviewCommand(skills: Command): void {
  skills
    .command('review')
    .description(
      'show a user skill and mark it reviewed by you at that version (until it changes, it runs at its own risk)',
    )
    .argument('<name>', 'the skill to review')
    .option(
      '--hash <hash>',
      'mark only if the skill is at this version: its whole hash, 64 hex digits (`ias skills list --json` prints it)',
    )
    .option('--yes', 'with --hash: mark without showing the skill or asking, on a terminal too')
    .option('--json', 'print JSON (needs --hash)')
    .action(lazyAction(async () => (await import('./skill-review-action.js')).reviewSkill));
}
