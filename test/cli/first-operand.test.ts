/** The words a command reads from its first operand on, past its options and their values, as commander reads them. */
import { Command, Option } from 'commander';
import { describe, expect, it } from 'vitest';
import { fromFirstOperand } from '../../src/cli/first-operand.js';

const command = new Command('list')
  .option('--json', 'print JSON')
  .option('--home <dir>', 'a required value')
  .option('--color [when]', 'an optional value')
  .option('--tag <tags...>', 'a variadic value')
  .addOption(new Option('-q, --quiet'));

const from = (...words: string[]) => fromFirstOperand(command, words);

describe('fromFirstOperand', () => {
  it('skips flags and the values their options take', () => {
    expect(from('word', 'more')).toEqual(['word', 'more']);
    expect(from('--json', '-q', 'word')).toEqual(['word']);
    expect(from('--home', '--json', 'word')).toEqual(['word']);
    expect(from('--home=x', 'word')).toEqual(['word']);
    expect(from('--color', 'always', 'word')).toEqual(['word']);
    expect(from('--color', '--json', 'word')).toEqual(['word']);
    expect(from('--tag', 'a', 'b', '--json', 'word')).toEqual(['word']);
    expect(from('--json', '-', 'word')).toEqual(['-', 'word']);
  });

  it('reads every word after `--` as an operand', () => {
    expect(from('--json', '--', '--json')).toEqual(['--json']);
    expect(from('--json', '--')).toEqual([]);
  });

  it('finds none past an option the command lacks, or when only options are given', () => {
    expect(from('--bogus', 'word')).toEqual([]);
    expect(from('--json', '--home', 'x')).toEqual([]);
    expect(from()).toEqual([]);
  });
});
