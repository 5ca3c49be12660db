/** `ias skills config NAME [KEY=VALUE…]`: show or set a skill's own settings (keys, accounts, addresses). */
import fs from 'node:fs';
import type { Command } from 'commander';
import { cliContext, contextRuntime, type GlobalOptions } from './context.js';
import { color, table } from './format.js';
import { UsageError } from './usage-error.js';

function parseAssignments(assignments: string[]): Record<string, string | null> {
  const values: Record<string, string | null> = {};
  let stdinUsed = false;
  for (const a of assignments) {
    const eq = a.indexOf('=');
    if (eq <= 0) throw new UsageError(`"${a}" is not KEY=VALUE (KEY= clears a setting, KEY=- reads it from stdin)`);
    const key = a.slice(0, eq);
    let value: string | null = a.slice(eq + 1);
    if (value === '-') {
      if (stdinUsed) throw new UsageError('only one setting can be read from stdin');
      stdinUsed = true;
      value = fs.readFileSync(0, 'utf8').replace(/\r?\n$/, '');
    }
    values[key] = value === '' ? null : value;
  }
  return values;
}

export function registerSkillConfigCommand(skills: Command): void {
  skills
    .command('config')
    .description("show or set a skill's settings; secrets are kept in the secret store and never shown")
    .argument('<name>', 'the skill')
    .argument('[assignments...]', 'KEY=VALUE to set, KEY= to clear, KEY=- to read the value from stdin')
    .option('--json', 'print JSON')
    .action(async (name: string, assignments: string[], opts: { json?: boolean }, cmd: Command) => {
      const context = cliContext(cmd.optsWithGlobals<GlobalOptions>());
      const skill = context.registry.get(name);
      if (!skill) throw new UsageError(`unknown skill "${name}"; see \`ias skills list\``);
      const values = parseAssignments(assignments);
      const runtime = await contextRuntime(context);
      try {
        if (assignments.length > 0) {
          try {
            runtime.skillConfig.set(skill, values);
          } catch (err) {
            throw new UsageError((err as Error).message);
          }
        }
        const fields = runtime.skillConfig.view(skill);
        const missing = runtime.skillConfig.missing(skill);
        if (opts.json) {
          process.stdout.write(`${JSON.stringify({ name, settings: fields, needsConfig: missing }, null, 2)}\n`);
          return;
        }
        if (fields.length === 0) {
          process.stdout.write(`${name} has no settings.\n`);
          return;
        }
        const rows = fields.map((f) => [
          color.bold(f.name),
          f.secret
            ? f.set
              ? '(secret, set)'
              : '(secret, not set)'
            : (f.value ?? (f.default ? `${f.default} (default)` : '(not set)')),
          f.required === true ? 'required' : typeof f.required === 'string' ? `one of "${f.required}"` : 'optional',
          f.description,
        ]);
        process.stdout.write(
          `${table([['SETTING', 'VALUE', 'NEEDED', 'DESCRIPTION'].map((h) => color.dim(h)), ...rows])}\n`,
        );
        if (missing.length > 0) process.stdout.write(`${color.yellow('Still to set')}: ${missing.join('; ')}\n`);
        else if (assignments.length > 0) process.stdout.write(`${color.green('Saved.')} ${name} has what it needs.\n`);
      } finally {
        await runtime.close();
      }
    });
}
