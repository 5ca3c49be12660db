/**
 * A model server slow to begin its reply: the owner is told it is still awaited (a notice, once a
 * turn, kept with the turn as notices are), and one that does not answer within the timeout is
 * asked once more, not twice.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { agentWorld, type AgentWorld } from '../../helpers/agent.js';

let w: AgentWorld | undefined;
afterEach(async () => {
  await w?.shutdown();
  w = undefined;
});

const waitingNotices = (world: AgentWorld) =>
  world.events.filter((e) => e.type === 'notice' && e.messageCode.code === 'still-waiting');

describe('a slow model server', () => {
  it('no byte of the reply for a while: the owner is told, once, before the reply, and it is kept with the turn', async () => {
    w = await agentWorld({ agent: { waitNoticeAfterMs: 300 } });
    w.server.enqueue({ delayMs: 1500, content: 'Slow answer.' });
    const turn = await w.agent.send('hi');
    expect(turn.error).toBeUndefined();
    expect(turn.reply).toBe('Slow answer.');
    const notices = waitingNotices(w);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      message: expect.stringMatching(/^Still waiting for the model server \(\d+ s\)…$/),
    });
    // Said while the reply was awaited: before its first delta.
    expect(w.events.indexOf(notices[0]!)).toBeLessThan(w.events.findIndex((e) => e.type === 'delta'));
    expect(turn.noticeCodes).toEqual([{ code: 'still-waiting', params: { seconds: '1' } }]);
    // Kept with the turn, as its other notices are (shown, never sent to the model).
    const stored = w.store.conversations.messages(turn.conversationId);
    expect(stored.map((m) => [m.role, m.shown])).toEqual([
      ['user', undefined],
      ['assistant', undefined],
      ['system', 'notice'],
    ]);
  });

  it('a reply that began at once and comes slowly after: nothing is said', async () => {
    w = await agentWorld({ agent: { waitNoticeAfterMs: 500 } });
    w.server.enqueue({ content: 'One, two, three.', chunkSize: 8, chunkDelayMs: 700 });
    const turn = await w.agent.send('count');
    expect(turn.reply).toBe('One, two, three.');
    expect(waitingNotices(w)).toEqual([]);
    expect(turn.notices).toBeUndefined();
  });

  it('a server that does not answer within the timeout: asked once more, not twice, and told awaited once', async () => {
    w = await agentWorld({ agent: { waitNoticeAfterMs: 200, timeoutMs: 800, retries: 2 } });
    w.server.fallback({ delayMs: 60_000, content: 'never sent' });
    const turn = await w.agent.send('hi');
    expect(turn.errorCode).toEqual({ code: 'server-timeout', params: { baseUrl: w.server.url } });
    expect(w.server.requests).toHaveLength(2);
    expect(w.events.filter((e) => e.type === 'retry')).toHaveLength(1);
    expect(waitingNotices(w)).toHaveLength(1);
  });
});
