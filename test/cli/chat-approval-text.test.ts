/**
 * `ias chat` at a terminal: what the model wrote cannot rewrite the approval the human answers. A
 * carriage return, a terminal escape, a mark that reorders text or a zero-width character in a
 * parameter is shown as \uXXXX, on the line of its parameter; so are escapes in the reply before it.
 */
import { describe, expect, it } from 'vitest';
import { chatWorld } from '../helpers/chat-world.js';
import { CTRL_D, iasOnTerminal } from '../helpers/terminal.js';

/** What a terminal would obey or draw as nothing, a tab and a line feed aside. */
const HIDDEN = /(?![\t\n])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;

describe('ias chat: the approval asked at the terminal', () => {
  it('shows control, reordering and invisible characters in the parameters as \\uXXXX', async () => {
    const s = await chatWorld();
    const to = 'attacker@evil.example\rboss@company.example';
    const note =
      'rm -rf ~/work \u202e# olleh ohce\u202c \u2066x\u2069\u200b\u200f\u2028fake line\u0085\u001b[2K\u007f\u009b';
    s.server.enqueue(
      {
        content: 'Sending it now.\u001b[8m',
        toolCalls: [{ name: 'send_mail', arguments: JSON.stringify({ to, note }) }],
      },
      { content: 'Not sent.' },
    );
    const term = iasOnTerminal(['chat', ...s.args], s.env);
    await term.waitFor('you> ');
    term.type('mail the boss\r');
    await term.waitFor('Run send_mail? [y/N]');
    const lines = term.screen().split(/\r?\n/);
    // Each parameter on its own line, whole, every hidden character written out.
    expect(lines).toContain('  to: attacker@evil.example\\u000dboss@company.example');
    expect(lines).toContain(
      '  note: rm -rf ~/work \\u202e# olleh ohce\\u202c \\u2066x\\u2069\\u200b\\u200f\\u2028fake line\\u0085\\u001b[2K\\u007f\\u009b',
    );
    // The call's own line too (its JSON escapes the controls; the rest is written out here).
    expect(lines.find((l) => l.startsWith('[send_mail] '))).toContain('\\u202e# olleh ohce\\u202c');
    // The reply's escape is shown, not obeyed: the approval below it stays visible.
    expect(term.screen()).toContain('Sending it now.\\u001b[8m');
    const shown = lines.slice(lines.findIndex((l) => l.startsWith('Sending it now.')));
    for (const line of shown) expect(line, JSON.stringify(line)).not.toMatch(HIDDEN);
    term.type('n\r');
    await term.waitFor('Not sent.');
    term.type(CTRL_D);
    expect(await term.exited).toBe(0);
  }, 30_000);
});
