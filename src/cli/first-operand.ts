/**
 * The words a command is given from its first operand on: past its own options and their values,
 * as commander 14 reads them. None when there is no operand, or when an option it does not know
 * comes first (commander then refuses that option, and a word after it is not read).
 */
import type { Command, Option } from 'commander';

const optionLike = (word: string | undefined): word is string =>
  word !== undefined && word.length > 1 && word.startsWith('-');

export function fromFirstOperand(command: Command, words: readonly string[]): string[] {
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    // After `--` every word is an operand.
    if (word === '--') return words.slice(i + 1);
    if (!optionLike(word)) return words.slice(i);
    // `--name=value` carries its value; `--name value` takes the next word.
    const [flag, inline] =
      word.startsWith('--') && word.includes('=') ? [word.slice(0, word.indexOf('=')), true] : [word, false];
    const option: Option | undefined = command.options.find((o) => o.long === flag || o.short === flag);
    if (option === undefined) return [];
    if (inline) continue;
    // A required value is the next word whatever it is; an optional one unless that looks like an
    // option; a variadic option takes every word up to the next option.
    if (option.required) i++;
    else if (option.optional && !optionLike(words[i + 1])) i++;
    if (option.variadic) while (i + 1 < words.length && !optionLike(words[i + 1])) i++;
  }
  return [];
}
