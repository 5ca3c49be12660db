/**
 * A group's unknown subcommand (`ias tasks bogus`, or after options: `ias tasks --json bogus`)
 * refused as one: commander would hand the word to the group's default subcommand as an argument,
 * and blame that one (`too many arguments for 'list'`). The error is commander's own (with its "did
 * you mean"), and the group's help after it names its subcommands; both in the owner's language, as
 * any of commander's errors. A known subcommand after options (`ias tasks --json pause 3`) is not
 * run by commander either: the first option, which the group does not have, is refused instead.
 */
import type { Command } from 'commander';
import { fromFirstOperand } from './first-operand.js';

/** Commander 14's own errors for `group.args[0]` (with similar names, if any) and for an option. */
interface CommanderErrors {
  unknownCommand(): never;
  unknownOption(flag: string): never;
}

/** `word` names one of `group`'s subcommands, or its help command. */
function namesSubcommand(group: Command, word: string): boolean {
  // `ias tasks help NAME` dispatches NAME with --help.
  return word === 'help' || group.commands.some((c) => c.name() === word || c.aliases().includes(word));
}

export function refuseUnknownSubcommands(group: Command): void {
  group.hook('preSubcommand', (thisCommand, subcommand) => {
    // The words left once the group's options are read: the subcommand named first, or (for the
    // default one) its options and arguments, when it takes any.
    const words = thisCommand.args;
    const [first = ''] = words;
    if (subcommand.registeredArguments.length > 0 || namesSubcommand(thisCommand, first)) return;
    const [word, ...rest] = fromFirstOperand(subcommand, words);
    if (word === undefined) return;
    const errors = thisCommand as unknown as CommanderErrors;
    // A subcommand after options (`first` is one then), which the group does not have.
    if (namesSubcommand(thisCommand, word)) errors.unknownOption(first);
    // Commander names `args[0]` as the unknown command.
    thisCommand.args = [word, ...rest];
    errors.unknownCommand();
  });
}
