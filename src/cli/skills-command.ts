/** `ias skills list | check | run`. */
import type { Command } from 'commander';
import { checkPaths } from '../core/skills/check.js';
import { checkArguments } from '../core/skills/executor.js';
import { toSkillSummary } from '../core/skills/summary.js';
import { markReviewed } from '../core/approval/review.js';
import { openStore } from '../core/store/index.js';
import type { Skill } from '../core/skills/types.js';
import { cliContext, contextRuntime, type GlobalOptions } from './context.js';
import { color, problemLine, table } from './format.js';
import { registerSkillConfigCommand } from './skill-config-command.js';
import { UsageError } from './usage-error.js';

interface JsonOption {
  json?: boolean;
}

export function skillJson(skill: Skill) {
  return {
    ...toSkillSummary(skill),
    timeoutSecs: skill.timeoutSecs,
    parameters: skill.parameters,
    path: skill.path,
    hash: skill.hash,
  };
}

const riskLabel = (skill: Skill) => (skill.risk === 'high' ? color.red('high') : color.green('low'));

function skillRows(skills: Skill[]): string[][] {
  return [
    ['NAME', 'RISK', 'SOURCE', 'KIND', 'DESCRIPTION'].map((h) => color.dim(h)),
    ...skills.map((s) => [
      color.bold(s.name),
      riskLabel(s),
      s.overrides ? `${s.source} (overrides system)` : s.source,
      s.kind,
      s.description.length > 70 ? `${s.description.slice(0, 69)}…` : s.description,
    ]),
  ];
}

export function registerSkillsCommand(program: Command): void {
  const skills = program.command('skills').description('list, check and run skills');

  skills
    .command('list')
    .description('list the skills iAs can use')
    .option('--json', 'print JSON')
    .action((opts: JsonOption, cmd: Command) => {
      const { registry } = cliContext(cmd.optsWithGlobals<GlobalOptions>());
      const problems = registry.problems();
      if (opts.json) {
        process.stdout.write(`${JSON.stringify(registry.list().map(skillJson), null, 2)}\n`);
      } else {
        const list = registry.list();
        process.stdout.write(list.length ? `${table(skillRows(list))}\n` : 'No skills found.\n');
      }
      for (const p of problems.errors) process.stderr.write(`${problemLine(p, 'error')}\n`);
      for (const p of problems.warnings) process.stderr.write(`${problemLine(p, 'warning')}\n`);
    });

  skills
    .command('check')
    .description('check skill folders, folders of skill folders, or SKILL.md files')
    .argument('<path...>', 'what to check')
    .option('--json', 'print JSON')
    .action((paths: string[], opts: JsonOption) => {
      const report = checkPaths(paths);
      if (opts.json) {
        process.stdout.write(
          `${JSON.stringify({ skills: report.skills.map(skillJson), errors: report.errors, warnings: report.warnings }, null, 2)}\n`,
        );
      } else {
        for (const s of report.skills)
          process.stdout.write(
            `${color.green('ok')} ${color.bold(s.name)} (${s.risk}, ${s.kind}) ${color.dim(s.path)}\n`,
          );
        for (const p of report.errors) process.stdout.write(`${problemLine(p, 'error')}\n`);
        for (const p of report.warnings) process.stdout.write(`${problemLine(p, 'warning')}\n`);
        const summary = `${report.skills.length} valid, ${report.errors.length} error(s), ${report.warnings.length} warning(s)`;
        process.stdout.write(`${report.errors.length ? color.red(summary) : color.green(summary)}\n`);
      }
      process.exitCode = report.errors.length > 0 ? 1 : 0;
    });

  skills
    .command('run')
    .description('run a skill now, as the owner at this terminal (no approval needed)')
    .argument('<name>', 'the skill to run')
    .option('--params <json>', 'the arguments, as a JSON object', '{}')
    .option('--json', 'print the result as JSON')
    .action(async (name: string, opts: JsonOption & { params: string }, cmd: Command) => {
      const context = cliContext(cmd.optsWithGlobals<GlobalOptions>());
      const skill = context.registry.get(name);
      if (!skill) {
        const broken = context.registry.problems().errors.filter((p) => p.path.includes(`${name}`));
        const hint = broken.length
          ? `; it has problems:\n${broken.map((p) => problemLine(p, 'error')).join('\n')}`
          : '; see `ias skills list`';
        throw new UsageError(`unknown skill "${name}"${hint}`);
      }
      let params: unknown;
      try {
        params = JSON.parse(opts.params);
      } catch (err) {
        throw new UsageError(`--params is not valid JSON: ${(err as Error).message}`);
      }
      const invalid = checkArguments(skill, params);
      if (invalid) throw new UsageError(invalid);
      const runtime = await contextRuntime(context);
      let result;
      try {
        // The human at this terminal is the owner: no approval, but an audit row like every call.
        result = (
          await runtime.caller.call({ name, params, source: 'cli', requestedBy: 'terminal', ownerAtTerminal: true })
        ).result;
      } finally {
        await runtime.close();
      }
      if (opts.json) {
        process.stdout.write(`${JSON.stringify(result)}\n`);
      } else if (result.success) {
        const data = result.data;
        process.stdout.write(`${typeof data === 'string' ? data : JSON.stringify(data ?? result, null, 2)}\n`);
        if (result.truncated) process.stderr.write(`${color.yellow('note')}: output was cut at 1 MB\n`);
      } else {
        process.stderr.write(`${color.red('error')}: ${result.error ?? 'the skill failed'}\n`);
      }
      process.exitCode = result.success ? 0 : 1;
    });

  registerSkillConfigCommand(skills);

  skills
    .command('review')
    .description(
      'mark a user skill as reviewed by you, at its current content (until it changes, it runs at its own risk)',
    )
    .argument('<name>', 'the skill you have read')
    .option('--json', 'print JSON')
    .action(async (name: string, opts: JsonOption, cmd: Command) => {
      const context = cliContext(cmd.optsWithGlobals<GlobalOptions>());
      const skill = context.registry.get(name);
      if (!skill) throw new UsageError(`unknown skill "${name}"; see \`ias skills list\``);
      const store = openStore(context.paths.database);
      try {
        markReviewed(skill, store.skillSettings);
      } finally {
        store.close();
      }
      if (opts.json) process.stdout.write(`${JSON.stringify({ name, hash: skill.hash, risk: skill.risk })}\n`);
      else
        process.stdout.write(
          `Reviewed ${color.bold(name)} at ${skill.hash.slice(0, 12)}: it runs as ${riskLabel(skill)} risk until it changes.\n`,
        );
    });
}
