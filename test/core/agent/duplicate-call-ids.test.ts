/**
 * Tool-call ids pair each call with its result (for the model, the chat's cards, the stored
 * history). A model that gives two calls of one reply the same id (or reuses an id of an earlier
 * turn) has the repeated one given an id of its own: every call runs, and each result goes with
 * its own call.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { agentWorld, firstEndsLast, type AgentWorld } from '../../helpers/agent.js';

let w: AgentWorld | undefined;
afterEach(async () => {
  await w?.shutdown();
  w = undefined;
});

interface Sent {
  role: string;
  content: string | null;
  tool_calls?: { id: string; function: { name: string } }[];
  tool_call_id?: string;
}

/** Each result sent, with the name of the call its id names. */
function pairs(messages: Sent[]): [string | undefined, string][] {
  const names = new Map<string, string>();
  for (const m of messages) for (const c of m.tool_calls ?? []) names.set(c.id, c.function.name);
  return messages
    .filter((m) => m.role === 'tool')
    .map((m) => [names.get(m.tool_call_id!), (JSON.parse(m.content!) as { data: string }).data]);
}

describe('tool calls that share an id', () => {
  it('two calls of one reply with one id: each gets its own id, and each result goes with its call', async () => {
    w = await agentWorld();
    firstEndsLast(w);
    w.server.enqueue(
      {
        toolCalls: [
          { id: 'dup', name: 'first_call', arguments: '{}' },
          { id: 'dup', name: 'second_call', arguments: '{}' },
        ],
      },
      { content: 'Both ran.' },
      { content: 'Still paired.' },
    );
    const turn = await w.agent.send('run both');
    const ids = turn.toolCalls.map((c) => c.id);
    expect(new Set(ids).size).toBe(2);
    expect(turn.toolCalls.map((c) => [c.name, (c.result as { data: string }).data])).toEqual([
      ['first_call', 'first'],
      ['second_call', 'second'],
    ]);
    // The chat's cards: one per call, each with its own result.
    const calls = w.events.filter((e) => e.type === 'tool-call').map((e) => (e as { id: string }).id);
    expect(calls).toEqual(ids);
    // The model is told which result is which, in this turn and the next.
    await w.agent.send('and again', { conversationId: turn.conversationId });
    for (const request of w.server.requests.slice(1)) {
      expect(pairs(request.body.messages as Sent[])).toEqual([
        ['first_call', 'first'],
        ['second_call', 'second'],
      ]);
    }
  });

  it('calls that all carry index 0 and one id are each run, none merged into another', async () => {
    w = await agentWorld();
    w.server.enqueue(
      {
        toolCallIndex: 'zero',
        toolCalls: [
          { id: 'dup', name: 'read_only', arguments: '{}' },
          { id: 'dup', name: 'read_only', arguments: '{}' },
        ],
      },
      { content: 'Both fine.' },
    );
    const turn = await w.agent.send('check twice');
    expect(turn.toolCalls.map((c) => [c.name, c.arguments, c.status])).toEqual([
      ['read_only', '{}', 'done'],
      ['read_only', '{}', 'done'],
    ]);
    expect(new Set(turn.toolCalls.map((c) => c.id)).size).toBe(2);
  });

  it('an id an earlier turn of the conversation used is not used again', async () => {
    w = await agentWorld();
    const call = { toolCalls: [{ id: 'call_0', name: 'read_only', arguments: '{}' }] };
    w.server.enqueue(call, { content: 'Fine.' }, call, { content: 'Fine again.' });
    const first = await w.agent.send('check');
    const second = await w.agent.send('check again', { conversationId: first.conversationId });
    expect(first.toolCalls[0]!.id).toBe('call_0');
    expect(second.toolCalls[0]!.id).not.toBe('call_0');
    const stored = w.store.conversations.messages(first.conversationId);
    const callIds = stored.flatMap((m) => (m.toolCalls ?? []).map((c) => c.id));
    const resultIds = stored.filter((m) => m.role === 'tool').map((m) => m.toolCallId);
    expect(resultIds).toEqual(callIds);
    expect(new Set(callIds).size).toBe(2);
  });
});

describe('a call given an id of its own, with reasoning blocks that name it', () => {
  it('its encrypted block (OpenRouter’s, for Gemini) is sent back naming the id the call now has', async () => {
    w = await agentWorld();
    const blocks = (id: string) => [
      { type: 'reasoning.text', text: 'Thinking.', index: 0, format: 'google-gemini-v1' },
      { type: 'reasoning.encrypted', data: `enc-${id}`, id, index: 1, format: 'google-gemini-v1' },
    ];
    const openrouter = { reasoningField: 'reasoning' as const };
    const call = { toolCalls: [{ id: 'tool_0', name: 'read_only', arguments: '{}' }] };
    w.server.enqueue(
      { ...openrouter, ...call, reasoningDetails: blocks('tool_0') },
      { ...openrouter, content: 'Fine.' },
      { ...openrouter, ...call, reasoningDetails: blocks('tool_0') },
      { ...openrouter, content: 'Fine again.' },
    );
    const first = await w.agent.send('check');
    const second = await w.agent.send('check again', { conversationId: first.conversationId });
    const renamed = second.toolCalls[0]!.id;
    expect(renamed).not.toBe('tool_0');
    const steps = (w.server.requests.at(-1)!.body.messages as Sent[]).filter((m) => m.tool_calls?.length);
    const sent = steps.map((m) => ({
      call: m.tool_calls![0]!.id,
      block: (m as { reasoning_details?: { type: string; id?: string }[] }).reasoning_details?.find(
        (d) => d.type === 'reasoning.encrypted',
      )?.id,
    }));
    expect(sent).toEqual([
      { call: 'tool_0', block: 'tool_0' },
      { call: renamed, block: renamed },
    ]);
  });
});
