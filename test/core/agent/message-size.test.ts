/**
 * The owner's message has one size limit wherever a turn takes it (MAX_MESSAGE_CHARS, counted in
 * characters as a person counts them): past it, the turn is refused before anything is stored or
 * sent to the model, in a new conversation as in one under way.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MessageTooLongError } from '../../../src/core/agent/message-size.js';
import { messageTooLong } from '../../../src/shared/message-size.js';
import { chineseApiErrors } from '../../../src/shared/api-errors-zh-CN.js';
import { sayApiError } from '../../../src/shared/api-errors.js';
import { agentWorld, type AgentWorld } from '../../helpers/agent.js';

let w: AgentWorld | undefined;
afterEach(async () => {
  await w?.shutdown();
  w = undefined;
});

/** What the turn threw, which must be a MessageTooLongError. */
async function refusal(turn: Promise<unknown>): Promise<MessageTooLongError> {
  const err = await turn.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(MessageTooLongError);
  return err as MessageTooLongError;
}

describe('a message past the size limit', () => {
  it('is refused before anything is stored or sent, saying so in both languages', async () => {
    w = await agentWorld();
    w.server.enqueue({ content: 'Hello.' });
    const first = await w.agent.send('hello');
    const stored = w.store.conversations.messages(first.conversationId);
    const requests = w.server.requests.length;

    for (const conversationId of [undefined, first.conversationId]) {
      const err = await refusal(w.agent.send('x'.repeat(100_001), { conversationId }));
      expect(err.message).toBe(
        'The message is too long: iAs sends at most 100,000 characters in one message. It was not sent; shorten it, or split it into several messages.',
      );
      expect(err.messageCode).toEqual({ code: 'message-too-long', params: { max: 100_000 } });
      expect(sayApiError(chineseApiErrors, err.message, err.messageCode)).toBe(
        '消息太长：iAs 一条消息最多发送 100,000 个字符。这条消息没有发送；请缩短它，或分成几条发送。',
      );
    }
    expect(w.store.conversations.list().map((c) => c.id)).toEqual([first.conversationId]);
    expect(w.store.conversations.messages(first.conversationId)).toEqual(stored);
    expect(w.server.requests.length).toBe(requests);
    expect(w.events.filter((e) => e.type === 'error')).toEqual([]);
  });

  it('counts characters, not UTF-16 units: 100,000 emoji go, one more does not', async () => {
    w = await agentWorld();
    const smiles = '😀'.repeat(100_000);
    expect(messageTooLong(smiles)).toBe(false);
    expect(messageTooLong(`${smiles}!`)).toBe(true);
    expect(messageTooLong('x'.repeat(100_000))).toBe(false);
    w.server.enqueue({ content: 'Smiles back.' });
    await expect(w.agent.send(smiles)).resolves.toMatchObject({ reply: 'Smiles back.' });
    const sent = w.server.requests[0]!.body.messages as { role: string; content: string }[];
    expect(sent.at(-1)).toEqual({ role: 'user', content: smiles });
    await refusal(w.agent.send(`${smiles}😀`));
    expect(w.server.requests).toHaveLength(1);
  });
});
