/**
 * A high-risk call stopped before anyone answered its approval (its turn stopped, or it went on in
 * the background and was stopped there) got no approval and did not run: it reads `refused` in the
 * turn, in its events, in the stored conversation and in the audit log alike, while the model is
 * told the cancel's own words.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { agentWorld, type AgentWorld } from '../../helpers/agent.js';
import { CODE, codeIn } from '../../helpers/gate.js';
import { cardsAfterReload } from '../../helpers/reloaded-cards.js';

let w: AgentWorld | undefined;
afterEach(async () => {
  await w?.shutdown();
  w = undefined;
});

/** A turn whose send_mail call went on in the background, waiting for its approval (asked). */
async function mailInBackground(world: AgentWorld) {
  const asked = world.wechat.nextSent(CODE);
  world.server.enqueue(
    { toolCalls: [{ id: 'call_mail', name: 'send_mail', arguments: '{"to":"a@b.c"}' }] },
    { content: 'Waiting for you.' },
  );
  const turn = await world.agent.send('mail a@b.c');
  return { turn, asked };
}

describe('a call stopped while its approval waited', () => {
  it('in a stopped turn: refused everywhere, and the model is told it was stopped', async () => {
    w = await agentWorld({ agent: { toolTimeoutMs: 60_000 } });
    const asked = w.wechat.nextSent(CODE);
    w.server.enqueue({ toolCalls: [{ id: 'call_mail', name: 'send_mail', arguments: '{"to":"a@b.c"}' }] });
    const controller = new AbortController();
    const sent = w.agent.send('mail a@b.c', { signal: controller.signal });
    await asked;
    controller.abort();
    const turn = await sent;

    const told = { success: false, error: 'send_mail did not run: the call was stopped' };
    expect(turn).toMatchObject({ stopped: true, toolCalls: [{ name: 'send_mail', status: 'refused', result: told }] });
    expect(w.events.find((e) => e.type === 'tool-result')).toMatchObject({ status: 'refused', result: told });
    expect(w.store.audit.query().rows).toMatchObject([
      { skill: 'send_mail', status: 'refused', errorCode: { code: 'call-cancelled', params: { cause: 'stopped' } } },
    ]);
    // What the model is sent of it in the next turn: the same words as before, nothing else.
    const tool = w.store.conversations.messages(turn.conversationId).find((m) => m.role === 'tool')!;
    expect(tool.content).toBe(JSON.stringify(told));
    w.server.enqueue({ content: 'It was stopped.' });
    await w.agent.send('and?', { conversationId: turn.conversationId });
    expect(w.server.requests.at(-1)!.body.messages).toContainEqual({
      role: 'tool',
      tool_call_id: 'call_mail',
      content: JSON.stringify(told),
    });
    expect(cardsAfterReload(w.store, turn.conversationId)).toMatchObject([{ name: 'send_mail', status: 'refused' }]);
    expect(w.runs('send_mail')).toEqual([]);
  });

  it('gone on in the background and stopped there: its result reads refused', async () => {
    w = await agentWorld({ agent: { toolTimeoutMs: 100 } });
    const { turn, asked } = await mailInBackground(w);
    await asked;
    expect(turn.toolCalls).toMatchObject([{ status: 'background' }]);
    w.agent.stopBackground();
    await Promise.all([...w.agent.running]);

    expect(w.events.find((e) => e.type === 'background-result')).toMatchObject({
      name: 'send_mail',
      status: 'refused',
      result: { success: false, error: 'send_mail did not run: the call was stopped' },
    });
    expect(w.store.audit.query().rows).toMatchObject([{ skill: 'send_mail', status: 'refused' }]);
    expect(w.runs('send_mail')).toEqual([]);
    // Reopened, its card reads the same: its job kept how it ended beside what the model is told.
    expect(cardsAfterReload(w.store, turn.conversationId)).toMatchObject([{ name: 'send_mail', status: 'refused' }]);
    const [job] = w.store.jobs.ofConversation(turn.conversationId);
    expect(job).toMatchObject({ callStatus: 'refused' });
    // Why, by its code, for the card to say it in the UI's language, live and reopened.
    const why = { code: 'call-cancelled', params: { cause: 'stopped' } };
    expect(w.events.find((e) => e.type === 'background-result')).toMatchObject({ code: why });
    expect(cardsAfterReload(w.store, turn.conversationId)).toMatchObject([{ code: why }]);
    expect(JSON.parse(job!.result!)).toEqual({ success: false, error: 'send_mail did not run: the call was stopped' });
  });

  it('gone on in the background and approved there: its result reads done, reopened too', async () => {
    w = await agentWorld({ agent: { toolTimeoutMs: 100 } });
    const { turn, asked } = await mailInBackground(w);
    w.wechat.reply(codeIn(await asked));
    await Promise.all([...w.agent.running]);
    expect(w.events.find((e) => e.type === 'background-result')).toMatchObject({ status: 'done' });
    expect(w.store.jobs.ofConversation(turn.conversationId)).toMatchObject([{ callStatus: 'done' }]);
    expect(cardsAfterReload(w.store, turn.conversationId)).toMatchObject([{ name: 'send_mail', status: 'done' }]);
  });

  it('a call that ended in its turn keeps how it ended for a reload; a refusal still reads refused', async () => {
    w = await agentWorld({ agent: { toolTimeoutMs: 60_000 } });
    const asked = w.wechat.nextSent(CODE);
    w.server.enqueue(
      {
        toolCalls: [
          { id: 'call_read', name: 'read_only', arguments: '{}' },
          { id: 'call_mail', name: 'send_mail', arguments: '{"to":"a@b.c"}' },
        ],
      },
      { content: 'Refused.' },
    );
    const sent = w.agent.send('read, then mail a@b.c');
    await asked;
    w.wechat.reply('取消');
    const turn = await sent;
    const stored = w.store.conversations.messages(turn.conversationId).filter((m) => m.role === 'tool');
    expect(Object.fromEntries(stored.map((m) => [m.toolCallId, m.callStatus]))).toEqual({
      call_read: 'done',
      call_mail: 'refused',
    });
    expect(cardsAfterReload(w.store, turn.conversationId).map((t) => t.status)).toEqual(['done', 'refused']);
  });
});
