/** A new conversation is titled by the start of its first message, never with half a character. */
import { afterEach, describe, expect, it } from 'vitest';
import { conversationTitle } from '../../../src/core/agent/conversation-title.js';
import { agentWorld, type AgentWorld } from '../../helpers/agent.js';

let w: AgentWorld | undefined;
afterEach(async () => {
  await w?.shutdown();
  w = undefined;
});

describe('a new conversation’s title', () => {
  it('an emoji where the title is cut stays whole', async () => {
    w = await agentWorld();
    w.server.enqueue({ content: 'Hi.' });
    const text = `${'a'.repeat(39)}😀 and the rest`;
    const turn = await w.agent.send(text);
    expect(w.store.conversations.get(turn.conversationId)!.title).toBe(`${'a'.repeat(39)}😀`);
  });

  it('is the first 40 characters of the message, trimmed', () => {
    expect(conversationTitle('  hello  ')).toBe('hello');
    expect(conversationTitle('你'.repeat(50))).toBe('你'.repeat(40));
    expect(conversationTitle('😀'.repeat(41))).toBe('😀'.repeat(40));
  });
});
