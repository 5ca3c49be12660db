/** The `ias` command. */
import { Command, CommanderError } from 'commander';
import { color } from './format.js';
import { registerAuditCommand } from './audit-command.js';
import { registerChatCommand } from './chat-command.js';
import { registerProviderCommand } from './provider-command.js';
import { registerServeCommand } from './serve-command.js';
import { registerSkillsCommand } from './skills-command.js';
import { registerTasksCommand } from './tasks-command.js';
import { registerWechatCommand } from './wechat-command.js';
import { UsageError } from './usage-error.js';
import { withControlsShown } from '../shared/visible-text.js';
import { chineseStartRefusal, startRefusalOf } from '../shared/start-refusals-zh-CN.js';
import { dataPaths, defaultDataHome } from '../core/paths.js';
import { commandLocale } from './cli-locale.js';
import { sayCommanderError } from './commander-errors.js';
import type { Locale } from '../shared/locale.js';
import type { GlobalOptions } from './context.js';
import path from 'node:path';

export function buildProgram(): Command {
  const program = new Command('ias')
    .description('iAs — your assistant in the tray, acting through skills')
    .option('--home <dir>', 'data folder (default: $IAS_HOME or the per-user app-data folder "iAs")')
    .option('--system-skills <dir>', 'system skills folder (default: the bundled resources/skills)')
    .option('--user-skills <dir>', 'user skills folder (default: <home>/skills)')
    .showHelpAfterError()
    .exitOverride()
    // Inherited by every command added below: its own errors in the owner's language.
    .configureOutput({ outputError: (text, write) => write(sayCommanderError(text, ownerLanguage(program))) });
  registerSkillsCommand(program);
  registerTasksCommand(program);
  registerAuditCommand(program);
  registerChatCommand(program);
  registerProviderCommand(program);
  registerWechatCommand(program);
  registerServeCommand(program);
  program.commands.forEach(function override(cmd: Command) {
    cmd.exitOverride();
    cmd.commands.forEach(override);
  });
  return program;
}

/**
 * A reader that went away (`ias … | head`) ends the output, not the command: what is under way
 * finishes and is stored, with no EPIPE stack trace.
 */
function ignoreClosedReader(stream: NodeJS.WriteStream): void {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE' || err.code === 'ERR_STREAM_DESTROYED') return;
    throw err;
  });
}

/** The owner's language for a command that failed (its data folder's setting, else the system's). */
function ownerLanguage(program: Command): Locale {
  const { home } = program.opts<GlobalOptions>();
  try {
    return commandLocale(dataPaths(home ? path.resolve(home) : defaultDataHome()).database);
  } catch {
    return 'en';
  }
}

export async function main(argv = process.argv): Promise<void> {
  ignoreClosedReader(process.stdout);
  ignoreClosedReader(process.stderr);
  const program = buildProgram();
  try {
    await program.parseAsync(argv);
  } catch (err) {
    if (err instanceof CommanderError) {
      process.exitCode = err.exitCode === 0 ? 0 : 2;
      return;
    }
    if (err instanceof UsageError) {
      process.stderr.write(`${color.red('error')}: ${withControlsShown(err.message)}\n`);
      process.exitCode = 2;
      return;
    }
    // A start refused over a secret's file (the approval key, the serve token) in the owner's language.
    const refusal = startRefusalOf(err);
    if (refusal && !process.env.IAS_DEBUG && ownerLanguage(program) === 'zh-CN') {
      process.stderr.write(`${color.red('错误')}：${withControlsShown(chineseStartRefusal(refusal))}\n`);
      process.exitCode = 1;
      return;
    }
    // A message for people; the stack only when asked for (IAS_DEBUG=1).
    const detail = process.env.IAS_DEBUG
      ? ((err as Error).stack ?? String(err))
      : ((err as Error).message ?? String(err));
    // A message may quote what a skill or the model wrote: shown, not obeyed.
    process.stderr.write(`${color.red('error')}: ${withControlsShown(detail)}\n`);
    process.exitCode = 1;
  }
}

await main();
