/** The `ias` program: its commands, their help and commander's own errors in the owner's language. */
import { Command } from 'commander';
import { appVersion } from './app-version.js';
import { registerAuditCommand } from './audit-command.js';
import { registerChatCommand } from './chat-command.js';
import { programLocale } from './cli-locale.js';
import { sayCommanderError } from './commander-errors.js';
import { warnOfMissingSkillFolders } from './named-skill-folders.js';
import { ownerLanguageHelp } from './owner-language-help.js';
import { registerProviderCommand } from './provider-command.js';
import { registerServeCommand } from './serve-command.js';
import { registerSkillsCommand } from './skills-command.js';
import { registerTasksCommand } from './tasks-command.js';
import { refuseUnknownSubcommands } from './unknown-subcommand.js';
import { registerWechatCommand } from './wechat-command.js';

export function buildProgram(): Command {
  const program = new Command('ias')
    .description('iAs — your assistant in the tray, acting through skills')
    .option('--home <dir>', 'data folder (default: $IAS_HOME or the per-user app-data folder "iAs")')
    .option('--system-skills <dir>', 'system skills folder (default: the bundled resources/skills)')
    .option('--user-skills <dir>', 'user skills folder (default: <home>/skills)')
    .version(appVersion(), '-V, --version', 'print the version of iAs')
    .showHelpAfterError()
    .exitOverride()
    // Inherited by every command added below: its own errors, and its help, in the owner's language.
    .configureOutput({ outputError: (text, write) => write(sayCommanderError(text, programLocale(program))) })
    .configureHelp(ownerLanguageHelp);
  warnOfMissingSkillFolders(program);
  registerSkillsCommand(program);
  registerTasksCommand(program);
  registerAuditCommand(program);
  registerChatCommand(program);
  registerProviderCommand(program);
  registerWechatCommand(program);
  registerServeCommand(program);
  program.commands.filter((group) => group.commands.length > 0).forEach(refuseUnknownSubcommands);
  program.commands.forEach(function override(cmd: Command) {
    cmd.exitOverride();
    cmd.commands.forEach(override);
  });
  return program;
}
