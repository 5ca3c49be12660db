/**
 * A conversation deleted while its turn runs (from the app, or from another iAs process while
 * `ias chat` answers in it): the turn says so plainly (not as the store's refusal of a write), and
 * nothing of it is left behind.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ConversationDeletedError } from '../../../src/core/agent/conversation-deleted.js';
import { agentWorld, type AgentWorld } from '../../helpers/agent.js';

let w: AgentWorld | undefined;
afterEach(async () => {
  await w?.shutdown();
  w = undefined;
});

describe('a conversation deleted while its turn runs', () => {
  it('while the model answers: the turn says the conversation was deleted', async () => {
    w = await agentWorld();
    // Deleted as the model is asked (its reply then has nowhere to go).
    w.server.enqueue(() => {
      const [conversation] = w!.store.conversations.list();
      w!.store.conversations.delete(conversation!.id);
      return { content: 'Hello.' };
    });
    const sent = w.agent.send('hi');
    await expect(sent).rejects.toBeInstanceOf(ConversationDeletedError);
    await expect(sent).rejects.toThrow(/conversation was deleted, so nothing more/);
    const errors = w.events.filter((e) => e.type === 'error');
    expect(errors).toMatchObject([{ messageCode: { code: 'conversation-deleted' } }]);
    expect(JSON.stringify(errors)).not.toMatch(/FOREIGN KEY/);
    expect(w.store.conversations.list()).toEqual([]);
  });

  it('before its next turn: that turn is refused as such, with nothing sent to the model', async () => {
    w = await agentWorld();
    w.server.enqueue({ content: 'Hello.' });
    const { conversationId } = await w.agent.send('hi');
    w.store.conversations.delete(conversationId);
    await expect(w.agent.send('still there?', { conversationId })).rejects.toBeInstanceOf(ConversationDeletedError);
    expect(w.server.requests).toHaveLength(1);
    expect(w.store.conversations.list()).toEqual([]);
  });
});
