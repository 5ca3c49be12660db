/**
 * Mistral takes only tool-call ids of 9 characters of [a-zA-Z0-9]: a conversation whose calls were
 * made elsewhere (ids like `call_…`) is refused as Mistral refuses it, then asked again at once with
 * every id in that form, and the server is asked so from then on. History keeps the ids as they came.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { shortId } from '../../../src/core/agent/wire-messages.js';
import { testAgent, worldWithNotes, type AgentWorld } from '../../helpers/agent.js';
import { startModelServer, type ModelServer } from '../../helpers/model-server.js';

let w: AgentWorld | undefined;
let other: ModelServer | undefined;
afterEach(async () => {
  await w?.shutdown();
  await other?.close();
  w = undefined;
  other = undefined;
});

interface SentMessage {
  role: string;
  tool_calls?: { id: string }[];
  tool_call_id?: string;
}

/** The ids of the calls sent, and those their results name. */
function idsSent(body: { messages: SentMessage[] }) {
  return {
    calls: body.messages.flatMap((m) => (m.tool_calls ?? []).map((c) => c.id)),
    results: body.messages.filter((m) => m.role === 'tool').map((m) => m.tool_call_id!),
  };
}

describe("Mistral's tool-call ids", () => {
  it('a conversation begun elsewhere goes on at Mistral: ids sent in its form, kept as they were, remembered', async () => {
    w = await worldWithNotes();
    other = await startModelServer();
    other.enqueue(
      {
        toolCalls: [
          { id: 'call_apple', name: 'note_down', arguments: '{"word":"apple"}' },
          { id: 'call_pear', name: 'note_down', arguments: '{"word":"pear"}' },
        ],
      },
      { content: 'Noted both.' },
    );
    const first = await testAgent(w, other.url).send('note apple and pear');
    expect(first.error).toBeUndefined();

    const mistral = { refuses: ['tool-call-ids' as const] };
    w.server.enqueue(
      { ...mistral, content: 'unused' },
      // Mistral's own call, its id already in its form.
      { ...mistral, toolCalls: [{ id: 'pLum12345', name: 'note_down', arguments: '{"word":"plum"}' }] },
      { ...mistral, content: 'Noted plum.' },
    );
    const turn = await w.agent.send('and plum', { conversationId: first.conversationId });
    expect(turn.error).toBeUndefined();
    expect(turn.reply).toBe('Noted plum.');
    // Refused as Mistral refuses, then asked again at once (no retry said).
    expect(w.server.requests).toHaveLength(3);
    expect(w.events.filter((e) => e.type === 'retry' || e.type === 'notice')).toEqual([]);
    expect(idsSent(w.server.requests[0]!.body).calls).toEqual(['call_apple', 'call_pear']);
    const apple = shortId('call_apple');
    const pear = shortId('call_pear');
    expect(apple).toMatch(/^[a-zA-Z0-9]{9}$/);
    expect(apple).not.toBe(pear);
    expect(idsSent(w.server.requests[1]!.body)).toEqual({ calls: [apple, pear], results: [apple, pear] });
    expect(idsSent(w.server.requests[2]!.body)).toEqual({
      calls: [apple, pear, 'pLum12345'],
      results: [apple, pear, 'pLum12345'],
    });

    // History keeps the ids as they came.
    const stored = w.store.conversations.messages(first.conversationId);
    expect(stored.flatMap((m) => (m.toolCalls ?? []).map((c) => c.id))).toEqual([
      'call_apple',
      'call_pear',
      'pLum12345',
    ]);

    // Remembered: the next turn is asked in Mistral's form at once.
    w.server.enqueue({ ...mistral, content: 'Hi.' });
    const next = await w.agent.send('hi', { conversationId: first.conversationId });
    expect(next.error).toBeUndefined();
    expect(w.server.requests).toHaveLength(4);
    expect(idsSent(w.server.requests[3]!.body).calls).toEqual([apple, pear, 'pLum12345']);
  });

  it("a refusal there is nothing to mend for says Mistral's own words", async () => {
    w = await worldWithNotes();
    // Mistral gives its error at the body's top level, not under `error`.
    w.server.enqueue({
      status: 400,
      errorBody: {
        object: 'error',
        message: 'Tool call id was call_x but must be a-z, A-Z, 0-9, with a length of 9.',
        type: 'invalid_function_call',
        param: null,
        code: '3280',
      },
    });
    const turn = await w.agent.send('hi');
    expect(turn.error).toMatch(/rejected the request \(400\): Tool call id was call_x but must be a-z/);
    // No call in the request: asked once, nothing learnt.
    expect(w.server.requests).toHaveLength(1);
  });
});
