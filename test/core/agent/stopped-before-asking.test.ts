/**
 * A call whose turn was stopped before its approval was asked (during a built-in's check, such as
 * the email built-in's first import) asks nobody and runs nothing: it reads `refused`, and the
 * model is told the words of a call stopped while its approval waited. A stopped call that is
 * still ending (a script that ignores the stop, killed soon after) is waited for: it never goes on
 * in the background.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SkillCaller } from '../../../src/core/approval/call-skill.js';
import type { AgentEvent } from '../../../src/core/agent/agent.js';
import { agentWorld, testAgent, type AgentWorld } from '../../helpers/agent.js';
import { scriptSkill, writeSkill } from '../../helpers/temp.js';

let w: AgentWorld | undefined;
afterEach(async () => {
  await w?.shutdown();
  w = undefined;
});

const told = { success: false, error: 'slow_send did not run: the call was stopped' };

/**
 * The world's agent with a high-risk built-in `slow_send` whose check waits until `release()`
 * (`checking` settles once it began); `sent` lists the calls its handler ran. Without the gate,
 * nobody could be asked.
 */
function slowCheck(world: AgentWorld, options: { gate?: boolean } = {}) {
  writeSkill(
    world.system,
    'slow_send',
    '---\ndescription: Sends, after a slow check.\nrisk: high\nbuiltin: slow_send\n---\n',
  );
  world.registry.loadAll();
  let began!: () => void;
  const checking = new Promise<void>((resolve) => (began = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const sent: unknown[] = [];
  const caller = new SkillCaller({
    getSkill: (name) => world.registry.current(name),
    audit: world.store.audit,
    skillSettings: world.store.skillSettings,
    ...(options.gate === false ? {} : { gate: world.gate }),
    execute: {
      scriptCacheDir: path.join(world.home, 'cache'),
      checks: {
        slow_send: async () => {
          began();
          await released;
        },
      },
      builtins: { slow_send: (params) => sent.push(params) },
    },
    atomically: world.store.atomically,
  });
  const events: AgentEvent[] = [];
  const agent = testAgent(world, world.server.url, { caller, onEvent: (e) => events.push(e), toolTimeoutMs: 60_000 });
  return { agent, checking, release, sent, events };
}

/** Starts a turn calling slow_send, stops it while the call is in its check, then lets the check end. */
async function stoppedInCheck(world: AgentWorld, slow: ReturnType<typeof slowCheck>) {
  world.server.enqueue({ toolCalls: [{ id: 'call_send', name: 'slow_send', arguments: '{"to":"a@b.c"}' }] });
  const controller = new AbortController();
  const asked = Promise.race([world.wechat.nextSent(), world.inApp.nextSent()]).then((text) => ({ asked: text }));
  const turn = slow.agent.send('send to a@b.c', { signal: controller.signal });
  await slow.checking;
  controller.abort();
  slow.release();
  // Asked after the stop, the turn would wait for the answer: the request is what the test sees.
  return Promise.race([turn, asked]);
}

describe('a call stopped before its approval was asked', () => {
  it('asks nobody, runs nothing, and reads refused in the words of a stopped call', async () => {
    w = await agentWorld();
    const slow = slowCheck(w);
    const turn = await stoppedInCheck(w, slow);

    expect(turn).toMatchObject({ stopped: true, toolCalls: [{ name: 'slow_send', status: 'refused', result: told }] });
    expect(w.store.approvals.list({ limit: 10 })).toEqual([]);
    expect(w.wechat.outbox).toEqual([]);
    expect(w.inApp.outbox).toEqual([]);
    expect(slow.sent).toEqual([]);
    expect(w.store.audit.query().rows).toMatchObject([
      {
        skill: 'slow_send',
        status: 'refused',
        approvalId: null,
        approvalOutcome: 'cancelled',
        errorCode: { code: 'call-cancelled', params: { cause: 'stopped' } },
      },
    ]);
    expect(slow.events.find((e) => e.type === 'tool-result')).toMatchObject({ status: 'refused', result: told });
    // The model is sent the same words as for a call stopped while its approval waited.
    const tool = w.store.conversations.messages((turn as { conversationId: string }).conversationId);
    expect(tool.find((m) => m.role === 'tool')).toMatchObject({ content: JSON.stringify(told), callStatus: 'refused' });
  });

  it('is told it was stopped, not that nobody could be asked, when there is no approval channel', async () => {
    w = await agentWorld();
    const slow = slowCheck(w, { gate: false });
    const turn = await stoppedInCheck(w, slow);
    expect(turn).toMatchObject({ stopped: true, toolCalls: [{ name: 'slow_send', status: 'refused', result: told }] });
    expect(slow.sent).toEqual([]);
  });
});

describe('a stopped script that ignores the stop', () => {
  it('is waited for until it is killed: it never becomes a background job', async () => {
    // The time limit passes while the stopped script still runs (it is killed 1.5 s after the stop).
    w = await agentWorld({ agent: { toolTimeoutMs: 1450 } });
    const ready = path.join(w.home, 'stubborn.ready');
    writeSkill(
      w.system,
      'stubborn',
      scriptSkill({ risk: 'Low', script: `trap '' TERM\n: > '${ready}'\nsleep 30\necho finished` }),
    );
    w.registry.loadAll();
    w.server.enqueue({ toolCalls: [{ id: 'call_stubborn', name: 'stubborn', arguments: '{}' }] });
    const controller = new AbortController();
    const sent = w.agent.send('run it', { signal: controller.signal });
    while (!fs.existsSync(ready)) await new Promise((r) => setTimeout(r, 5));
    controller.abort();
    const turn = await sent;

    expect(turn).toMatchObject({
      stopped: true,
      toolCalls: [{ name: 'stubborn', status: 'error', result: { success: false, error: 'cancelled' } }],
    });
    expect(w.store.jobs.ofConversation(turn.conversationId)).toEqual([]);
    expect(w.events.filter((e) => e.type === 'tool-result').map((e) => (e as { status: string }).status)).toEqual([
      'error',
    ]);
    expect(w.agent.running.size).toBe(0);
  });
});
