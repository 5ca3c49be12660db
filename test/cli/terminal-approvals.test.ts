import readline from 'node:readline';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { TerminalApprovals } from '../../src/cli/terminal-approvals.js';
import { gateWorld, type GateWorld } from '../helpers/gate.js';

let world: GateWorld | undefined;
afterEach(() => world?.close());

function terminal(w: GateWorld) {
  const input = new PassThrough();
  const rl = readline.createInterface({ input, output: new PassThrough() });
  const approvals = new TerminalApprovals(w.gate, rl);
  w.gate.addChannel(approvals.channel);
  rl.on('line', (line) => approvals.answer(line));
  return { type: (line: string) => input.write(`${line}\n`), rl };
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
    t2.type('y');
    expect((await call).status).toBe('done');
    expect(world.runs('send_mail')).toHaveLength(1);

    const again = new Promise((resolve) => world!.gate.once('changed', resolve));
    const refused = world.caller.call({ name: 'send_mail', params: { to: 'c' }, source: 'chat' });
    await again;
    t2.type('sure, why not');
    expect((await refused).result.error).toBe('用户拒绝了你的调用：send_mail');
    expect(world.runs('send_mail')).toHaveLength(1);
    t2.rl.close();
  });
});
