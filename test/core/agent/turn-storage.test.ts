/**
 * What a turn stores and when, read through a second connection as another process would. A fact
 * is committed before anything outside the turn can act on it: a call's audit row before the call
 * runs, its result before the model is sent it, the whole turn before it returns.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { SkillCaller } from '../../../src/core/approval/call-skill.js';
import { builtinHandlers, type BuiltinHandler } from '../../../src/core/builtins/index.js';
import type { AgentEvent, AgentOptions } from '../../../src/core/agent/agent.js';
import { agentWorld, testAgent, type AgentWorld } from '../../helpers/agent.js';
import { onCleanup, scriptSkill, writeSkill } from '../../helpers/temp.js';

let w: AgentWorld | undefined;
afterEach(async () => {
  await w?.shutdown();
  w = undefined;
});

interface Seen {
  audit: { skill: string; status: string }[];
  messages: { role: string; content: string; extra: string | null }[];
}

/** Another connection to the world's database file: it sees committed rows only. */
function reader(world: AgentWorld) {
  const db = new Database(path.join(world.home, 'ias.db'), { readonly: true });
  onCleanup(() => db.close());
  const audit = db.prepare('SELECT skill, status FROM audit_log ORDER BY id');
  const messages = db.prepare('SELECT role, content, extra FROM messages WHERE conversation_id = ? ORDER BY id');
  const newest = db.prepare<[], string>('SELECT id FROM conversations ORDER BY created_at DESC, rowid DESC LIMIT 1');
  /** What is stored of a conversation (by default the newest: the one a turn just started). */
  return (conversationId = newest.pluck().get()!): Seen => ({
    audit: audit.all() as Seen['audit'],
    messages: messages.all(conversationId) as Seen['messages'],
  });
}

/**
 * The world's agent with a built-in `probe` skill that records what the reader sees while it runs,
 * and a `clock` skill (the effect-free get_current_datetime built-in) that does the same, then waits
 * for what `clock` returns, if given. The caller and the agent commit with `atomically`.
 */
function probing(
  world: AgentWorld,
  options: {
    probe?: BuiltinHandler;
    clock?: () => Promise<void>;
    atomically?: AgentOptions['atomically'];
    agent?: Partial<AgentOptions>;
  } = {},
) {
  const { probe, atomically = world.store.atomically } = options;
  const read = reader(world);
  const seen: Seen[] = [];
  const look: BuiltinHandler = (params, context) => {
    seen.push(read(context.call.requestedBy!));
    return probe ? probe(params, context) : 'probed';
  };
  const clock: BuiltinHandler = (params, context) => {
    seen.push(read(context.call.requestedBy!));
    const time = () => builtinHandlers.get_current_datetime!(params, context);
    return options.clock ? options.clock().then(time) : time();
  };
  writeSkill(world.system, 'probe', '---\ndescription: Looks around.\nrisk: low\nbuiltin: probe\n---\n');
  writeSkill(world.system, 'clock', '---\ndescription: The time.\nrisk: low\nbuiltin: get_current_datetime\n---\n');
  world.registry.loadAll();
  const caller = new SkillCaller({
    getSkill: (name) => world.registry.get(name),
    audit: world.store.audit,
    skillSettings: world.store.skillSettings,
    execute: {
      scriptCacheDir: path.join(world.home, 'cache'),
      builtins: { ...builtinHandlers, probe: look, get_current_datetime: clock },
    },
    atomically,
  });
  const events: AgentEvent[] = [];
  const onEvent = (e: AgentEvent) => events.push(e);
  const agent = testAgent(world, world.server.url, { caller, atomically, onEvent, ...options.agent });
  return { agent, seen, read, events };
}

const roles = (s: Seen) => s.messages.map((m) => m.role);

/** The line a turn that failed in iAs stores to end it (shown to the owner, never sent to the model). */
const failedLine = (detail: string) => ({
  role: 'system',
  content: `This turn failed in iAs and was not finished: ${detail}`,
  extra: JSON.stringify({ shown: 'error', shownCode: { code: 'turn-failed', params: { detail } } }),
});

/**
 * probing() whose probe (or `failNextCommit`) makes the next transaction fail: 'refused' before it
 * begins (the database held by another process past the wait), 'undone' after it ran whole (the disk
 * fails at commit). `clockWaits`: the clock ends only once that transaction failed.
 */
function probingWithFailingCommit(
  world: AgentWorld,
  how: 'refused' | 'undone',
  options: { clockWaits?: boolean; agent?: Partial<AgentOptions> } = {},
) {
  let failNext = false;
  let failed = () => {};
  const failure = new Promise<void>((resolve) => (failed = resolve));
  const atomically = <T>(fn: () => T): T => {
    if (!failNext) return world.store.atomically(fn);
    failNext = false;
    failed();
    if (how === 'refused') throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
    return world.store.atomically(() => {
      fn();
      throw Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR' });
    });
  };
  const failNextCommit = () => {
    failNext = true;
  };
  const probe = () => {
    failNextCommit();
    return 'probed';
  };
  const clock = options.clockWaits ? () => failure : undefined;
  return { ...probing(world, { probe, clock, atomically, agent: options.agent }), failNextCommit };
}

describe('what a turn stores, and when', () => {
  it('a call finds its audit row and the reply that asked for it stored before it runs', async () => {
    w = await agentWorld();
    const { agent, seen, read } = probing(w);
    w.server.enqueue(
      { toolCalls: [{ id: 'call_1', name: 'probe', arguments: '{}' }] },
      { toolCalls: [{ id: 'call_2', name: 'probe', arguments: '{}' }] },
      { content: 'Looked twice.' },
    );
    const turn = await agent.send('look around twice');
    expect(turn.reply).toBe('Looked twice.');

    expect(seen[0]!.audit).toEqual([{ skill: 'probe', status: 'running' }]);
    expect(roles(seen[0]!)).toEqual(['user', 'assistant']);
    expect(JSON.parse(seen[0]!.messages[1]!.extra!)).toMatchObject({ toolCalls: [{ id: 'call_1', name: 'probe' }] });
    expect(seen[1]!.audit).toEqual([
      { skill: 'probe', status: 'done' },
      { skill: 'probe', status: 'running' },
    ]);
    expect(roles(seen[1]!)).toEqual(['user', 'assistant', 'tool', 'assistant']);

    const after = read(turn.conversationId);
    expect(after.audit.map((a) => a.status)).toEqual(['done', 'done']);
    expect(after.messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'look around twice'],
      ['assistant', ''],
      ['tool', expect.stringContaining('probed')],
      ['assistant', ''],
      ['tool', expect.stringContaining('probed')],
      ['assistant', 'Looked twice.'],
    ]);
  });

  it('when the model is sent a result, the call is already stored as done with that result', async () => {
    w = await agentWorld();
    const { agent, read } = probing(w);
    const atRequest: Seen[] = [];
    w.server.enqueue({ toolCalls: [{ id: 'call_1', name: 'probe', arguments: '{}' }] }, () => {
      atRequest.push(read());
      return { content: 'Done.' };
    });
    await agent.send('look');
    expect(atRequest[0]!.audit).toEqual([{ skill: 'probe', status: 'done' }]);
    expect(roles(atRequest[0]!)).toEqual(['user', 'assistant', 'tool']);
    expect(atRequest[0]!.messages[2]!.content).toContain('probed');
    const row = w.store.audit.query().rows[0]!;
    expect(row.finishedAt).toBeGreaterThanOrEqual(row.startedAt);
  });

  it('a call that changes nothing is written once, as it ends, with the reply and its result', async () => {
    w = await agentWorld();
    const { agent, seen, read } = probing(w);
    const atRequest: Seen[] = [];
    w.server.enqueue(
      { toolCalls: [{ id: 'call_1', name: 'clock', arguments: '{"format":"time"}' }] },
      () => {
        atRequest.push(read());
        return {
          toolCalls: [
            { id: 'call_2', name: 'clock', arguments: '{}' },
            { id: 'call_3', name: 'probe', arguments: '{}' },
          ],
        };
      },
      { content: 'Done.' },
    );
    await agent.send('what time is it?');
    // While the clock is read, nothing of its round is written yet.
    expect(seen[0]).toEqual({ audit: [], messages: [expect.objectContaining({ role: 'user' })] });
    // Before the model is sent the time, the reply that asked, the call and its result are stored.
    expect(atRequest[0]!.audit).toEqual([{ skill: 'clock', status: 'done' }]);
    expect(roles(atRequest[0]!)).toEqual(['user', 'assistant', 'tool']);
    // With a call that may change something in the same round, the reply and that call's row go
    // first, before either runs; the clock's row comes when it ends.
    const [clockSaw, probeSaw] = seen.slice(1);
    expect(clockSaw).toEqual(probeSaw);
    expect(clockSaw!.audit).toEqual([
      { skill: 'clock', status: 'done' },
      { skill: 'probe', status: 'running' },
    ]);
    expect(roles(clockSaw!)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    const rows = w.store.audit.query().rows;
    expect(rows.map((r) => `${r.skill} ${r.status}`).sort()).toEqual(['clock done', 'clock done', 'probe done']);
    for (const row of rows) expect(row.finishedAt).toBeGreaterThanOrEqual(row.startedAt);
  });

  it('the owner’s message is stored before the model is asked, even when the provider fails', async () => {
    w = await agentWorld({ agent: { retries: 0 } });
    const read = reader(w);
    const atRequest: Seen[] = [];
    w.server.enqueue(() => {
      atRequest.push(read());
      return { status: 401, errorMessage: 'bad key' };
    });
    const turn = await w.agent.send('are you there?');
    expect(turn.error).toBeDefined();
    expect(atRequest[0]!.messages.map((m) => m.content)).toEqual(['are you there?']);
    // Then the failure, shown to the owner with the turn.
    expect(read(turn.conversationId).messages.map((m) => [m.role, m.content, m.extra])).toEqual([
      ['user', 'are you there?', null],
      ['system', turn.error, JSON.stringify({ shown: 'error', shownCode: turn.errorCode })],
    ]);
  });

  it('the owner’s message names this process as the turn’s owner; the turn’s last write clears it', async () => {
    w = await agentWorld();
    const db = new Database(path.join(w.home, 'ias.db'), { readonly: true });
    onCleanup(() => db.close());
    const owner = db.prepare<[], { pid: number | null }>(
      'SELECT turn_owner_pid AS pid FROM conversations ORDER BY created_at DESC, rowid DESC LIMIT 1',
    );
    const atRequest: (number | null)[] = [];
    const look = (reply: { content?: string }) => () => {
      atRequest.push(owner.get()!.pid);
      return reply;
    };
    // A reply, then an empty one (stored as the notice that says so): the turn ends all the same.
    w.server.enqueue(look({ content: 'Hello.' }), look({ content: '' }));
    const { conversationId } = await w.agent.send('hi');
    expect(owner.get()!.pid).toBeNull();
    await w.agent.send('say nothing', { conversationId });
    expect(owner.get()!.pid).toBeNull();
    expect(atRequest).toEqual([process.pid, process.pid]);
    expect(w.store.conversations.messages(conversationId).map((m) => [m.role, m.shown])).toEqual([
      ['user', undefined],
      ['assistant', undefined],
      ['user', undefined],
      ['system', 'notice'],
    ]);
  });

  it('a call whose result cannot be stored still has its audit row completed', async () => {
    w = await agentWorld();
    // The conversation is deleted while the call runs: its tool message has nowhere to go.
    const { agent, events } = probing(w, {
      probe: (_params, context) => {
        w!.store.conversations.delete(context.call.requestedBy!);
        return 'probed';
      },
    });
    w.server.enqueue({ toolCalls: [{ id: 'call_1', name: 'probe', arguments: '{}' }] }, { content: 'unused' });
    await expect(agent.send('look, then vanish')).rejects.toThrow(/conversation was deleted, so nothing more/);
    // A result that was not stored is not shown either.
    expect(events.filter((e) => e.type === 'tool-result')).toEqual([]);
    expect(w.store.audit.query().rows.map((r) => [r.skill, r.status, r.resultSummary])).toEqual([
      ['probe', 'done', 'probed'],
    ]);
    expect(w.server.requests).toHaveLength(1);
  });

  it('a commit that fails as a call ends still completes its row; the round’s other calls end first', async () => {
    w = await agentWorld();
    // The database refuses the next transaction (as when another process holds it past the wait).
    const { agent, read, events } = probingWithFailingCommit(w, 'refused');
    writeSkill(w.system, 'late', scriptSkill({ description: 'Ends later.', script: 'sleep 0.3; echo late' }));
    w.registry.loadAll();
    w.server.enqueue({
      toolCalls: [
        { id: 'call_1', name: 'probe', arguments: '{}' },
        { id: 'call_2', name: 'late', arguments: '{}' },
      ],
    });
    await expect(agent.send('look, and do the late thing')).rejects.toThrow('database is locked');
    const seen = read();
    expect(seen.audit.map((a) => `${a.skill} ${a.status}`).sort()).toEqual(['late done', 'probe done']);
    // The late call's result is stored; the probe's could not be (its row is complete all the same).
    // Then why the turn has no answer, for the owner to read after a reload.
    expect(seen.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'system']);
    expect(seen.messages[2]!.content).toContain('late');
    expect(seen.messages[3]).toEqual(failedLine('database is locked'));
    expect(events.filter((e) => e.type === 'tool-result').map((e) => (e as { id: string }).id)).toEqual(['call_2']);
    expect(w.server.requests).toHaveLength(1);
  });

  it('a result whose commit fails is not shown as a tool result', async () => {
    w = await agentWorld();
    // The next transaction runs whole, then cannot commit (the disk fails): all of it is undone.
    const { agent, read, events } = probingWithFailingCommit(w, 'undone');
    w.server.enqueue({ toolCalls: [{ id: 'call_1', name: 'probe', arguments: '{}' }] });
    await expect(agent.send('look')).rejects.toThrow('disk I/O error');
    expect(read().audit.map((a) => `${a.skill} ${a.status}`)).toEqual(['probe done']);
    // The reply was stored with the call's start; its result was not, and the failure was.
    expect(read().messages.map((m) => m.role)).toEqual(['user', 'assistant', 'system']);
    expect(read().messages[2]).toEqual(failedLine('disk I/O error'));
    expect(events.filter((e) => e.type === 'tool-call').map((e) => (e as { id: string }).id)).toEqual(['call_1']);
    expect(events.filter((e) => e.type === 'tool-result')).toEqual([]);
  });

  it('a call past its time limit that cannot be made a background job is sent and stored once, after its reply', async () => {
    w = await agentWorld();
    // The clock goes past its time limit at once, and waits until the commit that would make it a
    // background job failed (it runs whole, then the disk fails): the turn then waits for the call,
    // and keeps its result as it ends.
    const { agent, read, failNextCommit } = probingWithFailingCommit(w, 'undone', {
      clockWaits: true,
      agent: { toolTimeoutMs: 0 },
    });
    w.server.enqueue(
      () => {
        // No commit comes between this request and the call's (the clock makes none as it starts).
        failNextCommit();
        return { toolCalls: [{ id: 'call_1', name: 'clock', arguments: '{}' }] };
      },
      { content: 'Done.' },
    );
    const turn = await agent.send('what time is it?');
    expect(turn.error).toBeUndefined();
    expect(turn.reply).toBe('Done.');
    expect(turn.toolCalls.map((c) => [c.id, c.status])).toEqual([['call_1', 'done']]);
    const results = (
      w.server.requests[1]!.body.messages as { role: string; tool_call_id: string; content: string }[]
    ).filter((m) => m.role === 'tool');
    expect(results.map((m) => m.tool_call_id)).toEqual(['call_1']);
    // What is stored: the reply that asked, then the result the model was sent.
    const stored = read(turn.conversationId).messages;
    expect(stored.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(JSON.parse(stored[1]!.extra!)).toMatchObject({ toolCalls: [{ id: 'call_1', name: 'clock' }] });
    expect(stored[2]!.content).toBe(results[0]!.content);
    expect(stored[2]!.content).not.toContain('background');
    expect(w.store.jobs.undelivered(turn.conversationId)).toEqual([]);
  });

  it('a reply whose calls cannot start is not half stored', async () => {
    w = await agentWorld();
    const { agent } = probing(w);
    const read = reader(w);
    // The second call's start fails (its audit row cannot be written): neither the reply nor the
    // first call's row is kept, and nothing runs.
    const start = w.store.audit.start.bind(w.store.audit);
    let starts = 0;
    w.store.audit.start = (entry) => {
      if (++starts === 2) throw new Error('disk full');
      return start(entry);
    };
    w.server.enqueue({
      toolCalls: [
        { id: 'call_1', name: 'probe', arguments: '{}' },
        { id: 'call_2', name: 'probe', arguments: '{}' },
      ],
    });
    await expect(agent.send('look twice at once')).rejects.toThrow('disk full');
    expect(read()).toEqual({
      audit: [],
      messages: [expect.objectContaining({ role: 'user' }), failedLine('disk full')],
    });
  });
});
