/** ThinkTags, delta by delta: what is text, what is thinking, what is held back and what moves. */
import { describe, expect, it } from 'vitest';
import { ThinkTags, type ContentPieces } from '../../../src/core/agent/think-tags.js';

/** The pieces of `deltas` read by `tags`, then its flush. */
function read(deltas: string[], tags = new ThinkTags(), complete = true): ContentPieces[] {
  return [...deltas.map((d) => tags.split(d)), tags.flush(complete)];
}

/** What a reader of the pieces ends with, applying moves as stream.ts does. */
function outcome(pieces: ContentPieces[]): { text: string; thinking: string } {
  let text = '';
  let thinking = '';
  for (const piece of pieces) {
    if (piece.moved === 'thinking') [thinking, text] = [thinking + text, ''];
    if (piece.moved === 'text') [text, thinking] = [text + thinking, ''];
    thinking += piece.thinking;
    text += piece.text;
  }
  return { text, thinking };
}

describe('a lone </think> (the chat template wrote the <think>)', () => {
  it('makes all the text before it thinking, once, and what follows the reply', () => {
    const tags = new ThinkTags();
    const pieces = read(['Okay, the user', ' greets me.\nI greet back.', '\n</think>\n\nHello', ' there.'], tags);
    expect(pieces.map((p) => p.moved)).toEqual([undefined, undefined, 'thinking', undefined, undefined]);
    // Nothing is held back but a line end that may begin `</think>`.
    expect(pieces[0]).toEqual({ text: 'Okay, the user', thinking: '' });
    expect(pieces[1]).toEqual({ text: ' greets me.\nI greet back.', thinking: '' });
    expect(pieces[2]).toEqual({ text: 'Hello', thinking: '', moved: 'thinking' });
    expect(outcome(pieces)).toEqual({ text: 'Hello there.', thinking: 'Okay, the user greets me.\nI greet back.' });
    expect(tags.templateOpened).toBe(true);
  });

  it('is found cut anywhere over chunks', () => {
    const whole = 'Hmm.\nA greeting.\n</think>\n\nHi!';
    for (let cut = 1; cut < whole.length; cut++) {
      const pieces = read([whole.slice(0, cut), whole.slice(cut)]);
      expect(outcome(pieces), `cut at ${cut}`).toEqual({ text: 'Hi!', thinking: 'Hmm.\nA greeting.' });
    }
    expect(outcome(read(['Hmm.\n</thi', 'nk>', '\n\n', 'Hi!']))).toEqual({ text: 'Hi!', thinking: 'Hmm.' });
  });

  it('ends empty thinking that opens the reply', () => {
    const tags = new ThinkTags();
    expect(outcome(read(['\n\n</thi', 'nk>\n\nHi!'], tags))).toEqual({ text: 'Hi!', thinking: '' });
    expect(tags.templateOpened).toBe(true);
  });

  it('counts only as the first tag, at the start of a line: a mention is text', () => {
    const cases = [
      'Split on `</think>` and keep what follows.',
      'Qwen writes <think>, then:\n</think>\n\nthen the answer.',
      'Cut: <thi',
    ];
    for (const reply of cases) {
      for (const size of [1, 3, 100]) {
        const deltas = reply.match(new RegExp(`[^]{1,${size}}`, 'g'))!;
        const tags = new ThinkTags();
        const pieces = read(deltas, tags);
        expect(pieces.some((p) => p.moved)).toBe(false);
        expect(outcome(pieces)).toEqual({ text: reply, thinking: '' });
        expect(tags.templateOpened).toBeUndefined();
      }
    }
    // `<think>` cut over chunks before the `</think>` still comes first.
    expect(outcome(read(['Tags: <th', 'ink> and\n</think>.']))).toEqual({
      text: 'Tags: <think> and\n</think>.',
      thinking: '',
    });
    // A second lone end is text.
    expect(outcome(read(['a\n</think>\nb\n</think>\nc']))).toEqual({ text: 'b\n</think>\nc', thinking: 'a' });
  });

  it('leaves text without tags as it came, and a reply opened by <think> as before', () => {
    expect(read(['Plain', ' text.'])).toEqual([
      { text: 'Plain', thinking: '' },
      { text: ' text.', thinking: '' },
      { text: '', thinking: '' },
    ]);
    const tags = new ThinkTags();
    expect(outcome(read(['<think>\nHmm', '.\n</think>\n\nHi.'], tags))).toEqual({ text: 'Hi.', thinking: 'Hmm.\n' });
    expect(tags.templateOpened).toBeUndefined();
  });
});

describe('a reader that takes the reply to begin inside thinking (learnt)', () => {
  it('gives thinking from the first byte, up to any </think>', () => {
    const tags = new ThinkTags(true);
    const pieces = read(['\nOkay', ', a greeting.</th', 'ink>\n\nHi!'], tags);
    expect(pieces.map((p) => p.thinking)).toEqual(['Okay', ', a greeting.', '', '']);
    expect(pieces.some((p) => p.moved)).toBe(false);
    expect(outcome(pieces)).toEqual({ text: 'Hi!', thinking: 'Okay, a greeting.' });
    expect(tags.templateOpened).toBe(true);
  });

  it('gives what it took for thinking back as text when no </think> came', () => {
    const tags = new ThinkTags(true);
    const pieces = read(['Just an', ' answer.</th'], tags);
    expect(pieces.at(-1)).toEqual({ text: '</th', thinking: '', moved: 'text' });
    expect(outcome(pieces)).toEqual({ text: 'Just an answer.</th', thinking: '' });
    expect(tags.templateOpened).toBe(false);
  });

  it('keeps it as thinking when the reply was cut before its end', () => {
    const tags = new ThinkTags(true);
    const pieces = read(['Still thinking'], tags, false);
    expect(outcome(pieces)).toEqual({ text: '', thinking: 'Still thinking' });
    expect(tags.templateOpened).toBeUndefined();
  });

  it('reads a reply that opens with <think> as any other', () => {
    const tags = new ThinkTags(true);
    expect(outcome(read(['<think>Hmm</think>Hi.'], tags))).toEqual({ text: 'Hi.', thinking: 'Hmm' });
    expect(tags.templateOpened).toBeUndefined();
  });
});
