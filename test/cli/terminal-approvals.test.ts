import readline from 'node:readline';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { chatWords } from '../../src/cli/chat-words.js';
import { TerminalApprovals } from '../../src/cli/terminal-approvals.js';
import { gateWorld, type GateWorld } from '../helpers/gate.js';

let world: GateWorld | undefined;
afterEach(() => world?.close());

function terminal(w: GateWorld) {
  const input = new PassThrough();
  const output = new PassThrough();
  const rl = readline.createInterface({ input, output });
  const approvals = new TerminalApprovals(w.gate, rl, chatWords.en);
  w.gate.addChannel(approvals.channel);
  let shown = '';
  output.on('data', (d: Buffer) => (shown += d.toString()));
  /** Resolves once the question has been drawn `times` times in all. */
  const asked = (times = 1) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (shown.split('Run send_mail? [y/N]').length - 1 < times) return;
        output.off('data', check);
        resolve();
      };
      output.on('data', check);
      check();
    });
  rl.on('line', (line) => approvals.answer(line));
  return { type: (line: string) => input.write(`${line}\n`), rl, approvals, asked };
}

describe('approvals at the terminal of ias chat', () => {
  it('y runs the call; anything else refuses it; no code is involved', async () => {
    world = gateWorld({ wechatConnected: false });
    world.inApp.connected = false;
    const t2 = terminal(world);
    const pending = new Promise((resolve) => world!.gate.once('changed', resolve));
    const call = world.caller.call({ name: 'send_mail', params: { to: 'b' }, source: 'chat' });
    await pending;
    expect(world.store.approvals.activeForOwner('owner')!.channel).toBe('terminal');
    expect(world.store.approvals.activeForOwner('owner')!.codeHash).toBeNull();
    await t2.asked();
    t2.type('y');
    expect((await call).status).toBe('done');
    expect(world.runs('send_mail')).toHaveLength(1);

    const again = new Promise((resolve) => world!.gate.once('changed', resolve));
    const refused = world.caller.call({ name: 'send_mail', params: { to: 'c' }, source: 'chat' });
    await again;
    await t2.asked(2);
    t2.type('sure, why not');
    expect((await refused).result.error).toBe('用户拒绝了你的调用：send_mail');
    expect(world.runs('send_mail')).toHaveLength(1);
    t2.rl.close();
  });

  it('a line is an answer only while the question is what the terminal shows', async () => {
    world = gateWorld({ wechatConnected: false });
    world.inApp.connected = false;
    const t = terminal(world);
    const pending = new Promise((resolve) => world!.gate.once('changed', resolve));
    const call = world.caller.call({ name: 'send_mail', params: { to: 'b' }, source: 'chat' });
    await pending;
    // Entered before the question is drawn: no answer.
    expect(t.approvals.answer('y')).toBe(false);
    await t.asked();
    // Written under the question (a reply going on), it is hidden: no answer either, until asked again.
    t.approvals.beforeOutput();
    expect(t.approvals.answer('y')).toBe(false);
    expect(world.runs('send_mail')).toHaveLength(0);
    expect(t.approvals.ask()).toBe(true);
    t.type('y');
    expect((await call).status).toBe('done');
    expect(t.approvals.ask()).toBe(false);
    t.rl.close();
  });
});
