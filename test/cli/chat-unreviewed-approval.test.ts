/**
 * `ias chat` and the owner's own Low skill, not reviewed yet: it is asked about as High (the review
 * pin), and the owner is told why and how to review it — in the request and the y/N question at a
 * terminal, in the notice without one — in English and in Chinese. The model learns none of it.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { iasAsync } from '../helpers/cli.js';
import { chatWorld, unreviewedGreetCalledThrice, type ChatWorld } from '../helpers/chat-world.js';
import { scriptSkill, writeSkill } from '../helpers/temp.js';
import { CTRL_D, iasOnTerminal } from '../helpers/terminal.js';

const REVIEW_NOTE =
  'greet is a low-risk skill you have not reviewed, so it runs as high risk (each call asks you) until you do: ias skills review greet, or the Skills page in iAs.';

/** A chat world with the owner's `greet` (Low, written straight into the skills folder: unreviewed). */
async function withGreet(): Promise<ChatWorld> {
  const s = await chatWorld();
  writeSkill(path.join(s.home, 'skills'), 'greet', scriptSkill({ risk: 'Low', script: 'echo "Hello, Ada"' }));
  s.server.enqueue({ toolCalls: [{ name: 'greet', arguments: '{}' }] }, { content: 'Not greeted.' });
  return s;
}

/** What the model was told of the call (the tool message of its second request). */
function toolMessage(s: ChatWorld): string | undefined {
  const messages = s.server.requests[1]!.body.messages as { role: string; content: string }[];
  return messages.find((m) => m.role === 'tool')?.content;
}

describe('ias chat: the owner’s own Low skill, not reviewed', () => {
  it('at a terminal, the request and the question say it is unreviewed and how to review it', async () => {
    const s = await withGreet();
    const term = iasOnTerminal(['chat', ...s.args], s.env);
    await term.waitFor('you> ');
    term.type('greet Ada\r');
    await term.waitFor('Run greet (low risk, but unreviewed: asked as high until you review it)? [y/N]');
    expect(term.screen().replace(/\s*\n\s*/g, ' ')).toContain(REVIEW_NOTE);
    term.type('n\r');
    await term.waitFor('Not greeted.');
    term.type(CTRL_D);
    expect(await term.exited).toBe(0);
    expect(toolMessage(s)).toBe('用户拒绝了你的调用：greet');
  }, 30_000);

  it('without a terminal, the notice says why it needed approval, in English and in Chinese', async () => {
    const s = await withGreet();
    const piped = await iasAsync(['chat', ...s.args, 'greet Ada'], s.env);
    expect(piped.stderr).toContain('there is no terminal here to ask you at');
    expect(piped.stderr).toContain(
      '[greet is a low-risk skill you have not reviewed, so it runs as high risk until you do: `ias skills review greet`, or the Skills page in the app]',
    );
    expect(toolMessage(s)).not.toMatch(/review|审核/);

    s.server.enqueue({ toolCalls: [{ name: 'greet', arguments: '{}' }] }, { content: '没有问候。' });
    const chinese = await iasAsync(['chat', ...s.args, '问候 Ada'], { ...s.env, LANG: 'zh_CN.UTF-8' });
    expect(chinese.stderr).toContain(
      '[greet 是低风险技能，但你还没有审核它，所以审核之前按高风险运行：运行 `ias skills review greet`，或在应用的“技能”页面审核]',
    );
  }, 30_000);

  it('without a terminal, the notice is said once in a run, however many of its calls are refused', async () => {
    const s = await chatWorld();
    unreviewedGreetCalledThrice(s.home, s.server);
    const piped = await iasAsync(['chat', ...s.args, 'greet Ada three times'], s.env);
    expect(piped.stdout).toContain('Not greeted.');
    expect(s.server.requests).toHaveLength(3);
    expect(piped.stderr.split('[greet is a low-risk skill you have not reviewed').length - 1).toBe(1);
  }, 30_000);

  it('reviewed, it runs at once and nothing is said of a review', async () => {
    const s = await withGreet();
    const hash = JSON.parse((await iasAsync(['skills', 'list', '--json', ...s.args], s.env)).stdout).find(
      (skill: { name: string }) => skill.name === 'greet',
    ).hash as string;
    expect((await iasAsync(['skills', 'review', 'greet', '--hash', hash, '--yes', ...s.args], s.env)).status).toBe(0);
    const piped = await iasAsync(['chat', ...s.args, 'greet Ada'], s.env);
    expect(piped.stderr).not.toMatch(/review|no terminal here/);
    expect(toolMessage(s)).toContain('Hello, Ada');
  }, 30_000);
});

describe('ias chat: the owner’s own High skill, not reviewed at this version', () => {
  it('at a terminal, the request and the question say it was added or changed outside iAs', async () => {
    const s = await chatWorld();
    writeSkill(path.join(s.home, 'skills'), 'deploy', scriptSkill({ risk: 'High', script: 'echo deployed' }));
    s.server.enqueue({ toolCalls: [{ name: 'deploy', arguments: '{}' }] }, { content: 'Not deployed.' });
    const term = iasOnTerminal(['chat', ...s.args], s.env);
    await term.waitFor('you> ');
    term.type('deploy\r');
    await term.waitFor('Run deploy (not reviewed at this version: added or changed outside iAs)? [y/N]');
    expect(term.screen().replace(/\s*\n\s*/g, ' ')).toContain(
      'You have not reviewed deploy at this version: it was put in your skills folder or changed outside iAs',
    );
    term.type('n\r');
    await term.waitFor('Not deployed.');
    term.type(CTRL_D);
    expect(await term.exited).toBe(0);
    expect(toolMessage(s)).toBe('用户拒绝了你的调用：deploy');
  }, 30_000);
});
