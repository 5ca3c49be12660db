/**
 * A conversation stored before each tool message kept how its call ended: reopened, a call iAs
 * refused before it ran (high-risk skills paused, no approval channel set up) reads `refused`, as
 * it did in its turn and in the audit log, going by the very words the model was told.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SkillCaller } from '../../../src/core/approval/call-skill.js';
import { agentWorld, testAgent, type AgentWorld } from '../../helpers/agent.js';
import { cardsAfterReload } from '../../helpers/reloaded-cards.js';

let w: AgentWorld | undefined;
afterEach(async () => {
  await w?.shutdown();
  w = undefined;
});

/** A skill caller over `world`'s core: high-risk skills paused, or no approval gate at all. */
function callerWith(world: AgentWorld, how: 'paused' | 'no-gate'): SkillCaller {
  return new SkillCaller({
    getSkill: (name) => world.registry.current(name),
    audit: world.store.audit,
    skillSettings: world.store.skillSettings,
    ...(how === 'paused' ? { gate: world.gate, highRiskPaused: () => true } : {}),
    execute: { scriptCacheDir: path.join(world.home, 'cache') },
    atomically: world.store.atomically,
  });
}

describe('a conversation stored before tool messages kept how their calls ended', () => {
  it('reads a refusal for paused high-risk skills or no approval channel as refused, any other result as before', async () => {
    w = await agentWorld();
    const calls = [
      { id: 'call_read', name: 'read_only', arguments: '{}' },
      { id: 'call_mail', name: 'send_mail', arguments: '{"to":"a@b.c"}' },
    ];
    w.server.enqueue({ toolCalls: calls }, { content: 'Paused.' });
    const paused = await testAgent(w, w.server.url, { caller: callerWith(w, 'paused') }).send('read, then mail');
    w.server.enqueue({ toolCalls: calls }, { content: 'Nobody to ask.' });
    const noChannel = await testAgent(w, w.server.url, { caller: callerWith(w, 'no-gate') }).send('read, then mail');
    expect([paused, noChannel].map((turn) => turn.toolCalls.map((c) => c.status))).toEqual([
      ['done', 'refused'],
      ['done', 'refused'],
    ]);
    expect(w.store.audit.query({ skill: 'send_mail' }).rows.map((row) => row.errorCode)).toEqual(
      expect.arrayContaining([{ code: 'call-paused' }, { code: 'call-no-channel' }]),
    );

    // Stored the old way: each tool message as the model was given it, nothing else.
    w.store.db.prepare(`UPDATE messages SET extra = json_remove(extra, '$.callStatus') WHERE role = 'tool'`).run();
    const toldOfMail = (conversationId: string) =>
      w!.store.conversations.messages(conversationId).find((m) => m.toolCallId === 'call_mail')!;
    expect(toldOfMail(paused.conversationId)).toMatchObject({
      content: 'send_mail did not run: high-risk skills are paused by the owner',
    });
    expect(toldOfMail(noChannel.conversationId)).toMatchObject({
      content: "send_mail needs the owner's approval, and no approval channel is set up",
    });
    for (const turn of [paused, noChannel]) {
      expect(w.store.conversations.messages(turn.conversationId).some((m) => m.callStatus)).toBe(false);
    }

    for (const turn of [paused, noChannel]) {
      expect(cardsAfterReload(w.store, turn.conversationId).map((t) => [t.name, t.status])).toEqual([
        ['read_only', 'done'],
        ['send_mail', 'refused'],
      ]);
    }
    expect(w.runs('send_mail')).toEqual([]);
  });

  it("reads those words as refused only for the call's own skill", async () => {
    w = await agentWorld();
    const { conversations } = w.store;
    conversations.create('old', 'old');
    conversations.append('old', 'user', 'mail');
    conversations.append('old', 'assistant', '', { toolCalls: [{ id: 'c1', name: 'read_only', arguments: '{}' }] });
    // Words a skill could answer, not iAs's for this call: shown as before.
    conversations.append('old', 'tool', 'send_mail did not run: high-risk skills are paused by the owner', {
      toolCallId: 'c1',
      name: 'read_only',
    });
    expect(cardsAfterReload(w.store, 'old').map((t) => t.status)).toEqual(['done']);
  });
});
