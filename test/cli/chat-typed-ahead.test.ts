/**
 * `ias chat` on a terminal: lines typed before the prompt comes back (a reply under way, an
 * approval's question waiting) are each a message of their own, sent in their turn — even when
 * they are read together, as lines typed while iAs was busy are. None of them answers an approval,
 * and an answer at a question is never a message. Leaving drops what is queued, and says so.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { atBackgroundMailQuestion, chatWorld, type ChatWorld } from '../helpers/chat-world.js';
import { onCleanup } from '../helpers/temp.js';
import { CTRL_D, iasOnTerminal } from '../helpers/terminal.js';

const QUEUED = '[queued: sent after this reply]';

/** A chat whose first reply is held back until `release` is called; `replying` resolves once it is asked for. */
async function withHeldReply(first: { content?: string; toolCalls?: { name: string; arguments: string }[] }) {
  const s = await chatWorld();
  let asked!: () => void;
  const replying = new Promise<void>((resolve) => (asked = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  onCleanup(() => release());
  s.server.enqueue(async () => {
    asked();
    await released;
    return first;
  });
  return { s, replying, release };
}

/** What the owner said, in order, as the model was last asked (without the notes iAs adds to a message). */
function ownerSaid(s: ChatWorld): string[] {
  const messages = s.server.requests.at(-1)!.body.messages as { role: string; content: string }[];
  return messages
    .filter((m) => m.role === 'user')
    .map((m) => m.content.replace(/^\[iAs note, not written by the owner\][\s\S]*?\[end of note\]\s*/, ''));
}

describe('ias chat: lines typed ahead', () => {
  it('read together while a reply is under way, each is a message of its own, sent in order', async () => {
    const { s, replying, release } = await withHeldReply({ content: 'Once upon a time. THE END' });
    s.server.enqueue({ content: 'Then the dragon came.' }, { content: 'Then it left.' });
    const term = iasOnTerminal(['chat', ...s.args], s.env);
    await term.waitFor('you> ');
    term.type('tell me a story\r');
    await replying;
    // Both lines in one read, as lines typed while iAs was busy are read.
    term.type('and then?\rwhat next?\r');
    await term.waitFor(QUEUED, 2);
    release();
    await term.waitFor('Then it left.');
    await term.waitFor('you> ', 4);
    term.type(CTRL_D);
    expect(await term.exited).toBe(0);
    expect(s.server.requests).toHaveLength(3);
    expect(ownerSaid(s)).toEqual(['tell me a story', 'and then?', 'what next?']);
    const screen = term.screen();
    expect(screen.slice(screen.indexOf('THE END'))).toMatch(
      /THE END\r?\nyou> and then\?\r?\nThen the dragon came\.\r?\nyou> what next\?\r?\nThen it left\./,
    );
  });

  it('read together at an approval’s question, none of them answers it: each is sent once it is answered', async () => {
    const { s, term } = await atBackgroundMailQuestion();
    s.server.enqueue({ content: 'You said y.' }, { content: 'Logs checked.' });
    // A "y" with a line after it, in one read: no answer, however it starts.
    term.type('y\ralso check the logs\r');
    await term.waitFor('[queued: sent once the question above is answered]', 2);
    expect(fs.existsSync(path.join(s.home, 'sent'))).toBe(false);
    term.type('n\r');
    await term.waitFor('[send_mail finished in the background: refused]');
    await term.waitFor('Logs checked.');
    term.type(CTRL_D);
    expect(await term.exited).toBe(0);
    expect(fs.existsSync(path.join(s.home, 'sent'))).toBe(false);
    expect(ownerSaid(s)).toEqual(['mail the boss', 'y', 'also check the logs']);
  }, 30_000);

  it('a line queued under a reply is no answer to a question asked after it; the answer is no message', async () => {
    const { s, replying, release } = await withHeldReply({ toolCalls: [{ name: 'send_mail', arguments: '{}' }] });
    s.server.enqueue({ content: 'No mail, then.' }, { content: 'Here you are.' });
    const term = iasOnTerminal(['chat', ...s.args], s.env);
    await term.waitFor('you> ');
    term.type('mail the boss\r');
    await replying;
    term.type('yes\r');
    await term.waitFor(QUEUED);
    release();
    // The question is asked with the line still queued: it waits for an answer typed at it.
    await term.waitFor('Run send_mail? [y/N]');
    expect(s.server.requests).toHaveLength(1);
    term.type('n\r');
    await term.waitFor('No mail, then.');
    await term.waitFor('Here you are.');
    term.type(CTRL_D);
    expect(await term.exited).toBe(0);
    expect(fs.existsSync(path.join(s.home, 'sent'))).toBe(false);
    expect(s.server.requests).toHaveLength(3);
    expect(ownerSaid(s)).toEqual(['mail the boss', 'yes']);
    expect(term.screen()).toMatch(/No mail, then\.\r?\nyou> yes\r?\nHere you are\./);
  }, 30_000);

  it('Ctrl-D with lines queued leaves at once: the reply is stopped, and the lines not sent are counted', async () => {
    const { s, replying } = await withHeldReply({ content: 'late' });
    const term = iasOnTerminal(['chat', ...s.args], s.env);
    await term.waitFor('you> ');
    term.type('tell me a story\r');
    await replying;
    term.type('and then?\r');
    await term.waitFor(QUEUED);
    term.type('and after that?\r');
    await term.waitFor(QUEUED, 2);
    term.type(CTRL_D);
    expect(await term.exited).toBe(0);
    expect(term.screen()).toMatch(
      /\[stopped\]\r?\n\[2 queued messages not sent\]\r?\n\[to go on with this conversation/,
    );
    expect(s.server.requests).toHaveLength(1);
  });

  it('/exit typed ahead with a line before it: the line is not sent, and that is said', async () => {
    const { s, replying } = await withHeldReply({ content: 'late' });
    const term = iasOnTerminal(['chat', ...s.args], s.env);
    await term.waitFor('you> ');
    term.type('tell me a story\r');
    await replying;
    term.type('and then?\r/exit\r');
    expect(await term.exited).toBe(0);
    expect(term.screen()).toMatch(/\[stopped\]\r?\n\[1 queued message not sent\]/);
    expect(s.server.requests).toHaveLength(1);
  });
  it('a line begun while a reply is under way is taken up where it was left: what is typed next follows it', async () => {
    const { s, replying, release } = await withHeldReply({ content: 'Once upon a time.' });
    s.server.enqueue({ content: 'A dragon.' });
    const term = iasOnTerminal(['chat', ...s.args], s.env);
    await term.waitFor('you> ');
    term.type('tell me a story\r');
    await replying;
    // Begun, not entered, before the reply ends; the rest typed at the prompt drawn again after it.
    term.type('and then');
    await term.waitFor('and then');
    release();
    await term.waitFor('you> and then');
    // Key by key, as a person types: each one echoed before the next.
    for (const key of ' what?') {
      const shown = term.output().length;
      term.type(key);
      await vi.waitFor(() => expect(term.output().length).toBeGreaterThan(shown));
    }
    term.type('\r');
    await term.waitFor('A dragon.');
    await term.waitFor('you> ', 3);
    term.type(CTRL_D);
    expect(await term.exited).toBe(0);
    expect(ownerSaid(s)).toEqual(['tell me a story', 'and then what?']);
  });
});
