/**
 * Streams as real OpenAI-compatible servers write them, byte for byte where it matters: llama.cpp's
 * `error:` lines, LM Studio's `event: error`, SSE comments and keep-alive lines (OpenRouter,
 * DeepSeek), Azure's chunks without choices, a stream that ends with nothing in it, Mistral's
 * content in typed parts, thinking left in the content as `<think>…</think>` (DeepSeek-R1 or Qwen3
 * on Together, Groq's raw format, local servers without a reasoning parser) or ended by a lone
 * `</think>` (its `<think>` written by the chat template), Gemini's tool calls finished as "stop",
 * and replies cut by a content filter, a length limit or the provider's want of capacity (DeepSeek's
 * `insufficient_system_resource`).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { worldWithNotes, type AgentWorld } from '../../helpers/agent.js';
import { readRuns } from '../../helpers/gate.js';
import { chunkLine } from '../../helpers/model-server.js';

let w: AgentWorld | undefined;
afterEach(async () => {
  await w?.shutdown();
  w = undefined;
});

const texts = (world: AgentWorld, type: 'delta' | 'reasoning' | 'notice' | 'retry') =>
  world.events
    .filter((e) => e.type === type)
    .map((e) => (e as { text?: string; message?: string }).text ?? (e as { message: string }).message);

const overflow =
  'the request exceeds the available context size. try increasing the context size or enable context shift';

describe('errors sent inside a stream that began with 200', () => {
  it("llama.cpp's `error:` line (builds before September 2025) is said, not taken for an empty reply", async () => {
    w = await worldWithNotes();
    const error = JSON.stringify({ code: 400, message: overflow, type: 'invalid_request_error' });
    // The line split over two writes (apart in time, so read apart), as TCP may deliver it.
    const overflowed = { rawStream: ['err', `or: ${error}\n`, '\ndata: [DONE]\n\n'], chunkDelayMs: 30 };
    w.server.enqueue(overflowed, overflowed);
    const turn = await w.agent.send('hi');
    expect(turn.error).toBe(`The model server rejected the request (400): ${overflow}.`);
    expect(turn.errorCode).toMatchObject({ code: 'request-rejected' });
    // A stream with no event is asked again at once, its `error:` lines read; a 400 is not asked again.
    expect(w.server.requests).toHaveLength(2);
    expect(texts(w, 'retry')).toEqual([]);
  });

  it("llama.cpp's `error:` line with a server error is retried", async () => {
    w = await worldWithNotes();
    const error = JSON.stringify({ code: 500, message: 'slot unavailable', type: 'server_error' });
    const busy = { rawStream: [`error: ${error}\n\n`, 'data: [DONE]\n\n'] };
    w.server.enqueue(busy, busy, { content: 'Here now.' });
    const turn = await w.agent.send('hi');
    expect(turn.error).toBeUndefined();
    expect(turn.reply).toBe('Here now.');
    expect(texts(w, 'retry')).toEqual(['The model server had an error (500). slot unavailable.']);
  });

  it("LM Studio's `event: error` for a prompt larger than the loaded context is said", async () => {
    w = await worldWithNotes();
    const said =
      'Input does not fit in context length. The input has 31430 tokens, but the context length only supports 30000 tokens.';
    w.server.enqueue({
      rawStream: [`event: error\ndata: ${JSON.stringify({ error: { message: said }, message: said })}\n\n`],
    });
    const turn = await w.agent.send('hi');
    expect(turn.error).toBe(`The model server answered with an error: ${said}`);
    expect(w.server.requests).toHaveLength(1);
  });

  it('a stream that ends with nothing in it (no text, no call, no finish) is a failure: retried, then said', async () => {
    w = await worldWithNotes({ retries: 1 });
    const empty = { rawStream: [chunkLine({ role: 'assistant', content: '' })] };
    w.server.enqueue(empty, { content: 'Second try.' });
    const turn = await w.agent.send('hi');
    expect(turn.reply).toBe('Second try.');
    expect(texts(w, 'retry')).toHaveLength(1);

    w.server.enqueue(empty, empty);
    const again = await w.agent.send('hi again', { conversationId: turn.conversationId });
    expect(again.reply).toBe('');
    expect(again.errorCode).toMatchObject({ code: 'stream-empty' });
    expect(again.error).toMatch(/ended its reply without sending anything/);
  });
});

describe('streams with more in them than OpenAI sends', () => {
  it('SSE comments, keep-alive lines, CRLF, chunks without choices and no [DONE]: the reply and its call as sent', async () => {
    w = await worldWithNotes();
    const call = { index: 0, id: 'call_apple', type: 'function', function: { name: 'note_down', arguments: '' } };
    const content = chunkLine({ content: 'Noting.' });
    w.server.enqueue(
      {
        rawStream: [
          ': OPENROUTER PROCESSING\n\n',
          // Azure: the prompt's filter results first, in a chunk without choices.
          chunkLine([], { prompt_filter_results: [{ prompt_index: 0, content_filter_results: {} }] }),
          '\n',
          chunkLine({ role: 'assistant', content: '' }).replace(/\n/g, '\r\n'),
          ': keep-alive\n\n',
          // One event split mid-JSON over two writes (read apart: see chunkDelayMs).
          content.slice(0, 20),
          content.slice(20),
          // Some servers send empty content alongside a call.
          chunkLine({ content: '', tool_calls: [call] }),
          chunkLine({ tool_calls: [{ index: 0, function: { arguments: '{"word":' } }] }),
          chunkLine({ tool_calls: [{ index: 0, function: { arguments: '"apple"}' } }] }),
          chunkLine([{ index: 0, delta: {}, finish_reason: 'tool_calls', content_filter_results: {} }]),
          // A usage chunk without choices, and the stream closes without [DONE].
          chunkLine([], { usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } }),
        ],
        chunkDelayMs: 5,
      },
      { content: 'Noted.' },
    );
    const turn = await w.agent.send('note apple');
    expect(turn.error).toBeUndefined();
    expect(turn.toolCalls).toMatchObject([{ id: 'call_apple', arguments: '{"word":"apple"}', status: 'done' }]);
    expect(readRuns(w.home, 'note_down')).toEqual(['apple']);
    expect(texts(w, 'delta').join('')).toBe('Noting.Noted.');
  });

  it("Mistral's reasoning models: content in typed parts, thinking apart from text", async () => {
    w = await worldWithNotes();
    const thinking = (text: string) => ({ content: [{ type: 'thinking', thinking: [{ type: 'text', text }] }] });
    w.server.enqueue({
      rawStream: [
        chunkLine({ role: 'assistant', content: '' }),
        chunkLine(thinking("It's a greeting")),
        chunkLine(thinking(', I greet back.')),
        chunkLine({ content: [{ type: 'text', text: 'Hello' }] }),
        chunkLine({ content: ' there.' }),
        chunkLine([{ index: 0, delta: {}, finish_reason: 'stop' }]),
        'data: [DONE]\n\n',
      ],
    });
    const turn = await w.agent.send('hi');
    expect(turn.reply).toBe('Hello there.');
    expect(turn.reasoning).toBe("It's a greeting, I greet back.");
    expect(texts(w, 'delta').join('')).toBe('Hello there.');
    expect(texts(w, 'reasoning').join('')).toBe("It's a greeting, I greet back.");
  });

  it('tool calls finished as "stop" (Gemini\'s stream, Ollama) still run', async () => {
    w = await worldWithNotes();
    w.server.enqueue(
      {
        toolCalls: [{ id: 'function-call-1', name: 'note_down', arguments: '{"word":"apple"}' }],
        toolCallIndex: 'none',
        finishReason: 'stop',
      },
      { content: 'Noted.' },
    );
    const turn = await w.agent.send('note apple');
    expect(turn.toolCalls).toMatchObject([{ id: 'function-call-1', status: 'done' }]);
    expect(readRuns(w.home, 'note_down')).toEqual(['apple']);
    expect(turn.reply).toBe('Noted.');
  });

  it('parallel calls with neither index nor id, each whole in its own chunk, are told apart', async () => {
    w = await worldWithNotes();
    const whole = (word: string) =>
      chunkLine({
        tool_calls: [{ type: 'function', function: { name: 'note_down', arguments: `{"word":"${word}"}` } }],
      });
    w.server.enqueue(
      {
        rawStream: [
          chunkLine({ role: 'assistant', content: '' }),
          whole('apple'),
          whole('pear'),
          chunkLine([{ index: 0, delta: {}, finish_reason: 'tool_calls' }]),
          'data: [DONE]\n\n',
        ],
      },
      { content: 'Noted both.' },
    );
    const turn = await w.agent.send('note apple and pear');
    expect(turn.toolCalls).toMatchObject([
      { arguments: '{"word":"apple"}', status: 'done' },
      { arguments: '{"word":"pear"}', status: 'done' },
    ]);
    expect(readRuns(w.home, 'note_down').sort()).toEqual(['apple', 'pear']);
    expect(new Set(turn.toolCalls.map((call) => call.id)).size).toBe(2);
    expect(turn.reply).toBe('Noted both.');
  });

  it('the pre-tools `function_call` (older vLLM, FastChat, LocalAI, one-api): one call, run through the same checks', async () => {
    w = await worldWithNotes();
    const part = (fn: object, role?: string) =>
      chunkLine({ ...(role ? { role, content: null } : {}), function_call: fn });
    const message = {
      role: 'assistant',
      content: null,
      function_call: { name: 'note_down', arguments: '{"word":"pear"}' },
    };
    const answer = { object: 'chat.completion', choices: [{ index: 0, message, finish_reason: 'function_call' }] };
    w.server.enqueue(
      {
        rawStream: [
          part({ name: 'note_down', arguments: '' }, 'assistant'),
          part({ arguments: '{"word":' }),
          part({ arguments: '"apple"}' }),
          chunkLine([{ index: 0, delta: {}, finish_reason: 'function_call' }]),
          'data: [DONE]\n\n',
        ],
        chunkDelayMs: 5,
      },
      { content: 'Noted.' },
      // A whole answer carries it the same way; a call to a tool not offered runs nothing.
      { rawStream: [JSON.stringify(answer)], headers: { 'content-type': 'application/json' } },
      { content: 'Noted pear.' },
      {
        rawStream: [
          part({ name: 'erase_all', arguments: '{}' }, 'assistant'),
          chunkLine([{ index: 0, delta: {}, finish_reason: 'function_call' }]),
        ],
      },
      { content: 'I cannot.' },
    );
    const turn = await w.agent.send('note apple');
    expect(turn.toolCalls).toMatchObject([{ name: 'note_down', arguments: '{"word":"apple"}', status: 'done' }]);
    expect(turn.reply).toBe('Noted.');
    // Sent back as any call is: the id made for it names its result.
    const sent = w.server.requests[1]!.body.messages as {
      role: string;
      tool_calls?: { id: string }[];
      tool_call_id?: string;
    }[];
    const id = sent.find((m) => m.role === 'assistant')!.tool_calls![0]!.id;
    expect(id).toBeTruthy();
    expect(sent.find((m) => m.role === 'tool')!.tool_call_id).toBe(id);

    const whole = await w.agent.send('note pear', { conversationId: turn.conversationId });
    expect(whole.toolCalls).toMatchObject([{ name: 'note_down', status: 'done' }]);
    expect(readRuns(w.home, 'note_down')).toEqual(['apple', 'pear']);

    const unknown = await w.agent.send('erase everything', { conversationId: turn.conversationId });
    expect(unknown.toolCalls).toMatchObject([{ name: 'erase_all', status: 'error' }]);
    expect(unknown.reply).toBe('I cannot.');
  });
});

describe('thinking left in the content as <think>…</think>', () => {
  const assistants = (world: AgentWorld, request: number) =>
    (world.server.requests[request]!.body.messages as { role: string; content: unknown }[]).filter(
      (m) => m.role === 'assistant',
    );

  it('is reasoning, even with its tags cut over chunks; the text after it is the reply, sent back alone', async () => {
    w = await worldWithNotes();
    w.server.enqueue(
      {
        rawStream: [
          chunkLine({ role: 'assistant', content: '\n<thi' }),
          chunkLine({ content: 'nk>\nA greeting' }),
          chunkLine({ content: ', so I greet back.</th' }),
          chunkLine({ content: 'ink>\n\nHel' }),
          chunkLine({ content: 'lo there.' }),
          chunkLine([{ index: 0, delta: {}, finish_reason: 'stop' }]),
          'data: [DONE]\n\n',
        ],
        chunkDelayMs: 5,
      },
      { content: 'Again.' },
    );
    const turn = await w.agent.send('hi');
    expect(turn.reply).toBe('Hello there.');
    expect(turn.reasoning).toBe('A greeting, so I greet back.');
    expect(texts(w, 'delta').join('')).toBe('Hello there.');
    expect(texts(w, 'reasoning').join('')).toBe('A greeting, so I greet back.');
    expect(w.store.conversations.messages(turn.conversationId)[1]).toMatchObject({
      content: 'Hello there.',
      reasoning: 'A greeting, so I greet back.',
    });

    await w.agent.send('again', { conversationId: turn.conversationId });
    expect(assistants(w, 1)).toEqual([{ role: 'assistant', content: 'Hello there.' }]);
    expect(w.server.requests[1]!.raw).not.toContain('greet back');
  });

  it('a <think> that does not open the reply is text, in prose or in code', async () => {
    w = await worldWithNotes();
    const reply = 'Qwen3 writes <think> first:\n```\n<think>\nhmm\n</think>\n```\nthen answers.';
    w.server.enqueue({ content: reply, chunkSize: 3 }, { content: '<b>Bold</b> <think>x</think>', chunkSize: 2 });
    const turn = await w.agent.send('how does qwen think?');
    expect(turn.reply).toBe(reply);
    expect(turn.reasoning).toBe('');
    const next = await w.agent.send('and html?', { conversationId: turn.conversationId });
    expect(next.reply).toBe('<b>Bold</b> <think>x</think>');
    expect(texts(w, 'reasoning')).toEqual([]);
    expect(texts(w, 'delta').join('')).toBe(`${reply}<b>Bold</b> <think>x</think>`);
  });

  it('in a whole answer sent to a streamed request, as in a stream', async () => {
    w = await worldWithNotes();
    const message = { role: 'assistant', content: '<think>Short.</think>Hi.' };
    const answer = { object: 'chat.completion', choices: [{ index: 0, message, finish_reason: 'stop' }] };
    w.server.enqueue({ rawStream: [JSON.stringify(answer)], headers: { 'content-type': 'application/json' } });
    const turn = await w.agent.send('hi');
    expect(turn.reply).toBe('Hi.');
    expect(turn.reasoning).toBe('Short.');
  });

  it('before tool calls: the calls run, and no request after carries the thinking, as content or reasoning', async () => {
    w = await worldWithNotes();
    w.server.enqueue(
      {
        content: '<think>The owner wants apple noted.</think>',
        chunkSize: 3,
        toolCalls: [{ id: 'call_apple', name: 'note_down', arguments: '{"word":"apple"}' }],
      },
      { content: '<think>\nDone, say so.\n</think>\n\nNoted.', chunkSize: 5 },
      { content: 'Bye.' },
    );
    const turn = await w.agent.send('note apple');
    expect(readRuns(w.home, 'note_down')).toEqual(['apple']);
    expect(turn.reply).toBe('Noted.');
    // Whitespace that ends the thinking is kept with it: it streams before `</think>` is seen.
    expect(turn.reasoning).toBe('The owner wants apple noted.Done, say so.\n');
    expect(assistants(w, 1)).toEqual([
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_apple', type: 'function', function: { name: 'note_down', arguments: '{"word":"apple"}' } },
        ],
      },
    ]);

    await w.agent.send('bye', { conversationId: turn.conversationId });
    expect(assistants(w, 2).map((m) => m.content)).toEqual([null, 'Noted.']);
    for (const request of w.server.requests) {
      expect(request.raw).not.toContain('think>');
      expect(request.raw).not.toContain('reasoning_content');
    }
  });

  it('a reply that ends inside its thinking keeps it as thinking, and says no answer came', async () => {
    w = await worldWithNotes();
    w.server.enqueue(
      { content: '<think>The owner says hi. I should greet back, but first', chunkSize: 6 },
      // The same from a server that reads thinking apart (vLLM's parser, with no `</think>` to end it).
      { reasoning: 'Still pondering', content: '' },
    );
    const turn = await w.agent.send('hi');
    expect(turn).toMatchObject({ reply: '', reasoning: 'The owner says hi. I should greet back, but first' });
    expect(texts(w, 'delta')).toEqual([]);
    const code = { code: 'reply-only-thinking', params: {} };
    expect(turn.noticeCodes).toEqual([code]);
    expect(turn.notices).toEqual([
      'The model only thought and gave no answer. Ask again, or send another message to let it go on.',
    ]);
    const again = await w.agent.send('and?', { conversationId: turn.conversationId });
    expect(again).toMatchObject({ reply: '', reasoning: 'Still pondering', noticeCodes: [code] });
  });
});

describe('thinking whose <think> the chat template wrote (only </think> comes)', () => {
  const assistants = (world: AgentWorld, request: number) =>
    (world.server.requests[request]!.body.messages as { role: string; content: unknown }[]).filter(
      (m) => m.role === 'assistant',
    );
  /** The stream events of the turns so far, in order, as [type, text]. */
  const streamed = (world: AgentWorld) =>
    world.events.flatMap((e) =>
      e.type === 'delta' || e.type === 'reasoning'
        ? [[e.type, e.text]]
        : e.type === 'moved'
          ? [[`moved to ${e.to}`, e.text]]
          : [],
    );
  const raw = (...contents: string[]) => ({
    rawStream: [
      chunkLine({ role: 'assistant', content: '' }),
      ...contents.map((content) => chunkLine({ content })),
      chunkLine([{ index: 0, delta: {}, finish_reason: 'stop' }]),
      'data: [DONE]\n\n',
    ],
    chunkDelayMs: 5,
  });

  it('moves the text streamed before a lone </think> to the reasoning; the reply and history hold the answer alone', async () => {
    w = await worldWithNotes();
    w.server.enqueue(raw('Okay, the owner', ' says hi.\nI greet', ' back.\n</think>\n\nHello', ' there.'), {
      content: '<think>x</think>Again.',
    });
    const turn = await w.agent.send('hi');
    expect(turn.reply).toBe('Hello there.');
    expect(turn.reasoning).toBe('Okay, the owner says hi.\nI greet back.');
    expect(streamed(w)).toEqual([
      ['delta', 'Okay, the owner'],
      ['delta', ' says hi.\nI greet'],
      ['moved to reasoning', 'Okay, the owner says hi.\nI greet'],
      ['reasoning', ' back.'],
      ['delta', 'Hello'],
      ['delta', ' there.'],
    ]);
    const stored = w.store.conversations.messages(turn.conversationId)[1]!;
    expect(stored).toMatchObject({ content: 'Hello there.', reasoning: 'Okay, the owner says hi.\nI greet back.' });
    // Never sent back: it did not come as `reasoning_content`.
    expect(stored.reasoningField).toBeUndefined();

    await w.agent.send('again', { conversationId: turn.conversationId });
    expect(assistants(w, 1)).toEqual([{ role: 'assistant', content: 'Hello there.' }]);
    expect(w.server.requests[1]!.raw).not.toContain('greet');
    expect(w.server.requests[1]!.raw).not.toContain('reasoning');
  });

  it('finds the </think> cut over chunks', async () => {
    w = await worldWithNotes();
    w.server.enqueue(raw('A greeting', '.\n</thi', 'nk>', '\n\nHi!'));
    const turn = await w.agent.send('hi');
    expect(turn.reply).toBe('Hi!');
    expect(turn.reasoning).toBe('A greeting.');
    expect(streamed(w)).toEqual([
      ['delta', 'A greeting'],
      // Only what may still become `\n</think>` is held back.
      ['delta', '.'],
      ['moved to reasoning', 'A greeting.'],
      ['delta', 'Hi!'],
    ]);
    expect(w.store.conversations.messages(turn.conversationId)[1]).toMatchObject({
      content: 'Hi!',
      reasoning: 'A greeting.',
    });
  });

  it('leaves a reply without tags, and one opened by <think>, as they were: nothing moves, nothing is learnt', async () => {
    w = await worldWithNotes();
    const plain = 'No tags here.\nA second line, and x < y.\n';
    w.server.enqueue({ content: plain, chunkSize: 3 }, raw('<think>\nHmm.\n</think>\n\nHi.'), {
      content: 'Plain again.',
      chunkSize: 3,
    });
    const turn = await w.agent.send('hi');
    expect(turn).toMatchObject({ reply: plain, reasoning: '' });
    const next = await w.agent.send('and?', { conversationId: turn.conversationId });
    expect(next).toMatchObject({ reply: 'Hi.', reasoning: 'Hmm.\n' });
    const last = await w.agent.send('and now?', { conversationId: turn.conversationId });
    expect(last).toMatchObject({ reply: 'Plain again.', reasoning: '' });
    expect(texts(w, 'delta').join('')).toBe(`${plain}Hi.Plain again.`);
    expect(texts(w, 'reasoning')).toEqual(['Hmm.\n']);
    expect(w.events.some((e) => e.type === 'moved')).toBe(false);
  });

  it('once seen, the next replies of that server and model stream their thinking as reasoning from the first byte', async () => {
    w = await worldWithNotes();
    w.server.enqueue(
      raw('First thought.\n</think>\n\nFirst.'),
      // Learnt, any `</think>` ends the thinking, at the start of a line or not.
      raw('A greeting', ' again.</think>\n\nHi again.'),
      {
        content: 'Noting.\n</think>\n\n',
        toolCalls: [{ id: 'call_apple', name: 'note_down', arguments: '{"word":"apple"}' }],
      },
      raw('Noted, say so.\n</think>\n\nNoted.'),
    );
    const first = await w.agent.send('hi');
    expect(first.reply).toBe('First.');
    w.events.length = 0;
    const second = await w.agent.send('hi again', { conversationId: first.conversationId });
    expect(second).toMatchObject({ reply: 'Hi again.', reasoning: 'A greeting again.' });
    expect(streamed(w)).toEqual([
      ['reasoning', 'A greeting'],
      ['reasoning', ' again.'],
      ['delta', 'Hi again.'],
    ]);
    w.events.length = 0;
    const third = await w.agent.send('note apple', { conversationId: first.conversationId });
    expect(third.reply).toBe('Noted.');
    expect(third.reasoning).toBe('Noting.\nNoted, say so.\n');
    expect(readRuns(w.home, 'note_down')).toEqual(['apple']);
    // No text streamed before the thinking ended: nothing to move.
    expect(streamed(w).filter(([type]) => type !== 'reasoning')).toEqual([['delta', 'Noted.']]);
    // The calls' step went back without its thinking.
    expect(assistants(w, 3).at(-1)).toMatchObject({ content: null, tool_calls: [{ id: 'call_apple' }] });
    expect(w.server.requests[3]!.raw).not.toContain('Noting');
  });

  it('a learnt server whose reply ends without </think> gets it as text; a reply cut at the output limit stays thinking', async () => {
    w = await worldWithNotes();
    w.server.enqueue(
      raw('Hmm.\n</think>\n\nFirst.'),
      { content: 'Thinking on and on', finishReason: 'length' },
      { content: 'Just the answer.', chunkSize: 5 },
      { content: 'Plain.', chunkSize: 3 },
    );
    const first = await w.agent.send('hi');
    const id = { conversationId: first.conversationId };
    w.events.length = 0;
    const cut = await w.agent.send('long', id);
    expect(cut).toMatchObject({ reply: '', reasoning: 'Thinking on and on' });
    expect(streamed(w).every(([type]) => type === 'reasoning')).toBe(true);

    w.events.length = 0;
    const plain = await w.agent.send('quick', id);
    expect(plain).toMatchObject({ reply: 'Just the answer.', reasoning: '' });
    const events = streamed(w);
    expect(events.slice(0, -1).every(([type]) => type === 'reasoning')).toBe(true);
    expect(events.at(-1)).toEqual(['moved to text', 'Just the answer.']);
    expect(w.store.conversations.messages(first.conversationId).at(-1)).toMatchObject({
      role: 'assistant',
      content: 'Just the answer.',
    });
    expect(w.store.conversations.messages(first.conversationId).at(-1)!.reasoning).toBeUndefined();

    // And that is forgotten: the next reply streams as text again.
    w.events.length = 0;
    expect((await w.agent.send('again', id)).reply).toBe('Plain.');
    expect(streamed(w).every(([type]) => type === 'delta')).toBe(true);
  });
});

describe('replies the server cut short', () => {
  it("a reply stopped by the provider's content filter (Azure) says so", async () => {
    w = await worldWithNotes();
    w.server.enqueue({ content: 'The first half', finishReason: 'content_filter' });
    const turn = await w.agent.send('tell me');
    expect(turn.reply).toBe('The first half');
    expect(turn.noticeCodes).toEqual([{ code: 'reply-filtered', params: {} }]);
    expect(texts(w, 'notice')).toEqual(["The provider's content filter stopped this reply."]);
  });

  it('a reply cut at the output limit says so, and its half-written calls run nothing', async () => {
    w = await worldWithNotes();
    w.server.enqueue({
      content: 'Let me note',
      toolCalls: [{ id: 'call_apple', name: 'note_down', arguments: '{"word":"ap' }],
      finishReason: 'length',
    });
    const turn = await w.agent.send('note apple');
    expect(turn.reply).toBe('Let me note');
    expect(turn.toolCalls).toEqual([]);
    expect(readRuns(w.home, 'note_down')).toEqual([]);
    expect(w.server.requests).toHaveLength(1);
    expect(turn.noticeCodes).toEqual([{ code: 'reply-too-long', params: { tools: 'note_down' } }]);
    expect(texts(w, 'notice')).toEqual([
      "The reply reached the model's output limit and was cut short; the calls it was writing (note_down) were not made.",
    ]);
  });
  it("DeepSeek's insufficient_system_resource: asked again while nothing was shown, else said; its calls run nothing", async () => {
    w = await worldWithNotes({ retries: 1 });
    w.server.enqueue({ content: '', finishReason: 'insufficient_system_resource' }, { content: 'Second try.' });
    const turn = await w.agent.send('hi');
    expect(turn.error).toBeUndefined();
    expect(turn.reply).toBe('Second try.');
    expect(texts(w, 'retry')).toEqual([
      'The model provider stopped the reply: it ran short of capacity (insufficient system resource). Try again in a moment.',
    ]);

    // Cut after it began: what was shown stays, the half-written call is not made, nothing is asked again.
    const requests = w.server.requests.length;
    w.server.enqueue({
      content: 'Let me note',
      toolCalls: [{ id: 'call_apple', name: 'note_down', arguments: '{"word":"ap' }],
      finishReason: 'insufficient_system_resource',
    });
    const cut = await w.agent.send('note apple', { conversationId: turn.conversationId });
    expect(cut.reply).toBe('Let me note');
    expect(cut.toolCalls).toEqual([]);
    expect(readRuns(w.home, 'note_down')).toEqual([]);
    expect(w.server.requests).toHaveLength(requests + 1);
    expect(cut.errorCode).toEqual({ code: 'out-of-capacity', params: {} });
  });
  it('a stream closed after some text with neither a finish reason nor [DONE] (a proxy that timed out) is cut: said, not retried', async () => {
    w = await worldWithNotes();
    w.server.enqueue({
      rawStream: [
        chunkLine({ role: 'assistant', content: '' }),
        chunkLine({ content: 'The first' }),
        chunkLine({ content: ' half' }),
        chunkLine({
          tool_calls: [{ index: 0, id: 'call_apple', function: { name: 'note_down', arguments: '{"word":"ap' } }],
        }),
      ],
    });
    const turn = await w.agent.send('note apple');
    expect(turn.reply).toBe('The first half');
    expect(turn.errorCode).toEqual({ code: 'stream-cut', params: { detail: '' } });
    expect(turn.error).toBe('The connection to the model dropped mid-reply.');
    expect(turn.toolCalls).toEqual([]);
    expect(readRuns(w.home, 'note_down')).toEqual([]);
    expect(w.server.requests).toHaveLength(1);
    expect(w.store.conversations.messages(turn.conversationId).at(-1)).toMatchObject({
      role: 'system',
      shown: 'error',
      shownCode: { code: 'stream-cut', params: { detail: '' } },
    });
  });

  it('a cut stream that showed nothing (a half-written call) is asked again; its call runs nothing', async () => {
    w = await worldWithNotes();
    w.server.enqueue(
      {
        rawStream: [
          chunkLine({ role: 'assistant', content: null }),
          chunkLine({
            tool_calls: [{ index: 0, id: 'call_apple', function: { name: 'note_down', arguments: '{"wo' } }],
          }),
        ],
      },
      { content: 'Second try.' },
    );
    const turn = await w.agent.send('note apple');
    expect(turn.error).toBeUndefined();
    expect(turn.reply).toBe('Second try.');
    expect(texts(w, 'retry')).toEqual(['The connection to the model dropped mid-reply.']);
    expect(readRuns(w.home, 'note_down')).toEqual([]);
  });

  it('a reply that ends with [DONE] but no finish reason (vllm-mlx, GenieX, some gateways) is whole, [DONE] cut over writes or not', async () => {
    w = await worldWithNotes();
    const noFinish = (done: string[]) => ({
      rawStream: [chunkLine({ role: 'assistant', content: 'All' }), chunkLine({ content: ' here.' }), ...done],
      chunkDelayMs: 5,
    });
    w.server.enqueue(
      noFinish(['data: [DONE]\n\n']),
      noFinish(['da', 'ta: [DO', 'NE]\r\n\r\n']),
      noFinish(['data:[DONE]\n\n']),
    );
    const turn = await w.agent.send('hi');
    const id = { conversationId: turn.conversationId };
    const turns = [turn, await w.agent.send('again', id), await w.agent.send('and again', id)];
    expect(turns.map((t) => [t.reply, t.error])).toEqual(Array(3).fill(['All here.', undefined]));
    expect(w.server.requests).toHaveLength(3);
  });
});
