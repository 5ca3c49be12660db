/**
 * Servers that speak the protocol differently from OpenAI, as the presets' servers do: Ollama's
 * parallel tool calls (all at index 0, or without an index), names repeated in every chunk,
 * OpenRouter's `reasoning` field, and DeepSeek's thinking mode, which refuses a request whose
 * tool-calling turns come without their `reasoning_content`.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { agentWorld, testAgent, type AgentWorld } from '../../helpers/agent.js';
import { readRuns } from '../../helpers/gate.js';
import { startModelServer, type ModelServer } from '../../helpers/model-server.js';
import { scriptSkill, writeSkill } from '../../helpers/temp.js';

let w: AgentWorld | undefined;
let other: ModelServer | undefined;
afterEach(async () => {
  await w?.shutdown();
  await other?.close();
  w = undefined;
  other = undefined;
});

/** A low-risk skill that appends its params to `<home>/note_down.runs`, one line per run. */
async function worldWithNotes(): Promise<AgentWorld> {
  const world = await agentWorld();
  writeSkill(
    world.system,
    'note_down',
    scriptSkill({
      risk: 'Low',
      description: 'Notes a word down.',
      parameters: { type: 'object', properties: { word: { type: 'string' } }, required: ['word'] },
      script: `printf '%s\\n' "$SKILL_PARAM_WORD" >> '${path.join(world.home, 'note_down.runs')}'\necho noted`,
    }),
  );
  world.registry.loadAll();
  return world;
}

const twoNotes = [
  { id: 'call_apple', name: 'note_down', arguments: '{"word":"apple"}' },
  { id: 'call_pear', name: 'note_down', arguments: '{"word":"pear"}' },
];

interface SentMessage {
  role: string;
  content: string | null;
  reasoning_content?: string;
  tool_calls?: { id: string }[];
}
const assistantMessages = (body: { messages: SentMessage[] }) => body.messages.filter((m) => m.role === 'assistant');

describe('servers that differ from OpenAI', () => {
  for (const toolCallIndex of ['zero', 'none'] as const) {
    it(`runs parallel tool calls sent with ${toolCallIndex === 'zero' ? 'index 0 for every call' : 'no index'} as separate calls`, async () => {
      w = await worldWithNotes();
      w.server.enqueue({ toolCalls: twoNotes, toolCallIndex }, { content: 'Noted both.' });
      const turn = await w.agent.send('note apple and pear');
      expect(turn.toolCalls.map((c) => [c.id, c.name, c.arguments, c.status])).toEqual([
        ['call_apple', 'note_down', '{"word":"apple"}', 'done'],
        ['call_pear', 'note_down', '{"word":"pear"}', 'done'],
      ]);
      expect(readRuns(w.home, 'note_down')).toEqual(['apple', 'pear']);
      const sent = assistantMessages(w.server.requests[1]!.body)[0]!;
      expect(sent.tool_calls?.map((c) => c.id)).toEqual(['call_apple', 'call_pear']);
      expect(turn.reply).toBe('Noted both.');
    });
  }

  it('takes a tool name repeated in every chunk once', async () => {
    w = await worldWithNotes();
    w.server.enqueue({ toolCalls: [twoNotes[0]!], repeatToolName: true, chunkSize: 3 }, { content: 'Noted.' });
    const turn = await w.agent.send('note apple');
    expect(turn.toolCalls).toMatchObject([{ name: 'note_down', arguments: '{"word":"apple"}', status: 'done' }]);
    expect(readRuns(w.home, 'note_down')).toEqual(['apple']);
  });

  it('keeps reasoning sent as `reasoning` (OpenRouter, Ollama) apart, and never sends it back', async () => {
    w = await worldWithNotes();
    w.server.enqueue(
      { reasoning: 'Which word? Apple.', reasoningField: 'reasoning', toolCalls: [twoNotes[0]!] },
      { content: 'Noted.' },
    );
    const turn = await w.agent.send('note apple');
    expect(turn.reasoning).toBe('Which word? Apple.');
    expect(
      w.events
        .filter((e) => e.type === 'reasoning')
        .map((e) => (e as { text: string }).text)
        .join(''),
    ).toBe('Which word? Apple.');
    expect(
      w.events
        .filter((e) => e.type === 'delta')
        .map((e) => (e as { text: string }).text)
        .join(''),
    ).toBe('Noted.');
    expect(w.server.requests[1]!.raw).not.toContain('Which word');
    expect(w.store.conversations.messages(turn.conversationId)[1]).toMatchObject({ reasoning: 'Which word? Apple.' });
  });
});

describe("DeepSeek's thinking mode with tools", () => {
  const thinking = (reasoning: string, reply: object) => ({ reasoning, requireReasoningBack: true, ...reply });

  it('sends the reasoning of a tool-calling turn back in its own field, in this turn and the next', async () => {
    w = await worldWithNotes();
    w.server.enqueue(
      thinking('First apple.', { toolCalls: [twoNotes[0]!] }),
      thinking('Now pear.', { toolCalls: [twoNotes[1]!] }),
      thinking('Both done.', { content: 'Noted apple and pear.' }),
      thinking('Just a greeting.', { content: 'Hello again.' }),
      thinking('Nothing to call.', { content: 'Still here.' }),
    );
    const first = await w.agent.send('note apple, then pear');
    expect(first).toMatchObject({ rounds: 2, reply: 'Noted apple and pear.' });
    expect(first.error).toBeUndefined();
    expect(readRuns(w.home, 'note_down')).toEqual(['apple', 'pear']);
    // Within the turn: each assistant message that called a tool carries its reasoning.
    expect(assistantMessages(w.server.requests[2]!.body).map((m) => m.reasoning_content)).toEqual([
      'First apple.',
      'Now pear.',
    ]);

    const second = await w.agent.send('hello', { conversationId: first.conversationId });
    expect(second.error).toBeUndefined();
    expect(second.reply).toBe('Hello again.');
    const later = assistantMessages(w.server.requests[3]!.body);
    expect(later.map((m) => m.reasoning_content)).toEqual(['First apple.', 'Now pear.', 'Both done.']);
    // Never as content.
    expect(later.map((m) => m.content)).toEqual([null, null, 'Noted apple and pear.']);

    // A turn that called no tool has its reasoning left out, as DeepSeek asks.
    const third = await w.agent.send('still there?', { conversationId: first.conversationId });
    expect(third.error).toBeUndefined();
    const last = assistantMessages(w.server.requests[4]!.body);
    expect(last.map((m) => m.reasoning_content)).toEqual(['First apple.', 'Now pear.', 'Both done.', undefined]);
    expect(w.server.requests[4]!.raw).not.toContain('Just a greeting');
  });

  it('the test server refuses, as DeepSeek does, a tool-calling turn sent without its reasoning', async () => {
    w = await worldWithNotes();
    w.server.enqueue(thinking('First apple.', { content: 'unused' }));
    const response = await fetch(`${w.server.url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer k' },
      body: JSON.stringify({
        model: 'm',
        messages: [
          { role: 'user', content: 'note apple' },
          {
            role: 'assistant',
            content: null,
            tool_calls: [{ id: 'c', type: 'function', function: { name: 'note_down', arguments: '{}' } }],
          },
          { role: 'tool', tool_call_id: 'c', content: 'noted' },
        ],
      }),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('reasoning_content');
  });

  it('sends a reasoning back only to the provider that wrote it', async () => {
    w = await worldWithNotes();
    w.server.enqueue(thinking('First apple.', { toolCalls: [twoNotes[0]!] }), thinking('Done.', { content: 'Noted.' }));
    const first = await w.agent.send('note apple');
    expect(first.error).toBeUndefined();
    other = await startModelServer();
    other.enqueue({ content: 'Hi from elsewhere.' });
    // The same port number cannot be reused, so the other server is another host.
    const elsewhere = testAgent(w, other.url);
    const turn = await elsewhere.send('hello', { conversationId: first.conversationId });
    expect(turn.reply).toBe('Hi from elsewhere.');
    expect(other.requests[0]!.raw).not.toContain('First apple');
    expect(assistantMessages(other.requests[0]!.body).every((m) => m.reasoning_content === undefined)).toBe(true);
  });
});
