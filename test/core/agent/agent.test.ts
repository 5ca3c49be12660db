import { afterEach, describe, expect, it } from 'vitest';
import { scriptSkill, writeSkill } from '../../helpers/temp.js';
import { withBackgroundJobs } from '../../../src/core/api/chat-api.js';
import { agentWorld, firstEndsLast, type AgentWorld } from '../../helpers/agent.js';
import { CODE, codeIn } from '../../helpers/gate.js';

let w: AgentWorld | undefined;
afterEach(async () => {
  await w?.shutdown();
  w = undefined;
});

const deltas = (world: AgentWorld) =>
  world.events
    .filter((e) => e.type === 'delta')
    .map((e) => (e as { text: string }).text)
    .join('');

describe('the agent loop', () => {
  it('streams a reply as deltas and stores the conversation', async () => {
    w = await agentWorld();
    w.server.enqueue({ content: 'Hello there, owner!', chunkSize: 3 });
    const turn = await w.agent.send('hi');
    expect(turn).toMatchObject({ reply: 'Hello there, owner!', rounds: 0, toolCalls: [] });
    expect(w.events.filter((e) => e.type === 'delta').length).toBeGreaterThan(3);
    expect(deltas(w)).toBe('Hello there, owner!');
    const request = w.server.requests[0]!.body;
    expect(request.stream).toBe(true);
    expect(request.messages[0].role).toBe('system');
    expect(request.messages[0].content).toMatch(/iAs/);
    expect(request.messages[0].content).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d .*Asia\/Shanghai/);
    expect(request.messages.at(-1)).toEqual({ role: 'user', content: 'hi' });
    expect(request.tools.map((t: { function: { name: string } }) => t.function.name).sort()).toEqual([
      'read_only',
      'run_shell',
      'send_mail',
    ]);
    const stored = w.store.conversations.messages(turn.conversationId);
    expect(stored.map((m) => [m.role, m.content])).toEqual([
      ['user', 'hi'],
      ['assistant', 'Hello there, owner!'],
    ]);
  });

  it('runs tool calls whose arguments arrive in pieces, and several in one response', async () => {
    w = await agentWorld();
    w.server.enqueue(
      {
        toolCalls: [
          { id: 'call_a', name: 'read_only', arguments: '{}' },
          { id: 'call_b', name: 'read_only', arguments: '{ }' },
        ],
        chunkSize: 1,
      },
      { content: 'Both fine.' },
    );
    const turn = await w.agent.send('check twice');
    expect(turn.rounds).toBe(1);
    expect(turn.toolCalls).toEqual([
      {
        id: 'call_a',
        name: 'read_only',
        arguments: '{}',
        status: 'done',
        result: { success: true, data: 'fine', exitCode: 0 },
      },
      {
        id: 'call_b',
        name: 'read_only',
        arguments: '{ }',
        status: 'done',
        result: { success: true, data: 'fine', exitCode: 0 },
      },
    ]);
    const second = w.server.requests[1]!.body.messages;
    expect(second.at(-3)).toMatchObject({ role: 'assistant', tool_calls: [{ id: 'call_a' }, { id: 'call_b' }] });
    expect(second.at(-2)).toMatchObject({ role: 'tool', tool_call_id: 'call_a' });
    expect(JSON.parse(second.at(-1).content)).toMatchObject({ success: true, data: 'fine' });
    expect(turn.reply).toBe('Both fine.');
  });

  it('sends the results of calls made together in the order of the calls, whichever ended first', async () => {
    w = await agentWorld();
    firstEndsLast(w);
    w.server.enqueue(
      {
        toolCalls: [
          { id: 'call_1', name: 'first_call', arguments: '{}' },
          { id: 'call_2', name: 'second_call', arguments: '{}' },
        ],
      },
      { content: 'Both ran.' },
      { content: 'Still in order.' },
    );
    const turn = await w.agent.send('run both');
    const stored = w.store.conversations.messages(turn.conversationId).filter((m) => m.role === 'tool');
    expect(stored.map((m) => m.toolCallId)).toEqual(['call_2', 'call_1']);
    // Chat templates that drop the ids (Qwen's, Llama's on Ollama or llama.cpp) pair results with
    // calls by position: the first result must be the first call's, in this turn and the next.
    await w.agent.send('and again', { conversationId: turn.conversationId });
    for (const request of w.server.requests.slice(1)) {
      const messages = request.body.messages as { role: string; tool_call_id?: string; content: string }[];
      const results = messages.filter((m) => m.role === 'tool');
      expect(results.map((m) => m.tool_call_id)).toEqual(['call_1', 'call_2']);
      expect(results.map((m) => JSON.parse(m.content).data)).toEqual(['first', 'second']);
    }
  });

  it('stops after 5 tool rounds and forces a reply without tools', async () => {
    w = await agentWorld();
    let n = 0;
    w.server.fallback((request) =>
      request.body.tools
        ? { toolCalls: [{ id: `call_${n++}`, name: 'read_only', arguments: '{}' }] }
        : { content: 'Done looping.' },
    );
    const turn = await w.agent.send('loop forever');
    expect(turn.rounds).toBe(5);
    expect(w.server.requests).toHaveLength(6);
    expect(w.server.requests.slice(0, 5).every((r) => Array.isArray(r.body.tools))).toBe(true);
    expect(w.server.requests[5]!.body.tools).toBeUndefined();
    expect(turn.reply).toBe('Done looping.');
  });

  it('a model that still only calls tools when forced to answer: the turn says why it has no answer', async () => {
    w = await agentWorld();
    let n = 0;
    // Some servers (Ollama) pass on calls the request did not offer tools for.
    w.server.fallback(() => ({ toolCalls: [{ id: `call_${n++}`, name: 'read_only', arguments: '{}' }] }));
    const turn = await w.agent.send('loop forever');
    expect(w.server.requests).toHaveLength(6);
    expect(turn).toMatchObject({ reply: '', rounds: 5 });
    expect(turn.toolCalls).toHaveLength(5);
    const notice = /still asked for tools \(read_only\) after 5 rounds of them, so this turn ends without an answer/;
    expect(turn.notices).toEqual([expect.stringMatching(notice)]);
    expect(w.events.filter((e) => e.type === 'notice')).toEqual([
      expect.objectContaining({ message: expect.stringMatching(notice) }),
    ]);
    // The sixth reply's call never ran and is not stored as a call.
    expect(w.store.audit.query().rows.filter((r) => r.skill === 'read_only')).toHaveLength(5);
    const stored = w.store.conversations.messages(turn.conversationId);
    expect(stored.flatMap((m) => m.toolCalls ?? [])).toHaveLength(5);
  });

  it('how a turn went is kept with it for the owner, and never sent to the model', async () => {
    w = await agentWorld();
    w.server.enqueue({ status: 401, errorMessage: 'Incorrect API key provided' });
    const failed = await w.agent.send('first');
    expect(failed.error).toMatch(/API key/);
    const conversationId = failed.conversationId;
    w.server.enqueue({ refuses: ['tools'], content: 'unused' }, { content: 'Plain.' });
    const toolless = await w.agent.send('second', { conversationId });
    expect(toolless.notices).toHaveLength(1);
    // The server is remembered to take no tools, so this turn is told too.
    w.server.enqueue({ content: 'Third.' });
    await w.agent.send('third', { conversationId });
    const shown = w.store.conversations.messages(conversationId).filter((m) => m.shown);
    expect(shown.map((m) => [m.role, m.shown, m.content])).toEqual([
      ['system', 'error', failed.error],
      ['system', 'notice', toolless.notices![0]],
      ['system', 'notice', toolless.notices![0]],
    ]);
    const sent = JSON.stringify(w.server.requests.at(-1)!.body.messages);
    expect(sent).toContain('second');
    expect(sent).not.toContain('API key');
    expect(sent).not.toContain('cannot use tools');
  });

  it('invalid arguments and unknown tools go back as errors and run nothing', async () => {
    w = await agentWorld();
    w.server.enqueue(
      {
        toolCalls: [
          { id: 'call_bad', name: 'read_only', arguments: '{"unclosed": ' },
          { id: 'call_unknown', name: 'rm_rf', arguments: '{}' },
          { id: 'call_schema', name: 'send_mail', arguments: '{"to": 42}' },
        ],
      },
      { content: 'Sorry.' },
    );
    const turn = await w.agent.send('break things');
    expect(turn.toolCalls.map((c) => c.status)).toEqual(['error', 'error', 'error']);
    expect(JSON.stringify(turn.toolCalls[0]!.result)).toMatch(/not valid JSON/);
    expect(JSON.stringify(turn.toolCalls[1]!.result)).toMatch(/unknown tool \\"rm_rf\\"/);
    expect(JSON.stringify(turn.toolCalls[2]!.result)).toMatch(/invalid arguments for send_mail/);
    expect(w.wechat.outbox).toEqual([]);
    expect(w.runs('send_mail')).toEqual([]);
  });

  it('arguments nested thousands deep go back as an error: the turn goes on, nothing runs, nothing stays running', async () => {
    w = await agentWorld();
    const deep = `${'{"a":'.repeat(6000)}1${'}'.repeat(6000)}`;
    w.server.enqueue(
      {
        toolCalls: [
          { id: 'call_low', name: 'read_only', arguments: `{"extra": ${deep}}` },
          { id: 'call_high', name: 'send_mail', arguments: `{"to": "boss", "extra": ${deep}}` },
        ],
      },
      { content: 'Sorry.' },
    );
    const turn = await w.agent.send('nest');
    expect(turn.reply).toBe('Sorry.');
    expect(turn.toolCalls.map((c) => c.status)).toEqual(['error', 'error']);
    expect(JSON.stringify(turn.toolCalls[1]!.result)).toMatch(/invalid arguments for send_mail: arguments nest deeper/);
    expect(w.wechat.outbox).toEqual([]);
    expect(w.runs('send_mail')).toEqual([]);
    expect(w.store.audit.query({}).rows.map((r) => r.status)).toEqual(['failed', 'failed']);
  });

  it('a tool past its time goes on in the background; its result joins the next turn', async () => {
    w = await agentWorld({ agent: { toolTimeoutMs: 300 } });
    writeSkill(w.system, 'slow', scriptSkill({ script: 'sleep 1; echo slow-result' }));
    w.registry.loadAll();
    w.server.enqueue(
      { toolCalls: [{ id: 'call_slow', name: 'slow', arguments: '{}' }] },
      { content: 'It is running.' },
    );
    const turn = await w.agent.send('do the slow thing');
    expect(turn.toolCalls[0]).toMatchObject({ status: 'background' });
    const told = w.server.requests[1]!.body.messages.at(-1).content as string;
    expect(told).toMatch(/running in the background/);
    expect(told).toMatch(/keep chatting/);
    await Promise.all([...w.agent.running]);
    expect(w.events.find((e) => e.type === 'background-result')).toMatchObject({
      name: 'slow',
      status: 'done',
      result: { success: true, data: 'slow-result' },
    });
    w.server.enqueue({ content: 'The slow thing said slow-result.' });
    await w.agent.send('and?', { conversationId: turn.conversationId });
    const next = w.server.requests[2]!.body.messages;
    // The result comes with the owner's next message, marked as a note from iAs.
    expect(next.at(-1).role).toBe('user');
    expect(next.at(-1).content).toMatch(/^\[iAs note, not written by the owner\] Background call slow .*slow-result/s);
    expect(next.at(-1).content).toMatch(/\n\nand\?$/);
  });

  it('a call past its time that cannot be stored as a background job is waited for instead', async () => {
    w = await agentWorld({ agent: { toolTimeoutMs: 100 } });
    writeSkill(w.system, 'slow', scriptSkill({ script: 'sleep 0.4; echo slow-result' }));
    w.registry.loadAll();
    w.store.jobs.start = () => {
      throw new Error('disk full');
    };
    w.server.enqueue({ toolCalls: [{ id: 'call_slow', name: 'slow', arguments: '{}' }] }, { content: 'Done.' });
    const turn = await w.agent.send('do the slow thing');
    expect(turn.toolCalls[0]).toMatchObject({ status: 'done', result: { success: true, data: 'slow-result' } });
    expect(turn.reply).toBe('Done.');
    expect(w.agent.running.size).toBe(0);
  });

  it('a model that reuses a tool-call id: each background call is its own job, and each result arrives', async () => {
    w = await agentWorld({ agent: { toolTimeoutMs: 200 } });
    writeSkill(w.system, 'slow', scriptSkill({ script: 'sleep 0.5; echo "slow-$SKILL_PARAM_N"' }));
    w.registry.loadAll();
    const slow = (n: number) => ({ toolCalls: [{ id: 'call_0', name: 'slow', arguments: `{"n":"${n}"}` }] });
    w.server.enqueue(slow(1), { content: 'Running.' }, slow(2), { content: 'Running too.' });
    const first = await w.agent.send('slow one');
    const second = await w.agent.send('slow two', { conversationId: first.conversationId });
    expect([first.toolCalls[0]!.status, second.toolCalls[0]!.status]).toEqual(['background', 'background']);
    await Promise.all([...w.agent.running]);
    // Announced as each ends: in whichever order the two processes end.
    const results = w.events.filter((e) => e.type === 'background-result').map((e) => e.result as { data: string });
    expect(results.sort((a, b) => a.data.localeCompare(b.data))).toMatchObject([
      { success: true, data: 'slow-1' },
      { success: true, data: 'slow-2' },
    ]);
    w.server.enqueue({ content: 'Both are done.' });
    await w.agent.send('and?', { conversationId: first.conversationId });
    const last = (w.server.requests.at(-1)!.body.messages as { role: string; content: string }[]).at(-1)!;
    const notes = last.content.split('\n\n').filter((part) => part.startsWith('[iAs note'));
    expect(notes).toHaveLength(2);
    expect(notes.join('\n')).toContain('slow-1');
    expect(notes.join('\n')).toContain('slow-2');
    // Each card, after a reload, shows its own call's end; the call that ended in time is left as it was.
    w.server.enqueue({ toolCalls: [{ id: 'call_0', name: 'read_only', arguments: '{}' }] }, { content: 'Fine.' });
    await w.agent.send('quick one', { conversationId: first.conversationId });
    const id = first.conversationId;
    const cards = withBackgroundJobs(w.store.conversations.messages(id), w.store.jobs.ofConversation(id))
      .filter((m) => m.role === 'tool')
      .map((m) => m.background ?? JSON.parse(m.content));
    expect(cards).toMatchObject([
      { status: 'ended', result: { success: true, data: 'slow-1' } },
      { status: 'ended', result: { success: true, data: 'slow-2' } },
      { success: true, data: 'fine' },
    ]);
  });

  it('a call left without its result (iAs stopped while it ran) is answered as interrupted in the next turn', async () => {
    w = await agentWorld();
    const id = 'conv-crashed';
    w.store.conversations.create(id, 'crashed');
    w.store.conversations.append(id, 'user', 'make the report');
    w.store.conversations.append(id, 'assistant', '', {
      toolCalls: [
        { id: 'call_a', name: 'report', arguments: '{}' },
        { id: 'call_b', name: 'report', arguments: '{}' },
      ],
    });
    w.store.conversations.append(id, 'tool', '{"success":true}', { toolCallId: 'call_a', name: 'report' });
    // A stray result whose call is not there either.
    w.store.conversations.append(id, 'tool', 'stray', { toolCallId: 'call_x', name: 'report' });
    w.server.enqueue({ content: 'The report was interrupted; shall I try again?' });
    await w.agent.send('well?', { conversationId: id });
    const sent = w.server.requests[0]!.body.messages as { role: string; tool_call_id?: string; content: string }[];
    expect(sent.slice(1).map((m) => [m.role, m.tool_call_id ?? null])).toEqual([
      ['user', null],
      ['assistant', null],
      ['tool', 'call_a'],
      ['tool', 'call_b'],
      ['assistant', null],
      ['user', null],
    ]);
    expect(sent[4]!.content).toMatch(/^interrupted: iAs stopped before this call ended/);
    // The turn had no reply: a stand-in says so (Mistral refuses a user message after a tool one).
    expect(sent[5]!.content).toBe('(This turn ended here, before a reply.)');
  });

  it('a refusal and an expiry reach the model in the seed’s exact words; the code never does', async () => {
    w = await agentWorld({ ttlMs: 200, agent: { toolTimeoutMs: 5000 } });
    const sent = w.wechat.nextSent(CODE);
    w.server.enqueue(
      { toolCalls: [{ id: 'call_mail', name: 'send_mail', arguments: '{"to":"a@b.c"}' }] },
      { content: 'Refused.' },
    );
    const refused = w.agent.send('mail a@b.c');
    const code = codeIn(await sent);
    w.wechat.reply('取消');
    const turn = await refused;
    expect(turn.toolCalls[0]).toMatchObject({ status: 'refused', result: '用户拒绝了你的调用：send_mail' });
    expect(w.server.requests[1]!.body.messages.at(-1)).toEqual({
      role: 'tool',
      tool_call_id: 'call_mail',
      content: '用户拒绝了你的调用：send_mail',
    });

    w.server.enqueue(
      { toolCalls: [{ id: 'call_late', name: 'send_mail', arguments: '{"to":"x@y.z"}' }] },
      { content: 'No answer.' },
    );
    const expired = await w.agent.send('mail x@y.z', { conversationId: turn.conversationId });
    expect(expired.toolCalls[0]).toMatchObject({ status: 'unconfirmed', result: '用户没有确认操作：send_mail' });
    const codes = w.wechat.outbox.map((m) => m.match(CODE)?.[1]).filter(Boolean);
    expect(codes).toContain(code);
    for (const c of codes) for (const r of w.server.requests) expect(r.raw).not.toContain(c);
    expect(w.runs('send_mail')).toEqual([]);
  });

  it('a high-risk call approved by the owner runs and its result reaches the model', async () => {
    w = await agentWorld({ agent: { toolTimeoutMs: 5000 } });
    const sent = w.wechat.nextSent(CODE);
    w.server.enqueue(
      { toolCalls: [{ id: 'call_ok', name: 'send_mail', arguments: '{"to":"ok@b.c"}' }] },
      { content: 'Sent.' },
    );
    const turn = w.agent.send('mail ok@b.c');
    w.wechat.reply(codeIn(await sent));
    expect((await turn).toolCalls[0]).toMatchObject({ status: 'done', result: { success: true, data: 'sent' } });
    expect(w.runs('send_mail')).toHaveLength(1);
  });

  it('keeps reasoning apart and never sends it back', async () => {
    w = await agentWorld();
    w.server.enqueue({ reasoning: 'Let me think about greetings.', content: 'Hi!' }, { content: 'Again hi.' });
    const turn = await w.agent.send('hello');
    expect(turn.reasoning).toBe('Let me think about greetings.');
    expect(turn.reply).toBe('Hi!');
    expect(w.events.some((e) => e.type === 'reasoning')).toBe(true);
    expect(w.store.conversations.messages(turn.conversationId)[1]).toMatchObject({
      reasoning: 'Let me think about greetings.',
    });
    await w.agent.send('again', { conversationId: turn.conversationId });
    expect(w.server.requests[1]!.raw).not.toContain('think about greetings');
    expect(w.server.requests[1]!.body.messages.find((m: { role: string }) => m.role === 'assistant').content).toBe(
      'Hi!',
    );
  });

  it('does not offer disabled skills', async () => {
    w = await agentWorld();
    w.store.skillSettings.setEnabled('run_shell', false);
    w.server.enqueue({ content: 'ok' });
    await w.agent.send('hi');
    const names = w.server.requests[0]!.body.tools.map((t: { function: { name: string } }) => t.function.name);
    expect(names).not.toContain('run_shell');
  });

  it('trims the oldest turns to the token budget, keeping the system prompt and the current turn', async () => {
    w = await agentWorld({ agent: { historyBudgetTokens: 1800 } });
    w.server.fallback({ content: 'ok' });
    const first = await w.agent.send(`oldest ${'x'.repeat(4000)}`);
    await w.agent.send(`middle ${'y'.repeat(4000)}`, { conversationId: first.conversationId });
    await w.agent.send('newest', { conversationId: first.conversationId });
    const last = w.server.requests.at(-1)!.body.messages as { role: string; content: string }[];
    expect(last[0]!.role).toBe('system');
    expect(last.at(-1)).toEqual({ role: 'user', content: 'newest' });
    expect(last.some((m) => m.content?.startsWith('oldest'))).toBe(false);
    expect(last.some((m) => m.content?.startsWith('middle'))).toBe(true);
    // Everything is still stored; only what is sent is trimmed.
    expect(w.store.conversations.messages(first.conversationId)[0]!.content).toMatch(/^oldest/);
  });

  it('offers at most 128 tools, and find_skills reaches the rest', async () => {
    w = await agentWorld();
    for (let i = 0; i < 200; i++) {
      writeSkill(
        w.system,
        `tool_${String(i).padStart(3, '0')}`,
        scriptSkill({ description: `Generic helper number ${i}.`, script: `echo ${i}` }),
      );
    }
    writeSkill(
      w.system,
      'zebra_counter',
      scriptSkill({ description: 'Counts zebras in the savanna.', script: 'echo 7 zebras' }),
    );
    w.registry.loadAll();
    w.server.enqueue(
      (request) => {
        const names = request.body.tools.map((t: { function: { name: string } }) => t.function.name);
        expect(names.length).toBeLessThanOrEqual(128);
        expect(names).toContain('find_skills');
        expect(names).not.toContain('zebra_counter');
        return { toolCalls: [{ id: 'call_find', name: 'find_skills', arguments: '{"query":"zebras savanna"}' }] };
      },
      (request) => {
        const names = request.body.tools.map((t: { function: { name: string } }) => t.function.name);
        expect(names).toContain('zebra_counter');
        return { toolCalls: [{ id: 'call_zebra', name: 'zebra_counter', arguments: '{}' }] };
      },
      { content: 'Seven zebras.' },
    );
    const turn = await w.agent.send('how many animals with stripes?');
    expect(turn.toolCalls.map((c) => [c.name, c.status])).toEqual([
      ['find_skills', 'done'],
      ['zebra_counter', 'done'],
    ]);
    expect(turn.reply).toBe('Seven zebras.');
  });
});
