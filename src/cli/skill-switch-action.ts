/**
 * `ias skills enable NAME` and `ias skills disable NAME`: the skills manager's switch, through the
 * same core call (setSkillEnabled). Switching a skill on changes nothing else: an unreviewed user
 * skill still runs as high risk until it is reviewed, and a high-risk one still asks each time.
 */
import type { Command } from 'commander';
import { skillsApi } from '../core/api/skills-api.js';
import { printError } from './chat-output.js';
import { commandLocale } from './cli-locale.js';
import { cliContext, contextRuntime, type GlobalOptions } from './context.js';
import { color, jsonText } from './format.js';
import { needsConfigJson } from './needs-config-json.js';
import { skillSwitchWords } from './skill-switch-words.js';
import { unknownSkill } from './unknown-skill.js';

/** Switches skill NAME on or off; prints what it is now. */
export async function switchSkill(name: string, on: boolean, json: boolean | undefined, cmd: Command): Promise<void> {
  const context = cliContext(cmd.optsWithGlobals<GlobalOptions>());
  const locale = commandLocale(context.paths.database);
  const words = skillSwitchWords[locale];
  if (!context.registry.get(name)) {
    printError(words, unknownSkill(context, name, locale).message);
    process.exitCode = 2;
    return;
  }
  const runtime = await contextRuntime(context);
  try {
    const api = skillsApi(runtime, () => {});
    const find = async () => (await api.listSkills()).skills.find((s) => s.name === name);
    const before = await find();
    if (!before) {
      printError(words, unknownSkill(context, name, locale).message);
      process.exitCode = 2;
      return;
    }
    await api.setSkillEnabled(name, on);
    const after = (await find()) ?? before;
    if (json) {
      const { enabled, risk, effectiveRisk, reviewed } = after;
      const needsConfig = needsConfigJson(after.needsConfig);
      process.stdout.write(`${jsonText({ name, enabled, risk, effectiveRisk, reviewed, needsConfig }, 2)}\n`);
      return;
    }
    process.stdout.write(`${color.green(words.switched(name, after.enabled, before.enabled === after.enabled))}\n`);
    if (!after.enabled) return;
    const note = (line: string) => process.stdout.write(`${color.yellow(words.note)}${words.separator}${line}\n`);
    if (after.needsConfig.length > 0) note(words.needsSettings(name));
    if (after.effectiveRisk !== after.risk) note(words.runsAsHighUntilReviewed(name));
  } finally {
    await runtime.close();
  }
}
