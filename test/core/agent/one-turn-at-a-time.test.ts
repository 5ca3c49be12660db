/**
 * One turn at a time in a conversation, whichever agent runs it: WeChat's agent and the app's chat
 * are two agents on one store. A second turn begun while a call of the first runs would put the
 * owner's message between the call and its result, which would then read as cut off (and the model
 * might make the call again): it is refused, with nothing stored, until the first has ended.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { TurnUnderWayError } from '../../../src/core/agent/turn-under-way.js';
import { agentWorld, testAgent, type AgentWorld } from '../../helpers/agent.js';
import { heldCallSkill } from '../../helpers/held-call.js';

let w: AgentWorld | undefined;
afterEach(async () => {
  await w?.shutdown();
  w = undefined;
});

/** A world with `slow_report`, a call that runs until the test lets it end (see heldCallSkill). */
async function slowWorld() {
  const world = await agentWorld({ agent: { toolTimeoutMs: 120_000 } });
  const held = heldCallSkill(world.system, world.home);
  world.registry.loadAll();
  return { world, ...held };
}

describe('one turn at a time in a conversation', () => {
  it('another agent of this process is refused while a turn runs a call there, and goes on after it', async () => {
    const { world, running, finish } = await slowWorld();
    w = world;
    world.server.enqueue({ content: 'Hello.' });
    const { conversationId } = await world.agent.send('hello');
    // WeChat's agent (A) is in a call when the owner types into the same conversation in the app (B).
    const app = testAgent(world, world.server.url);
    world.server.enqueue(
      { toolCalls: [{ id: 'call_slow', name: 'slow_report', arguments: '{}' }] },
      { content: 'The report is ready.' },
    );
    const first = world.agent.send('make the report', { conversationId });
    await running();
    const before = world.store.conversations.messages(conversationId);
    const refused = await app.send('and email it to the boss', { conversationId }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TurnUnderWayError);
    expect((refused as TurnUnderWayError).message).toBe(
      'a reply is still coming in this conversation; stop it or wait',
    );
    // Nothing of the refused message is stored, nor sent to the model.
    expect(world.store.conversations.messages(conversationId)).toEqual(before);
    expect(world.server.requests).toHaveLength(2);

    finish();
    expect((await first).reply).toBe('The report is ready.');
    // The call's result is stored right after it, and the model sees it as it ran.
    world.server.enqueue({ content: 'Sent.' });
    expect((await app.send('and email it to the boss', { conversationId })).reply).toBe('Sent.');
    const sent = world.server.requests[3]!.body.messages as { role: string; content: string }[];
    expect(sent.find((m) => m.role === 'tool')?.content).toContain('report-ready');
    expect(sent.map((m) => m.content).join('\n')).not.toMatch(/interrupted/i);
    expect(world.store.conversations.messages(conversationId).map((m) => [m.role, m.content])).toEqual([
      ['user', 'hello'],
      ['assistant', 'Hello.'],
      ['user', 'make the report'],
      ['assistant', ''],
      ['tool', expect.stringContaining('report-ready')],
      ['assistant', 'The report is ready.'],
      ['user', 'and email it to the boss'],
      ['assistant', 'Sent.'],
    ]);
  });

  it('the same agent is refused too, and other conversations are not held up', async () => {
    const { world, running, finish } = await slowWorld();
    w = world;
    world.server.enqueue({ toolCalls: [{ id: 'call_slow', name: 'slow_report', arguments: '{}' }] });
    const first = world.agent.send('make the report');
    await running();
    const conversationId = world.events.find((e) => e.type === 'tool-call')!.conversationId;
    await expect(world.agent.send('again', { conversationId })).rejects.toBeInstanceOf(TurnUnderWayError);
    world.server.enqueue({ content: 'Elsewhere.' });
    expect((await world.agent.send('something else')).reply).toBe('Elsewhere.');
    world.server.enqueue({ content: 'Done.' });
    finish();
    await first;
    world.server.enqueue({ content: 'Again.' });
    expect((await world.agent.send('again', { conversationId })).reply).toBe('Again.');
  });
});
