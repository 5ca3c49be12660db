/**
 * Servers that speak the protocol differently from OpenAI, as the presets' servers do: Ollama's
 * parallel tool calls (all at index 0, or without an index), names repeated in every chunk,
 * OpenRouter's `reasoning` field, and DeepSeek's thinking mode, which refuses a request whose
 * tool-calling turns come without their `reasoning_content`.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ServerMends } from '../../../src/core/agent/server-mends.js';
import { runTaskTurn } from '../../../src/core/scheduler/task-runner.js';
import type { ScheduledTask } from '../../../src/core/store/tasks-repo.js';
import { agentWorld, testAgent, worldWithNotes, type AgentWorld } from '../../helpers/agent.js';
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

const twoNotes = [
  { id: 'call_apple', name: 'note_down', arguments: '{"word":"apple"}' },
  { id: 'call_pear', name: 'note_down', arguments: '{"word":"pear"}' },
];

interface SentMessage {
  role: string;
  content: string | null;
  reasoning_content?: string;
  reasoning_details?: unknown;
  tool_calls?: { id: string; extra_content?: unknown; function?: { name: string } }[];
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
      // The two calls run at once: which ends first is the system's choice.
      expect(readRuns(w.home, 'note_down').sort()).toEqual(['apple', 'pear']);
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
  const thinking = (reasoning: string, reply: object) => ({
    reasoning,
    refuses: ['reasoning-missing' as const],
    ...reply,
  });

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

  it('turns that called tools elsewhere get a placeholder once DeepSeek asks for their reasoning', async () => {
    w = await worldWithNotes();
    other = await startModelServer();
    // The first turn, with its tool call, is made with another provider (no reasoning at all).
    other.enqueue({ toolCalls: [twoNotes[0]!] }, { content: 'Noted apple.' });
    const first = await testAgent(w, other.url).send('note apple');
    expect(first.error).toBeUndefined();
    // Each request takes the next reply; a refused one takes its own.
    w.server.enqueue(
      thinking('unused', { content: 'unused' }),
      thinking('A greeting.', { content: 'Hello.' }),
      thinking('Another.', { content: 'Hello again.' }),
    );
    const turn = await w.agent.send('hello', { conversationId: first.conversationId });
    expect(turn.error).toBeUndefined();
    expect(turn.reply).toBe('Hello.');
    // Refused once, then asked with placeholders, never empty.
    expect(w.server.requests).toHaveLength(2);
    const filled = assistantMessages(w.server.requests[1]!.body).map((m) => m.reasoning_content);
    expect(filled).toEqual(['(reasoning before calling call_apple was not kept)', '(reasoning was not kept)']);
    // Remembered: the next turn is asked right the first time, with the same placeholders.
    const next = await w.agent.send('again', { conversationId: first.conversationId });
    expect(next.error).toBeUndefined();
    expect(w.server.requests).toHaveLength(3);
    expect(
      assistantMessages(w.server.requests[2]!.body)
        .map((m) => m.reasoning_content)
        .slice(0, 2),
    ).toEqual(filled);
    // What was learnt belongs to that model: another model on the same server is asked as before.
    w.server.enqueue({ content: 'Other model here.' });
    const otherModel = testAgent(w, w.server.url, {}, 'other-model');
    expect((await otherModel.send('hi', { conversationId: first.conversationId })).error).toBeUndefined();
    expect(w.server.requests.at(-1)!.raw).not.toContain('reasoning_content');
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

describe('requests shaped for strict servers', () => {
  it('asks a model that cannot take tools again without them, says so, and remembers it', async () => {
    w = await worldWithNotes();
    // Each request takes the next reply; a refused one takes its own.
    w.server.enqueue(
      { refuses: ['tools'], content: 'unused' },
      { refuses: ['tools'], content: 'Hello without tools.' },
      { refuses: ['tools'], content: 'Still without.' },
    );
    const turn = await w.agent.send('hi');
    expect(turn.error).toBeUndefined();
    expect(turn.reply).toBe('Hello without tools.');
    expect(w.server.requests.map((r) => Boolean(r.body.tools))).toEqual([true, false]);
    const notices = () => w!.events.filter((e) => e.type === 'notice').map((e) => (e as { message: string }).message);
    expect(notices()).toEqual(['The model test-model cannot use tools, so it answers without skills.']);
    await w.agent.send('again', { conversationId: turn.conversationId });
    expect(w.server.requests.map((r) => Boolean(r.body.tools))).toEqual([true, false, false]);
    // Told in every turn answered so.
    expect(notices()).toHaveLength(2);
  });

  it('sends a background result inside the next user message, not as a late system message', async () => {
    w = await agentWorld({ agent: { toolTimeoutMs: 100 } });
    writeSkill(w.system, 'slow', scriptSkill({ script: 'sleep 0.3; echo slow-result' }));
    w.registry.loadAll();
    w.server.enqueue({ toolCalls: [{ id: 'call_slow', name: 'slow', arguments: '{}' }] }, { content: 'Running.' });
    const turn = await w.agent.send('do the slow thing');
    await Promise.all([...w.agent.running]);
    w.server.enqueue({ refuses: ['late-system', 'same-role-in-a-row'], content: 'It said slow-result.' });
    const next = await w.agent.send('and?', { conversationId: turn.conversationId });
    expect(next.error).toBeUndefined();
    const sent = w.server.requests.at(-1)!.body.messages as SentMessage[];
    expect(sent.filter((m) => m.role === 'system')).toHaveLength(1);
    expect(sent.at(-1)!.role).toBe('user');
    expect(sent.at(-1)!.content).toMatch(/^\[iAs note, not written by the owner\] Background call slow .*slow-result/s);
    expect(sent.at(-1)!.content).toMatch(/\n\nand\?$/);
  });

  it('joins the message of a turn that failed with the next one, so roles alternate', async () => {
    w = await agentWorld({ agent: { retries: 0 } });
    w.server.enqueue({ status: 500, errorMessage: 'down' });
    const failed = await w.agent.send('first try');
    expect(failed.error).toMatch(/500/);
    w.server.enqueue({ refuses: ['same-role-in-a-row'], content: 'Got both.' });
    const turn = await w.agent.send('second try', { conversationId: failed.conversationId });
    expect(turn.error).toBeUndefined();
    const sent = w.server.requests.at(-1)!.body.messages as SentMessage[];
    expect(sent.map((m) => m.role)).toEqual(['system', 'user']);
    expect(sent[1]!.content).toBe('first try\n\nsecond try');
  });

  it('puts a stand-in reply between the results of a turn that failed and the next message (Mistral)', async () => {
    w = await worldWithNotes({ retries: 0 });
    w.server.enqueue({ toolCalls: [twoNotes[0]!] }, { status: 500, errorMessage: 'down' });
    const failed = await w.agent.send('note apple');
    expect(failed.error).toMatch(/500/);
    w.server.enqueue({ refuses: ['user-after-tool'], content: 'Noted, and here I am.' });
    const turn = await w.agent.send('still there?', { conversationId: failed.conversationId });
    expect(turn.error).toBeUndefined();
    const sent = w.server.requests.at(-1)!.body.messages as SentMessage[];
    expect(sent.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant', 'user']);
    expect(sent[4]!.content).toBe('(This turn ended here, before a reply.)');
  });

  it('leaves out an assistant message with neither text nor tool calls', async () => {
    w = await agentWorld();
    w.server.enqueue({ reasoning: 'Thinking only.', content: '' });
    const first = await w.agent.send('hm');
    expect(first.reply).toBe('');
    w.server.enqueue({ refuses: ['empty-assistant'], content: 'Now with words.' });
    const turn = await w.agent.send('say something', { conversationId: first.conversationId });
    expect(turn.error).toBeUndefined();
    expect(turn.reply).toBe('Now with words.');
  });

  it('sends tool-call arguments that were not JSON as {}, keeping what the model wrote on record', async () => {
    w = await worldWithNotes();
    w.server.enqueue(
      {
        toolCalls: [{ id: 'call_bad', name: 'note_down', arguments: '{"word": apple' }],
        refuses: ['invalid-arguments'],
      },
      { content: 'Sorry, bad arguments.', refuses: ['invalid-arguments'] },
      { content: 'Fine now.', refuses: ['invalid-arguments'] },
    );
    const first = await w.agent.send('note apple');
    expect(first.error).toBeUndefined();
    expect(first.toolCalls[0]).toMatchObject({ status: 'error', arguments: '{"word": apple' });
    const turn = await w.agent.send('ok?', { conversationId: first.conversationId });
    expect(turn.error).toBeUndefined();
    const call = assistantMessages(w.server.requests.at(-1)!.body)[0]!.tool_calls![0] as unknown as {
      function: { arguments: string };
    };
    expect(call.function.arguments).toBe('{}');
    const stored = w.store.conversations.messages(first.conversationId)[1]!;
    expect(stored.toolCalls![0]!.arguments).toBe('{"word": apple');
  });

  it('sends a tool name OpenAI refuses as a stand-in, in this turn, the next, and the tools declared for them', async () => {
    w = await worldWithNotes();
    const openai = { refuses: ['tool-call-names' as const] };
    const long = 'x'.repeat(100);
    w.server.enqueue(
      { ...openai, toolCalls: [{ id: 'call_dotted', name: 'functions.search_web', arguments: '{}' }] },
      { ...openai, toolCalls: [{ id: 'call_spaced', name: 'a b', arguments: '{}' }] },
      { ...openai, toolCalls: [{ id: 'call_long', name: long, arguments: '{}' }] },
      { ...openai, content: 'No such tools.' },
    );
    const first = await w.agent.send('search the web');
    expect(first.error).toBeUndefined();
    expect(first.reply).toBe('No such tools.');
    expect(first.toolCalls.map((c) => [c.name, c.status])).toEqual([
      ['functions.search_web', 'error'],
      ['a b', 'error'],
      [long, 'error'],
    ]);
    w.server.enqueue({ ...openai, content: 'Hi again.' });
    expect((await w.agent.send('hi', { conversationId: first.conversationId })).error).toBeUndefined();
    // With every skill off, a server that wants the history's tools declared is sent them by the same names.
    for (const skill of w.registry.list()) w.store.skillSettings.setEnabled(skill.name, false);
    const bedrock = { refuses: ['tools-for-history' as const, 'tool-call-names' as const] };
    w.server.enqueue({ ...bedrock, content: 'unused' }, { ...bedrock, content: 'Still here.' });
    const third = await w.agent.send('still there?', { conversationId: first.conversationId });
    expect(third.error).toBeUndefined();
    expect(third.reply).toBe('Still here.');

    expect(w.server.requests).toHaveLength(7);
    const named = (body: { messages: SentMessage[]; tools?: { function: { name: string } }[] }) => [
      ...body.messages.flatMap((m) => (m.tool_calls ?? []).map((c) => c.function?.name)),
      ...(body.tools ?? []).map((t) => t.function.name),
    ];
    for (const request of w.server.requests)
      for (const name of named(request.body)) expect(name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    const standIns = [
      'Invalid_functions_search_web',
      'Invalid_a_b',
      expect.stringMatching(/^Invalid_x+_[a-zA-Z0-9]{9}$/),
    ];
    expect(named(w.server.requests[3]!.body).slice(0, 3)).toEqual(standIns);
    expect(named(w.server.requests[6]!.body)).toEqual([...standIns, ...standIns]);
    // What is stored, and shown to the owner, is what the model wrote.
    const stored = w.store.conversations.messages(first.conversationId).flatMap((m) => m.toolCalls ?? []);
    expect(stored.map((c) => c.name)).toEqual(['functions.search_web', 'a b', long]);
  });

  it('leaves reasoning_content out for a server that refuses the field, and remembers it', async () => {
    w = await worldWithNotes();
    w.server.enqueue(
      { reasoning: 'Apple it is.', toolCalls: [twoNotes[0]!] },
      { refuses: ['reasoning-refused'], content: 'unused' },
      { refuses: ['reasoning-refused'], content: 'Noted.' },
      { refuses: ['reasoning-refused'], content: 'Hi.' },
    );
    const turn = await w.agent.send('note apple');
    expect(turn.error).toBeUndefined();
    expect(turn.reply).toBe('Noted.');
    expect(w.server.requests[1]!.raw).toContain('reasoning_content');
    expect(w.server.requests[2]!.raw).not.toContain('reasoning_content');
    expect((await w.agent.send('hi', { conversationId: turn.conversationId })).error).toBeUndefined();
    expect(w.server.requests).toHaveLength(4);
  });

  it('names the tool on each tool message once Gemini asks for it', async () => {
    w = await worldWithNotes();
    w.server.enqueue(
      { toolCalls: twoNotes, refuses: ['tool-names'] },
      { refuses: ['tool-names'], content: 'unused' },
      { refuses: ['tool-names'], content: 'Noted both.' },
    );
    const turn = await w.agent.send('note apple and pear');
    expect(turn.error).toBeUndefined();
    expect(turn.reply).toBe('Noted both.');
    const tools = (w.server.requests[2]!.body.messages as { role: string; name?: string }[]).filter(
      (m) => m.role === 'tool',
    );
    expect(tools.map((m) => m.name)).toEqual(['note_down', 'note_down']);
  });

  it("sends a skill's name that begins with a digit with `S_` before it once Gemini refuses it, reads its calls back, and remembers it", async () => {
    w = await worldWithNotes();
    writeSkill(
      w.system,
      '1note',
      scriptSkill({
        risk: 'Low',
        description: 'Notes a word down, the other way.',
        parameters: { type: 'object', properties: { word: { type: 'string' } }, required: ['word'] },
        script: `printf '%s\\n' "$SKILL_PARAM_WORD" >> '${w.home}/1note.runs'\necho noted`,
      }),
    );
    w.registry.loadAll();
    const gemini = { refuses: ['letter-names' as const, 'tool-names' as const] };
    w.server.enqueue(
      { ...gemini, content: 'unused' },
      { ...gemini, toolCalls: [{ id: 'call_1', name: 'S_1note', arguments: '{"word":"apple"}' }] },
      // Gemini also wants each result to name its tool (a mend of its own).
      { ...gemini, content: 'unused' },
      { ...gemini, content: 'Noted.' },
    );
    const turn = await w.agent.send('note apple');
    expect(turn.error).toBeUndefined();
    expect(turn.reply).toBe('Noted.');
    expect(turn.toolCalls).toMatchObject([{ name: '1note', status: 'done' }]);
    expect(readRuns(w.home, '1note')).toEqual(['apple']);
    const names = (i: number) =>
      ((w!.server.requests[i]!.body.tools ?? []) as { function: { name: string } }[]).map((t) => t.function.name);
    expect(names(0)).toContain('1note');
    expect(names(1)).toContain('S_1note');
    expect(names(1)).not.toContain('1note');
    expect(names(1)).toContain('note_down');
    // The history sends the call, and its result, by the name the server takes.
    const sent = w.server.requests.at(-1)!.body.messages as SentMessage[] & { name?: string }[];
    const step = sent.find((m) => m.role === 'assistant' && m.tool_calls?.length) as unknown as {
      tool_calls: { function: { name: string } }[];
    };
    expect(step.tool_calls[0]!.function.name).toBe('S_1note');
    expect(sent.filter((m) => m.role === 'tool').map((m) => (m as { name?: string }).name)).toEqual(['S_1note']);
    // Stored by the skill's own name; the next turn is sent so at once.
    expect(w.store.conversations.messages(turn.conversationId).flatMap((m) => m.toolCalls ?? [])).toMatchObject([
      { name: '1note' },
    ]);
    w.server.enqueue({ ...gemini, content: 'Hi.' });
    expect((await w.agent.send('hi', { conversationId: turn.conversationId })).reply).toBe('Hi.');
    expect(w.server.requests).toHaveLength(5);
  });

  it('sends such a name with `S_` before it once Moonshot refuses it (it wants a letter first)', async () => {
    w = await worldWithNotes();
    writeSkill(
      w.system,
      '3d_print',
      '---\ndescription: Prints a model.\nrisk: low\nbuiltin: get_current_datetime\n---\n',
    );
    w.registry.loadAll();
    w.server.enqueue(
      {
        status: 400,
        errorMessage:
          'function name is invalid, must start with a letter and can contain letters, numbers, underscores, and dashes',
      },
      { content: 'Hello.' },
    );
    expect((await w.agent.send('hi')).reply).toBe('Hello.');
    const names = (i: number) =>
      ((w!.server.requests[i]!.body.tools ?? []) as { function: { name: string } }[]).map((t) => t.function.name);
    expect(names(0)).toContain('3d_print');
    expect(names(1)).toContain('S_3d_print');
    expect(names(1).filter((name) => /^[^a-zA-Z]/.test(name))).toEqual([]);
  });

  it("sends parameter schemas with their types where Moonshot wants them once it refuses them, and checks calls against the skill's own", async () => {
    w = await worldWithNotes();
    const parameters = {
      type: 'object',
      properties: {
        body: { description: 'anything' },
        view: { enum: ['list', 'grid'] },
        when: { type: 'string', anyOf: [{ format: 'date' }, { format: 'date-time' }] },
      },
      required: ['body'],
    };
    writeSkill(
      w.system,
      'keep',
      scriptSkill({
        risk: 'Low',
        description: 'Keeps what it is given.',
        parameters,
        script: `printf '%s\\n' "$SKILL_PARAMS" >> '${w.home}/keep.runs'\necho kept`,
      }),
    );
    w.registry.loadAll();
    const moonshot = { refuses: ['moonshot-schema' as const] };
    w.server.enqueue(
      { ...moonshot, content: 'unused' },
      { ...moonshot, toolCalls: [{ id: 'call_keep', name: 'keep', arguments: '{"body":42,"view":"grid"}' }] },
      { ...moonshot, content: 'Kept.' },
    );
    const turn = await w.agent.send('keep 42');
    expect(turn.error).toBeUndefined();
    expect(turn.reply).toBe('Kept.');
    // 42 is not a string: the skill's own schema (any body) took it, not the one sent.
    expect(turn.toolCalls).toMatchObject([{ name: 'keep', status: 'done' }]);
    expect(readRuns(w.home, 'keep').map((line) => JSON.parse(line))).toEqual([{ body: 42, view: 'grid' }]);
    const sentSchema = (i: number) =>
      (w!.server.requests[i]!.body.tools as { function: { name: string; parameters: unknown } }[]).find(
        (t) => t.function.name === 'keep',
      )!.function.parameters;
    expect(sentSchema(0)).toEqual(parameters);
    expect(sentSchema(1)).toEqual({
      type: 'object',
      properties: {
        body: { description: 'anything', type: 'string' },
        view: { enum: ['list', 'grid'], type: 'string' },
        when: {
          anyOf: [
            { format: 'date', type: 'string' },
            { format: 'date-time', type: 'string' },
          ],
        },
      },
      required: ['body'],
    });
    // Other tools' schemas are sent as they are.
    const noteSchema = (w.server.requests[1]!.body.tools as { function: { name: string; parameters: unknown } }[]).find(
      (t) => t.function.name === 'note_down',
    )!.function.parameters;
    expect(noteSchema).toEqual(
      w.server.requests[0]!.body.tools.find((t: { function: { name: string } }) => t.function.name === 'note_down')
        .function.parameters,
    );
  });

  it('a task run answered without tools says so in its result', async () => {
    w = await worldWithNotes();
    w.server.enqueue({ refuses: ['tools'], content: 'unused' }, { content: 'The report.' });
    const task = { id: 't1', name: 'Report', prompt: 'Write the report.', allowlist: [] } as unknown as ScheduledTask;
    const outcome = await runTaskTurn(task, () => w!.agent, w.store.conversations);
    expect(outcome).toEqual({
      success: true,
      text: 'The report.\n\n[iAs: The model test-model cannot use tools, so it answers without skills.]',
      // What iAs says in it, for the owner's language (shared/task-results.ts).
      code: {
        code: 'run-answered',
        params: { reply: 'The report.', notices: [{ code: 'model-without-tools', params: { model: 'test-model' } }] },
      },
    });
  });

  it('tells nothing when no tools were to be offered: no skills, or the last round that forces a reply', async () => {
    w = await worldWithNotes({ maxToolRounds: 1 });
    w.server.enqueue({ toolCalls: [twoNotes[0]!] }, { content: 'Noted.' });
    const forced = await w.agent.send('note apple');
    expect(forced).toMatchObject({ rounds: 1, reply: 'Noted.' });
    expect(Boolean(w.server.requests[1]!.body.tools)).toBe(false);
    for (const skill of w.registry.list()) w.store.skillSettings.setEnabled(skill.name, false);
    w.server.enqueue({ content: 'No skills here.' });
    expect((await w.agent.send('hi')).reply).toBe('No skills here.');
    expect(w.events.filter((e) => e.type === 'notice')).toEqual([]);
    expect(forced.notices).toBeUndefined();
  });

  it('declares the tools in the forced reply to a server that refuses calls in history without them, runs no call made then, and remembers it', async () => {
    w = await worldWithNotes({ maxToolRounds: 1 });
    const bedrock = { refuses: ['tools-for-history' as const] };
    w.server.enqueue(
      { ...bedrock, toolCalls: [twoNotes[0]!] },
      { ...bedrock, content: 'unused' },
      { ...bedrock, content: 'Noted apple.', toolCalls: [twoNotes[1]!] },
    );
    const turn = await w.agent.send('note apple');
    expect(turn.error).toBeUndefined();
    expect(turn).toMatchObject({ rounds: 1, reply: 'Noted apple.' });
    const toolNames = (i: number) =>
      ((w!.server.requests[i]!.body.tools ?? []) as { function: { name: string } }[]).map((t) => t.function.name);
    expect(toolNames(1)).toEqual([]);
    expect(toolNames(2)).toContain('note_down');
    expect(toolNames(2)).toEqual(toolNames(0));
    expect(w.server.requests[2]!.body.tool_choice).toBeUndefined();
    // The call in the forced reply ran nothing.
    expect(turn.toolCalls.map((c) => c.id)).toEqual(['call_apple']);
    expect(readRuns(w.home, 'note_down')).toEqual(['apple']);
    expect(w.events.filter((e) => e.type === 'notice')).toEqual([]);
    // Remembered: the next forced reply declares them at once.
    w.server.enqueue(
      { ...bedrock, toolCalls: [{ ...twoNotes[1]!, id: 'call_pear_2' }] },
      { ...bedrock, content: 'Noted pear.' },
    );
    expect((await w.agent.send('note pear', { conversationId: turn.conversationId })).reply).toBe('Noted pear.');
    expect(w.server.requests).toHaveLength(5);
    expect(toolNames(4)).toEqual(toolNames(0));
  });

  for (const refusal of [
    'The toolConfig field must be defined when using toolUse and toolResult content blocks.',
    'Requests which include `tool_use` or `tool_result` blocks must define tools.',
    "litellm.UnsupportedParamsError: Anthropic doesn't support tool calling without `tools=` param specified.",
  ]) {
    it(`declares the tools in the forced reply when refused with "${refusal.slice(0, 40)}…"`, async () => {
      w = await worldWithNotes({ maxToolRounds: 1 });
      w.server.enqueue(
        { toolCalls: [twoNotes[0]!] },
        { status: 400, errorMessage: refusal },
        { content: 'Noted apple.' },
      );
      expect((await w.agent.send('note apple')).reply).toBe('Noted apple.');
      expect(w.server.requests.map((r) => Boolean(r.body.tools))).toEqual([true, false, true]);
    });
  }

  it('with every skill disabled, declares the tools the history called to such a server, and runs no call made then', async () => {
    w = await worldWithNotes();
    w.server.enqueue({ toolCalls: [twoNotes[0]!] }, { content: 'Noted.' });
    const first = await w.agent.send('note apple');
    for (const skill of w.registry.list()) w.store.skillSettings.setEnabled(skill.name, false);
    w.server.enqueue(
      { refuses: ['tools-for-history'], content: 'unused' },
      { refuses: ['tools-for-history'], content: 'Hello.', toolCalls: [twoNotes[1]!] },
    );
    const turn = await w.agent.send('hi', { conversationId: first.conversationId });
    expect(turn.error).toBeUndefined();
    expect(turn.reply).toBe('Hello.');
    expect(w.server.requests).toHaveLength(4);
    expect(w.server.requests[2]!.body.tools).toBeUndefined();
    expect(w.server.requests[3]!.body.tools).toEqual([
      {
        type: 'function',
        function: {
          name: 'note_down',
          description: 'Not available now.',
          parameters: { type: 'object', properties: {} },
        },
      },
    ]);
    expect(w.server.requests[3]!.body.tool_choice).toBeUndefined();
    expect(turn.toolCalls).toEqual([]);
    expect(readRuns(w.home, 'note_down')).toEqual(['apple']);
  });

  it('forgets a mend after a while, so a server that changed is asked as usual again', async () => {
    w = await worldWithNotes({ mends: new ServerMends(0) });
    w.server.enqueue(
      { refuses: ['tools'], content: 'unused' },
      { refuses: ['tools'], content: 'First.' },
      { content: 'Tools are back.' },
    );
    await w.agent.send('hi');
    await w.agent.send('hi again');
    expect(w.server.requests.map((r) => Boolean(r.body.tools))).toEqual([true, false, true]);
  });

  it('mends nothing for a refusal about reasoning the request did not lack, or did not send', async () => {
    w = await worldWithNotes();
    w.server.enqueue(
      { status: 400, errorMessage: 'Missing `reasoning_content` field in the assistant message at message index 2' },
      { status: 400, errorMessage: "property 'messages.2.assistant.reasoning_content' is unsupported" },
    );
    expect((await w.agent.send('hi')).error).toMatch(/400/);
    expect(w.server.requests).toHaveLength(1);
    expect((await w.agent.send('hi')).error).toMatch(/400/);
    expect(w.server.requests).toHaveLength(2);
  });

  it("sends Gemini's thought signatures back with their calls, to Gemini only", async () => {
    w = await worldWithNotes();
    const gemini = { thoughtSignatures: true, refuses: ['thought-signature' as const] };
    w.server.enqueue(
      { ...gemini, toolCalls: [twoNotes[0]!] },
      { ...gemini, toolCalls: twoNotes },
      { ...gemini, content: 'Noted all.' },
      { ...gemini, content: 'Hello.' },
    );
    const turn = await w.agent.send('note apple, then apple and pear');
    expect(turn.error).toBeUndefined();
    expect(turn.reply).toBe('Noted all.');
    const calls = (i: number) =>
      assistantMessages(w!.server.requests[i]!.body).flatMap((m) => (m.tool_calls ?? []).map((c) => c.extra_content));
    // Only the first of parallel calls carries one, as Gemini gives them.
    expect(calls(2)).toEqual([
      { google: { thought_signature: 'sig-call_apple' } },
      { google: { thought_signature: 'sig-call_apple' } },
      undefined,
    ]);
    expect((await w.agent.send('hi', { conversationId: turn.conversationId })).error).toBeUndefined();
    expect(calls(3)).toEqual(calls(2));
    // Another provider is not sent them.
    other = await startModelServer();
    other.enqueue({ content: 'Elsewhere.' });
    await testAgent(w, other.url).send('hi', { conversationId: turn.conversationId });
    expect(other.requests[0]!.raw).not.toContain('thought_signature');
  });

  it('a signature sent in a part of its own goes with the first call of its step', async () => {
    w = await worldWithNotes();
    const gemini = { thoughtSignatures: 'apart' as const, refuses: ['thought-signature' as const] };
    w.server.enqueue({ ...gemini, toolCalls: twoNotes, toolCallIndex: 'none' }, { ...gemini, content: 'Noted both.' });
    const turn = await w.agent.send('note apple and pear');
    expect(turn.error).toBeUndefined();
    expect(turn.toolCalls.map((c) => c.name)).toEqual(['note_down', 'note_down']);
    const sent = assistantMessages(w.server.requests[1]!.body)[0]!.tool_calls!;
    expect(sent.map((c) => c.extra_content)).toEqual([{ google: { thought_signature: 'sig-call_apple' } }, undefined]);
  });

  it("sends OpenRouter's reasoning blocks back with the calls they led to, put together from their pieces", async () => {
    w = await worldWithNotes();
    const blocks = (id: string) => [
      { type: 'reasoning.text', text: `Thinking about ${id}.`, index: 0, format: 'google-gemini-v1' },
      { type: 'reasoning.encrypted', data: `enc-${id}`, id, index: 1, format: 'google-gemini-v1' },
    ];
    const openrouter = { refuses: ['reasoning-details' as const], reasoningField: 'reasoning' as const };
    w.server.enqueue(
      { ...openrouter, reasoningDetails: blocks('call_apple'), toolCalls: [twoNotes[0]!] },
      { ...openrouter, reasoningDetails: blocks('call_pear'), toolCalls: [twoNotes[1]!] },
      { ...openrouter, content: 'Noted both.' },
    );
    const turn = await w.agent.send('note apple, then pear');
    expect(turn.error).toBeUndefined();
    expect(turn.reply).toBe('Noted both.');
    const sent = assistantMessages(w.server.requests[2]!.body).map((m) => m.reasoning_details);
    expect(sent).toEqual([blocks('call_apple'), blocks('call_pear')]);
    // Kept with the replies: the next turn to the same provider carries them too.
    w.server.enqueue({ ...openrouter, content: 'Hello.' });
    expect((await w.agent.send('hi', { conversationId: turn.conversationId })).error).toBeUndefined();
    expect(
      assistantMessages(w.server.requests.at(-1)!.body)
        .map((m) => m.reasoning_details)
        .slice(0, 2),
    ).toEqual([blocks('call_apple'), blocks('call_pear')]);
    // Another provider is not sent them; an OpenRouter refusal names what the provider behind it said.
    other = await startModelServer();
    other.enqueue({ content: 'Elsewhere.' });
    await testAgent(w, other.url).send('hi', { conversationId: turn.conversationId });
    expect(other.requests[0]!.raw).not.toContain('reasoning_details');
    // Calls made without blocks (another model): once OpenRouter refuses, they get the stand-in block.
    const elsewhere = testAgent(w, w.server.url, {}, 'other-model');
    w.server.enqueue(
      { toolCalls: [twoNotes[0]!] },
      { ...openrouter, content: 'unused' },
      { ...openrouter, content: 'Noted.' },
    );
    const mended = await elsewhere.send('note apple');
    expect(mended.error).toBeUndefined();
    expect(mended.reply).toBe('Noted.');
    expect(assistantMessages(w.server.requests.at(-1)!.body).map((m) => m.reasoning_details)).toEqual([
      [
        {
          type: 'reasoning.encrypted',
          id: 'call_apple',
          data: 'skip_thought_signature_validator',
          format: 'google-gemini-v1',
          index: 0,
        },
      ],
    ]);
  });

  it('reasoning blocks without an index: signed text put together, encrypted blocks kept whole', async () => {
    w = await worldWithNotes();
    const blocks = [
      { type: 'reasoning.text', text: 'First thought.', signature: 'sig-1', format: 'anthropic-claude-v1' },
      { type: 'reasoning.text', text: 'Second thought.', signature: 'sig-2', format: 'anthropic-claude-v1' },
      { type: 'reasoning.encrypted', data: 'AAAA', id: 'rs_1', format: 'openai-responses-v1' },
      { type: 'reasoning.encrypted', data: 'BBBB', id: 'rs_2', format: 'openai-responses-v1' },
    ];
    w.server.enqueue({ reasoningDetails: blocks, toolCalls: [twoNotes[0]!], chunkSize: 5 }, { content: 'Noted.' });
    expect((await w.agent.send('note apple')).error).toBeUndefined();
    expect(assistantMessages(w.server.requests[1]!.body)[0]!.reasoning_details).toEqual(blocks);
  });

  it('calls made elsewhere get the stand-in signature once Gemini asks for one', async () => {
    w = await worldWithNotes();
    other = await startModelServer();
    other.enqueue({ toolCalls: [twoNotes[0]!] }, { content: 'Noted apple.' });
    const first = await testAgent(w, other.url).send('note apple');
    // A Gemini that checks every turn (as proxies do) refuses the call it did not make.
    const gemini = { thoughtSignatures: true, refuses: ['thought-signature' as const] };
    w.server.enqueue(
      { ...gemini, content: 'unused' },
      { ...gemini, toolCalls: [twoNotes[1]!] },
      { ...gemini, content: 'Noted pear.' },
    );
    const turn = await w.agent.send('and pear', { conversationId: first.conversationId });
    expect(turn.error).toBeUndefined();
    expect(turn.reply).toBe('Noted pear.');
    const sent = assistantMessages(w.server.requests.at(-1)!.body).flatMap((m) =>
      (m.tool_calls ?? []).map((c) => c.extra_content),
    );
    expect(sent).toEqual([
      { google: { thought_signature: 'skip_thought_signature_validator' } },
      { google: { thought_signature: 'sig-call_pear' } },
    ]);
  });

  it('a refusal that merely quotes the words of a mend changes nothing for good', async () => {
    w = await worldWithNotes();
    const echo = {
      status: 400,
      errorMessage: "Invalid value 'my model does not support tools' at messages[1].content",
    };
    w.server.enqueue(echo, echo, { content: 'Fine.' });
    const turn = await w.agent.send('my model does not support tools');
    expect(turn.error).toMatch(/400/);
    // Asked once more without tools; refused again: nothing is learnt, nobody is told.
    expect(w.server.requests.map((r) => Boolean(r.body.tools))).toEqual([true, false]);
    expect(w.events.filter((e) => e.type === 'notice')).toEqual([]);
    await w.agent.send('again', { conversationId: turn.conversationId });
    expect(Boolean(w.server.requests.at(-1)!.body.tools)).toBe(true);
  });

  it('runs no tool call from a reply to a request made without tools', async () => {
    w = await worldWithNotes();
    w.server.enqueue(
      { refuses: ['tools'], content: 'unused' },
      { content: 'I would note it.', toolCalls: [twoNotes[0]!] },
    );
    const turn = await w.agent.send('note apple');
    expect(turn).toMatchObject({ reply: 'I would note it.', rounds: 0, toolCalls: [] });
    expect(readRuns(w.home, 'note_down')).toEqual([]);
    const stored = w.store.conversations.messages(turn.conversationId);
    expect(stored.map((m) => [m.role, m.toolCalls, m.shown])).toEqual([
      ['user', undefined, undefined],
      ['assistant', undefined, undefined],
      ['system', undefined, 'notice'],
    ]);
  });

  it('an error sent inside the stream is read by its kind: a server_error is retried', async () => {
    w = await agentWorld();
    w.server.enqueue(
      { content: 'never seen', errorInStream: { afterChunks: 0, type: 'server_error', message: 'try later' } },
      { content: 'Second time lucky.' },
    );
    const turn = await w.agent.send('hi');
    expect(turn.error).toBeUndefined();
    expect(turn.reply).toBe('Second time lucky.');
  });

  it('an error sent inside the stream is read by its code: a 502 is retried', async () => {
    w = await agentWorld();
    w.server.enqueue(
      { content: 'never seen', errorInStream: { afterChunks: 0, code: 502, message: 'upstream failed' } },
      { content: 'Second time lucky.' },
    );
    const turn = await w.agent.send('hi');
    expect(turn.error).toBeUndefined();
    expect(turn.reply).toBe('Second time lucky.');
    expect(w.events.find((e) => e.type === 'retry')).toMatchObject({ message: expect.stringMatching(/502/) });
  });
});
