/**
 * A server may split a character between two events: its UTF-8 bytes (the client puts them back
 * together), or, as a server that cuts text by UTF-16 units does, an emoji's surrogate pair
 * (`"\ud83d"` in one event, `"\ude00"` in the next). What streams out as deltas is whole
 * characters all the same: a terminal shows half a pair as �.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { agentWorld, type AgentWorld } from '../../helpers/agent.js';

let w: AgentWorld | undefined;
afterEach(async () => {
  await w?.shutdown();
  w = undefined;
});

/** An event whose delta is `delta`, written as JSON writes a lone surrogate (escaped). */
const event = (delta: Record<string, string>, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: 'x', object: 'chat.completion.chunk', created: 0, model: 'test-model', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

const LONE_SURROGATE = /\p{Cs}/u;

describe('characters split between events', () => {
  it('an emoji whose surrogate pair is split streams out whole, in the reply and in its reasoning', async () => {
    w = await agentWorld();
    w.server.enqueue({
      rawStream: [
        event({ role: 'assistant', reasoning_content: 'hm \ud83e' }),
        event({ reasoning_content: '\udd14 ok' }),
        event({ content: 'a\ud83d' }),
        event({ content: '\ude00b \ud83d' }),
        event({ content: '\ude4f' }, 'stop'),
        'data: [DONE]\n\n',
      ],
    });
    const turn = await w.agent.send('hi');
    expect(turn.reply).toBe('a😀b 🙏');
    expect(turn.reasoning).toBe('hm 🤔 ok');
    const streamed = w.events.filter((e) => e.type === 'delta' || e.type === 'reasoning') as { text: string }[];
    expect(streamed.filter((e) => LONE_SURROGATE.test(e.text))).toEqual([]);
    const text = (type: string) =>
      w!.events
        .filter((e) => e.type === type)
        .map((e) => (e as { text: string }).text)
        .join('');
    expect(text('delta')).toBe('a😀b 🙏');
    expect(text('reasoning')).toBe('hm 🤔 ok');
  });
});
