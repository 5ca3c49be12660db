/**
 * A reply that stops coming mid-stream, its connection left open (a server stuck in its
 * generation, a connection lost without a word, as after a laptop's sleep): past the time a
 * request may wait for its answer, it is a failure said as such, not a turn under way for ever.
 * Bytes that carry no reply (a proxy's keep-alive comments) keep it waiting.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { agentWorld, type AgentWorld } from '../../helpers/agent.js';
import { chunkLine } from '../../helpers/model-server.js';

let w: AgentWorld | undefined;
afterEach(async () => {
  await w?.shutdown();
  w = undefined;
});

describe('a stream that stalls', () => {
  it('after some of its reply: the text is kept and the stall is said', async () => {
    w = await agentWorld({ agent: { timeoutMs: 1500 } });
    w.server.enqueue({
      rawStream: [chunkLine({ role: 'assistant', content: 'hello' }), chunkLine({ content: ' never' })],
      chunkDelayMs: 30_000,
    });
    const turn = await w.agent.send('go');
    expect(turn.reply).toBe('hello');
    expect(turn.errorCode?.code).toBe('stream-stalled');
    expect(turn.error).toMatch(/stopped sending its reply/);
    expect(w.server.requests).toHaveLength(1);
  });

  it('before any of its reply: asked again', async () => {
    w = await agentWorld({ agent: { timeoutMs: 1500 } });
    w.server.enqueue(
      {
        rawStream: [chunkLine({ role: 'assistant', content: '' }), chunkLine({ content: 'never' })],
        chunkDelayMs: 30_000,
      },
      { content: 'Here it is.' },
    );
    const turn = await w.agent.send('go');
    expect(turn.error).toBeUndefined();
    expect(turn.reply).toBe('Here it is.');
    expect(w.server.requests).toHaveLength(2);
    expect(w.events.filter((e) => e.type === 'retry')).toMatchObject([{ messageCode: { code: 'stream-stalled' } }]);
  });

  it('keep-alive comments between its events: waited for', async () => {
    w = await agentWorld({ agent: { timeoutMs: 1500 } });
    w.server.enqueue({
      rawStream: [
        chunkLine({ role: 'assistant', content: 'slow' }),
        ': PROCESSING\n\n',
        ': PROCESSING\n\n',
        ': PROCESSING\n\n',
        ': PROCESSING\n\n',
        ': PROCESSING\n\n',
        ': PROCESSING\n\n',
        chunkLine([{ index: 0, delta: { content: ' but sure' }, finish_reason: 'stop' }]),
        'data: [DONE]\n\n',
      ],
      chunkDelayMs: 300,
    });
    const turn = await w.agent.send('go');
    expect(turn.error).toBeUndefined();
    expect(turn.reply).toBe('slow but sure');
  });
});
