/**
 * A group's unknown subcommand (`ias tasks bogus`) refused as one: commander would hand the word to
 * the group's default subcommand as an argument, and blame that one (`too many arguments for
 * 'list'`). The error is commander's own (with its "did you mean"), and the group's help after it
 * names its subcommands; both in the owner's language, as any of commander's errors.
 */
import type { Command } from 'commander';

/** Commander 14's own error for `group.args[0]`: an unknown command, with similar names if any. */
interface UnknownCommand {
  unknownCommand(): never;
}

export function refuseUnknownSubcommands(group: Command): void {
  group.hook('preSubcommand', (thisCommand, subcommand) => {
    // The first word left once the group's options are read: the subcommand named, or (for the
    // default one) an option of its own or the first of its arguments, when it takes any.
    const [first] = thisCommand.args;
    if (first === undefined || first.startsWith('-') || subcommand.registeredArguments.length > 0) return;
    if (first === subcommand.name() || subcommand.aliases().includes(first)) return;
    // `ias tasks help NAME` dispatches NAME with --help.
    if (first === 'help') return;
    (thisCommand as unknown as UnknownCommand).unknownCommand();
  });
}
