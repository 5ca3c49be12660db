/** Which lines typed alone in `ias chat` are the chat's own commands, and which are messages. */
import { describe, expect, it } from 'vitest';
import { chatCommandOf } from '../../src/cli/chat-commands.js';

describe('ias chat: a line typed alone', () => {
  it('is a command when it is one', () => {
    expect(['/help', '/exit', '/quit'].map(chatCommandOf)).toEqual(['help', 'exit', 'quit']);
  });

  it('is an unknown command, not sent, when it is a slip of one, its start, or a word not in ASCII', () => {
    for (const text of ['/exti', '/hlep', '/exitt', '/qiut', '/hep', '/ex', '/q', '/Exit', '/帮助', '/退出', '/éxit']) {
      expect(chatCommandOf(text), text).toBe('unknown');
    }
  });

  it('is a message when it is a lone path, one with another "/", a sentence, or "/"', () => {
    for (const text of ['/tmp', '/usr', '/etc', '/home', '/var', '/opt', '/bin', '/usr/bin', '/etc/hosts']) {
      expect(chatCommandOf(text), text).toBeUndefined();
    }
    for (const text of ['/tmp is full', '/', '//', 'help', 'exit now', '/help me']) {
      expect(chatCommandOf(text), text).toBeUndefined();
    }
  });
});
