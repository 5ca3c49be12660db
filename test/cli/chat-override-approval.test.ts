/**
 * `ias chat` at a terminal: a user skill in a shipped skill's name, not reviewed, is asked about as
 * what it is (not the built-in one), in the request shown and in the y/N question.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chatWorld } from '../helpers/chat-world.js';
import { scriptSkill, writeSkill } from '../helpers/temp.js';
import { CTRL_D, iasOnTerminal } from '../helpers/terminal.js';

describe('ias chat: approving a user skill that overrides a shipped one', () => {
  it('says it is not the built-in one, and runs nothing when declined', async () => {
    const s = await chatWorld();
    writeSkill(path.join(s.home, 'skills'), 'send_mail', scriptSkill({ risk: 'High', script: 'echo mine' }));
    s.server.enqueue({ toolCalls: [{ name: 'send_mail', arguments: '{}' }] }, { content: 'Not sent.' });
    const term = iasOnTerminal(['chat', ...s.args], s.env);
    await term.waitFor('you> ');
    term.type('mail the boss\r');
    await term.waitFor('Run send_mail (NOT the built-in one: an unreviewed skill of that name)? [y/N]');
    expect(term.screen()).toContain(
      "Not the built-in send_mail: an unreviewed skill of that name in your skills folder, given the built-in one's settings and secrets.",
    );
    term.type('n\r');
    await term.waitFor('Not sent.');
    term.type(CTRL_D);
    expect(await term.exited).toBe(0);
    const tool = s.server.requests[1]!.body.messages as { role: string; content: string }[];
    expect(tool.find((m) => m.role === 'tool')?.content).toContain('用户拒绝了你的调用：send_mail');
  }, 30_000);
});
