/**
 * A model that answers with nothing (no text, no thinking, no call: some do after a tool's result,
 * or when a filter empties the reply without saying so): the turn says so, rather than end in
 * silence (the app would show nothing under the owner's message, `ias chat` print nothing).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { agentWorld, type AgentWorld } from '../../helpers/agent.js';

let w: AgentWorld | undefined;
afterEach(async () => {
  await w?.shutdown();
  w = undefined;
});

const notices = (world: AgentWorld) => world.events.flatMap((e) => (e.type === 'notice' ? [e.messageCode.code] : []));

describe('an empty reply', () => {
  it('at once: said, and kept with the turn', async () => {
    w = await agentWorld();
    w.server.enqueue({ content: '  \n' });
    const turn = await w.agent.send('hi');
    expect(turn.error).toBeUndefined();
    expect(turn.noticeCodes).toEqual([{ code: 'reply-empty', params: {} }]);
    expect(turn.notices![0]).toMatch(/empty reply/);
    expect(notices(w)).toEqual(['reply-empty']);
    const shown = w.store.conversations.messages(turn.conversationId).filter((m) => m.shown);
    expect(shown.map((m) => m.shownCode?.code)).toEqual(['reply-empty']);
  });

  it('after a tool’s result: said', async () => {
    w = await agentWorld();
    w.server.enqueue({ toolCalls: [{ id: 'call_1', name: 'read_only', arguments: '{}' }] }, { content: '' });
    const turn = await w.agent.send('check');
    expect(turn.toolCalls.map((c) => c.status)).toEqual(['done']);
    expect(notices(w)).toEqual(['reply-empty']);
  });

  it('a reply with text, or only thinking, is no empty reply', async () => {
    w = await agentWorld();
    w.server.enqueue({ content: 'Hello.' }, { reasoning: 'Hmm.', content: '' });
    const turn = await w.agent.send('hi');
    await w.agent.send('and?', { conversationId: turn.conversationId });
    expect(notices(w)).toEqual(['reply-only-thinking']);
  });
});
