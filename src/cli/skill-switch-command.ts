/**
 * `ias skills enable NAME` and `ias skills disable NAME`: the skills manager's switch, through the
 * same core call (setSkillEnabled). Switching a skill on changes nothing else: an unreviewed user
 * skill still runs as high risk until it is reviewed, and a high-risk one still asks each time.
 */
import type { Command } from 'commander';
import { lazyAction } from './lazy-action.js';

export function registerSkillSwitchCommands(skills: Command): void {
  for (const on of [true, false]) {
    skills
      .command(on ? 'enable' : 'disable')
      .description(
        on
          ? 'switch a skill on, as the switch in the skills manager does (an unreviewed skill still runs as high risk)'
          : 'switch a skill off: the model no longer sees it',
      )
      .argument('<name>', 'the skill')
      .option('--json', 'print JSON')
      .action(
        lazyAction(async () => {
          const { switchSkill } = await import('./skill-switch-action.js');
          return (name: string, opts: { json?: boolean }, cmd: Command) => switchSkill(name, on, opts.json, cmd);
        }),
      );
  }
}
