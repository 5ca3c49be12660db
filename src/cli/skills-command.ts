/** `ias skills list | check | run` (and `config`, `review`, `enable`, `disable`, registered from their own files). */
import type { Command } from 'commander';
import { registerSkillConfigCommand } from './skill-config-command.js';
import { registerSkillReviewCommand } from './skill-review-command.js';
import { registerSkillSwitchCommands } from './skill-switch-command.js';
import { lazyAction } from './lazy-action.js';

export function registerSkillsCommand(program: Command): void {
  const skills = program.command('skills').description('list, check and run skills');

  skills
    // `ias skills` alone lists them, as `ias tasks` and `ias provider` show theirs.
    .command('list', { isDefault: true })
    .description('list the skills iAs can use')
    .option('--json', 'print JSON')
    .action(lazyAction(async () => (await import('./skills-actions.js')).listSkills));

  skills
    .command('check')
    .description('check skill folders, folders of skill folders, or SKILL.md files')
    .argument('<path...>', 'what to check')
    .option('--json', 'print JSON')
    .action(lazyAction(async () => (await import('./skills-actions.js')).checkSkills));

  skills
    .command('run')
    .description('run a skill now, as the owner at this terminal (no approval needed)')
    .argument('<name>', 'the skill to run')
    .option('--params <json>', 'the arguments, as a JSON object', '{}')
    .option('--json', 'print the result as JSON')
    .action(lazyAction(async () => (await import('./skills-actions.js')).runSkill));

  registerSkillConfigCommand(skills);
  registerSkillReviewCommand(skills);
  registerSkillSwitchCommands(skills);
}
