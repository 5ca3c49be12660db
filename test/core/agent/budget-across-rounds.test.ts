/**
 * What is sent fits the token budget in every round of a turn, not only its first: as the turn's
 * tool results add to it, the oldest earlier turns make room (the system prompt and the current
 * turn always stay, a call never apart from its result).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { agentWorld, type AgentWorld } from '../../helpers/agent.js';
import { scriptSkill, writeSkill } from '../../helpers/temp.js';

let w: AgentWorld | undefined;
afterEach(async () => {
  await w?.shutdown();
  w = undefined;
});

describe('the token budget, round after round', () => {
  it('a large tool result makes room by trimming the oldest turns, and the turn is sent whole', async () => {
    w = await agentWorld({ agent: { historyBudgetTokens: 2500 } });
    // About 1,500 tokens of output.
    writeSkill(w.system, 'big_read', scriptSkill({ script: "printf '%6000s' '' | tr ' ' z" }));
    w.registry.loadAll();
    w.server.enqueue(
      { content: 'Noted.' },
      { toolCalls: [{ id: 'call_big', name: 'big_read', arguments: '{}' }] },
      { content: 'Read it.' },
    );
    const first = await w.agent.send(`oldest ${'x'.repeat(4000)}`);
    const turn = await w.agent.send('read the big file', { conversationId: first.conversationId });
    expect(turn.toolCalls.map((c) => c.status)).toEqual(['done']);
    const [asked, answered] = w.server.requests
      .slice(1)
      .map((r) => r.body.messages as { role: string; content: string | null }[]);
    // Before the call, the earlier turn fits and is sent.
    expect(asked!.some((m) => m.content?.startsWith('oldest'))).toBe(true);
    // With the result, it no longer does: it is left out; the turn's call and result are sent whole.
    expect(answered!.some((m) => m.content?.startsWith('oldest'))).toBe(false);
    expect(answered!.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool']);
    expect(answered![3]!.content).toContain('z'.repeat(6000));
  });
});
