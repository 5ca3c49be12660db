/**
 * A scheduled run whose high-risk call waits for the owner past the tool time limit (it goes on in
 * the background): the run is not over until the call is, and what the owner is sent says what the
 * call really did (it used to end "done" with the early "on its way" before anything was sent).
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it, vi } from 'vitest';
import type { AgentEvent } from '../../../src/core/agent/agent.js';
import { InProcessChannel } from '../../../src/core/approval/in-process-channel.js';
import { openRuntime } from '../../../src/core/runtime.js';
import { TaskScheduler, type TaskRunOutcome } from '../../../src/core/scheduler/scheduler.js';
import { sayTaskResult } from '../../../src/shared/task-results.js';
import { chineseTaskResults } from '../../../src/shared/task-results-zh-CN.js';
import { runTaskTurn, taskConversationId } from '../../../src/core/scheduler/task-runner.js';
import { scriptedProvider } from '../../helpers/agent.js';
import { countingSkill, readRuns } from '../../helpers/gate.js';
import { startModelServer } from '../../helpers/model-server.js';
import { onCleanup, tempDir, writeSkill } from '../../helpers/temp.js';

/** A runtime with a high-risk counting skill, approved in the app, and a scheduler whose calls go to the background at once. */
async function world() {
  const home = tempDir('ias-task-background-');
  const system = path.join(home, 'system');
  fs.mkdirSync(system);
  writeSkill(system, 'send_mail', countingSkill({ home }, 'send_mail'));
  const server = await startModelServer();
  onCleanup(() => server.close());
  const inApp = new InProcessChannel({ name: 'in-app', inApp: true });
  const runtime = await openRuntime({ home, systemSkills: system, channels: [inApp], recover: true });
  onCleanup(() => runtime.close());
  const provider = () => scriptedProvider(server.url);
  const events: AgentEvent[] = [];
  const onEvent = (event: AgentEvent) => events.push(event);
  /** How many calls have gone on in the background. */
  const backgrounded = () => events.filter((e) => e.type === 'tool-result' && e.status === 'background').length;
  const scheduler = new TaskScheduler({
    tasks: runtime.store.tasks,
    timeZone: () => 'Asia/Shanghai',
    run: (task, cause, signal) =>
      runTaskTurn(
        task,
        // Past 50 ms a call goes on in the background, as one waiting 8 s for the owner does.
        () => runtime.agent({ provider, source: 'schedule', toolTimeoutMs: 50, onEvent }),
        runtime.store.conversations,
        cause,
        { signal },
      ),
  });
  onCleanup(() => scheduler.stop());
  const ran: TaskRunOutcome[] = [];
  scheduler.on('ran', (_task, outcome) => ran.push(outcome));
  const task = scheduler.create(
    { name: 'mail report', prompt: 'Mail the report', cron: '0 8 * * *', skills: ['send_mail'] },
    { knownSkills: ['send_mail'], createdBy: 'test' },
  );
  server.enqueue(
    { toolCalls: [{ name: 'send_mail', arguments: JSON.stringify({ to: 'boss', body: 'report' }) }] },
    { content: 'The report mail is on its way.' },
  );
  /** The first turn has ended, its call still waiting for the owner in the background. */
  const firstTurnEnded = async () => {
    await vi.waitFor(
      () => {
        expect(backgrounded()).toBe(1);
        const messages = runtime.store.conversations.messages(taskConversationId(task));
        expect(messages.some((m) => m.role === 'assistant' && m.content.includes('on its way'))).toBe(true);
        expect(runtime.store.conversations.turnUnderWay(taskConversationId(task))).toBe(false);
      },
      { timeout: 10_000 },
    );
  };
  const pending = () => runtime.gate.openApprovals().filter((a) => a.status === 'pending');
  return { home, server, runtime, scheduler, task, ran, events, firstTurnEnded, pending, backgrounded };
}

it('a run waits for its call approved past the time limit, then tells what the call did', async () => {
  const w = await world();
  w.server.enqueue({ content: 'The report was mailed to boss.' });
  const { ran } = w.scheduler.runNow(w.task.id);
  await w.firstTurnEnded();
  await vi.waitFor(() => expect(w.pending()).toHaveLength(1), { timeout: 10_000 });
  // The call waits for the owner: the run is not over, and nothing has gone to the owner.
  expect(w.runtime.store.tasks.get(w.task.id)!.lastStatus).toBe('running');
  expect(w.ran).toEqual([]);
  expect(readRuns(w.home, 'send_mail')).toEqual([]);

  expect(await w.runtime.gate.decideInApp(w.pending()[0]!.id, true)).toBe(true);
  const outcome = await ran;
  expect(readRuns(w.home, 'send_mail')).toHaveLength(1);
  expect(outcome).toEqual({ success: true, text: 'The report was mailed to boss.' });
  expect(w.ran).toEqual([outcome]);
  expect(w.runtime.store.tasks.get(w.task.id)).toMatchObject({
    lastStatus: 'done',
    lastResult: 'The report was mailed to boss.',
  });
  // The follow-up turn gave the model the call's real result.
  const followUp = JSON.stringify(w.server.requests.at(-1)!.body.messages);
  expect(followUp).toContain('Background call send_mail');
  expect(followUp).toContain('sent');
});

it('a call refused past the time limit: the run says so, and nothing was sent', async () => {
  const w = await world();
  w.server.enqueue({ content: 'The owner refused: the report was not mailed.' });
  const { ran } = w.scheduler.runNow(w.task.id);
  await w.firstTurnEnded();
  await vi.waitFor(() => expect(w.pending()).toHaveLength(1), { timeout: 10_000 });
  expect(await w.runtime.gate.decideInApp(w.pending()[0]!.id, false)).toBe(true);
  expect(await ran).toEqual({ success: true, text: 'The owner refused: the report was not mailed.' });
  expect(readRuns(w.home, 'send_mail')).toEqual([]);
  const followUp = JSON.stringify(w.server.requests.at(-1)!.body.messages);
  expect(followUp).toContain('用户拒绝了你的调用：send_mail');
});

it('iAs shutting down while the run waits for its call: the approval is cancelled, the run interrupted', async () => {
  const w = await world();
  const { ran } = w.scheduler.runNow(w.task.id);
  await w.firstTurnEnded();
  await vi.waitFor(() => expect(w.pending()).toHaveLength(1), { timeout: 10_000 });
  const approvalId = w.pending()[0]!.id;
  await w.runtime.stopTurns();
  const outcome = await ran;
  expect(outcome).toMatchObject({ success: false, interrupted: true });
  expect(outcome.text).toMatch(/^iAs stopped before this run finished\./);
  expect(w.runtime.store.tasks.get(w.task.id)!.lastStatus).toBe('interrupted');
  expect(w.runtime.store.approvals.get(approvalId)!.status).not.toBe('pending');
  expect(w.runtime.gate.waitsFor(approvalId)).toBe(false);
  expect(readRuns(w.home, 'send_mail')).toEqual([]);
  // No follow-up turn was asked of the model.
  expect(w.server.requests).toHaveLength(2);
});

it('the task deleted while its run waits for its call: the approval is cancelled, nothing is sent, nobody told', async () => {
  const w = await world();
  const { ran } = w.scheduler.runNow(w.task.id);
  await w.firstTurnEnded();
  await vi.waitFor(() => expect(w.pending()).toHaveLength(1), { timeout: 10_000 });
  w.scheduler.delete(w.task.id);
  expect(await ran).toMatchObject({ success: false, interrupted: true });
  expect(w.pending()).toEqual([]);
  expect(readRuns(w.home, 'send_mail')).toEqual([]);
  // No follow-up turn: nothing more of the run goes to the model, and no result to the owner.
  expect(w.server.requests).toHaveLength(2);
  expect(w.ran).toEqual([]);
});

it('a model that keeps calling in the background: after three follow-ups, the calls ended since are a notice', async () => {
  const w = await world();
  const mail = (n: number) => ({
    toolCalls: [{ name: 'send_mail', arguments: JSON.stringify({ to: 'boss', body: `report ${n}` }) }],
  });
  for (let n = 2; n <= 4; n++) w.server.enqueue(mail(n), { content: `Mail ${n} is on its way.` });
  const { ran } = w.scheduler.runNow(w.task.id);
  for (let n = 1; n <= 4; n++) {
    // Answered once the call has gone on in the background.
    await vi.waitFor(() => expect(w.backgrounded()).toBe(n), { timeout: 10_000 });
    await vi.waitFor(() => expect(w.pending()).toHaveLength(1), { timeout: 10_000 });
    // The run is not over while any of its calls waits.
    expect(w.ran).toEqual([]);
    expect(await w.runtime.gate.decideInApp(w.pending()[0]!.id, true)).toBe(true);
    await vi.waitFor(() => expect(readRuns(w.home, 'send_mail')).toHaveLength(n), { timeout: 10_000 });
  }
  const outcome = await ran;
  expect(outcome.success).toBe(true);
  expect(outcome.text).toBe(
    'Mail 4 is on its way.\n\n[iAs: Calls that went on in the background ended after this reply: send_mail (done).]',
  );
  expect(sayTaskResult(chineseTaskResults, outcome.text, outcome.code)).toBe(
    'Mail 4 is on its way.\n\n[iAs：以下在后台运行的调用在这条回复之后才结束：send_mail（完成）。]',
  );
  // The first turn and three follow-ups, two requests each: no fifth turn.
  expect(w.server.requests).toHaveLength(8);
});

it('a follow-up that cannot begin (the owner writing there meanwhile): the run keeps its reply, the call told in a notice', async () => {
  const w = await world();
  const { ran } = w.scheduler.runNow(w.task.id);
  await w.firstTurnEnded();
  await vi.waitFor(() => expect(w.pending()).toHaveLength(1), { timeout: 10_000 });
  // The owner writes in the task's conversation; the model's answer waits until the test lets it go.
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  w.server.fallback(async () => {
    await held;
    return { content: 'Hello owner.' };
  });
  const conversationId = taskConversationId(w.task);
  const owner = w.runtime.agent({ provider: () => scriptedProvider(w.server.url) });
  const ownerTurn = owner.send('is the report out?', { conversationId });
  await vi.waitFor(() => expect(w.runtime.store.conversations.turnUnderWay(conversationId)).toBe(true), {
    timeout: 10_000,
  });

  expect(await w.runtime.gate.decideInApp(w.pending()[0]!.id, true)).toBe(true);
  const outcome = await ran;
  expect(readRuns(w.home, 'send_mail')).toHaveLength(1);
  expect(outcome).toMatchObject({
    success: true,
    text: 'The report mail is on its way.\n\n[iAs: Calls that went on in the background ended after this reply: send_mail (done).]',
  });
  expect(w.runtime.store.tasks.get(w.task.id)!.lastStatus).toBe('done');
  answer();
  expect(await ownerTurn).toMatchObject({ reply: 'Hello owner.' });
});

it("a chat's agent, which lives as long as iAs, keeps no list of its background calls that ended", async () => {
  const w = await world();
  const chat = w.runtime.agent({ provider: () => scriptedProvider(w.server.url), toolTimeoutMs: 50 });
  // The queued replies of the task's first turn answer this chat: its call goes on in the background.
  const turn = await chat.send('mail the report');
  expect(turn.toolCalls).toMatchObject([{ name: 'send_mail', status: 'background' }]);
  await vi.waitFor(() => expect(w.pending()).toHaveLength(1), { timeout: 10_000 });
  expect(await w.runtime.gate.decideInApp(w.pending()[0]!.id, true)).toBe(true);
  expect(await chat.awaitBackground()).toEqual({ stopped: false, ended: [] });
  expect(readRuns(w.home, 'send_mail')).toHaveLength(1);
});
