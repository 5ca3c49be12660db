/**
 * Running a scheduled task now (the contract's runTaskNow), with real parts: a SQLite file, the
 * scheduler started as the app starts it, skills as processes, the model a test server speaking
 * Chat Completions. The run goes the way of a scheduled one; the schedule is left as it was.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createCoreApi, type CoreApi } from '../../../src/core/api/create-api.js';
import { InProcessChannel } from '../../../src/core/approval/in-process-channel.js';
import { openRuntime, type Runtime } from '../../../src/core/runtime.js';
import { openStore } from '../../../src/core/store/index.js';
import type { ApprovalInfo, IasEvent, TaskInfo } from '../../../src/shared/contract.js';
import { countingSkill, readRuns } from '../../helpers/gate.js';
import { startModelServer, type ModelServer } from '../../helpers/model-server.js';
import { onCleanup, scriptSkill, tempDir, writeSkill } from '../../helpers/temp.js';

interface World {
  home: string;
  runtime: Runtime;
  core: CoreApi;
  server: ModelServer;
  events: IasEvent[];
  /** The in-app approval channel: what it was sent. */
  desktop: InProcessChannel;
  /** Makes a task as the owner's approved call would. */
  task(draft: { name: string; cron?: string; at?: string; skills?: string[] }): TaskInfo;
  /** The task once its run has ended. */
  ended(id: string): Promise<TaskInfo>;
}

const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();
const said = (server: ModelServer, i: number) => JSON.stringify(server.requests[i]?.body.messages ?? []);

/** The model's next reply, held back until the returned function is called. */
function held(server: ModelServer, content: string): () => void {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  server.enqueue(async () => {
    await released;
    return { content };
  });
  return release;
}

async function world(): Promise<World> {
  const home = tempDir('ias-run-now-');
  const system = path.join(home, 'system');
  fs.mkdirSync(system);
  writeSkill(system, 'send_mail', countingSkill({ home }, 'send_mail'));
  writeSkill(system, 'read_only', scriptSkill({ script: 'echo fine' }));
  const server = await startModelServer();
  const desktop = new InProcessChannel({ name: 'desktop', inApp: true });
  const runtime = await openRuntime({ home, systemSkills: system, channels: [desktop], recover: true });
  const core = createCoreApi(runtime, { version: 'test' });
  await core.api.saveProvider({ baseUrl: server.url, model: 'test-model', apiKey: 'test-key' });
  const events: IasEvent[] = [];
  core.events.on('event', (e) => events.push(e));
  onCleanup(async () => {
    await core.close();
    await runtime.close();
    await server.close();
  });
  const info = async (id: string) => (await core.api.listTasks()).find((t) => t.id === id)!;
  return {
    home,
    runtime,
    core,
    server,
    events,
    desktop,
    task: (draft) => {
      const made = runtime.scheduler.create(
        { prompt: `Do the ${draft.name}`, skills: [], ...draft },
        { knownSkills: runtime.registry.list().map((s) => s.name), createdBy: 'test' },
      );
      return { ...made, skills: made.allowlist } as unknown as TaskInfo;
    },
    ended: async (id) => {
      await vi.waitFor(async () => expect((await info(id)).lastStatus).not.toBe('running'), { timeout: 15_000 });
      return info(id);
    },
  };
}

describe('run a scheduled task now', () => {
  it('runs a repeating task as its schedule would, and leaves its next run (and its pause) as they were', async () => {
    const w = await world();
    const task = w.task({ name: 'morning report', cron: '0 8 * * *' });
    w.server.enqueue({ content: 'Report: all quiet.' }, { content: 'Report: still quiet.' });

    const started = await w.core.api.runTaskNow(task.id);
    expect(started).toMatchObject({ id: task.id, lastStatus: 'running', enabled: true, nextRunAt: task.nextRunAt });
    const done = await w.ended(task.id);
    expect(done).toMatchObject({ lastStatus: 'done', lastResult: 'Report: all quiet.', enabled: true });
    expect(done.nextRunAt).toBe(task.nextRunAt);
    expect(done.lastRunAt).toBeGreaterThanOrEqual(started.lastRunAt!);
    // Through the agent loop, in the task's conversation, saying who asked for this run.
    expect(said(w.server, 0)).toContain("run now at the owner's request");
    expect(said(w.server, 0)).toContain('Do the morning report');
    // Delivered as a scheduled run's result is.
    expect(w.events).toContainEqual({
      type: 'notification',
      title: '⏰ morning report',
      body: 'Report: all quiet.',
      task: { id: task.id, name: 'morning report', status: 'done' },
    });

    // Paused, it runs now all the same, and stays paused.
    await w.core.api.setTaskEnabled(task.id, false);
    await w.core.api.runTaskNow(task.id);
    const paused = await w.ended(task.id);
    expect(paused).toMatchObject({ lastStatus: 'done', lastResult: 'Report: still quiet.', enabled: false });
    expect(w.server.requests).toHaveLength(2);
  });

  it('runs a one-off now, which is then finished and does not run again at its moment', async () => {
    const w = await world();
    const task = w.task({ name: 'reminder', at: inSeconds(2) });
    w.server.fallback({ content: 'Stretch now.' });
    await w.core.api.runTaskNow(task.id);
    const done = await w.ended(task.id);
    expect(done).toMatchObject({ lastStatus: 'done', lastResult: 'Stretch now.', enabled: false, nextRunAt: null });
    // Its moment comes and goes: nothing runs.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(w.server.requests).toHaveLength(1);
    expect((await w.ended(task.id)).lastRunAt).toBe(done.lastRunAt);
  });

  it('tries a failed one-off again: its status and result are those of the new run', async () => {
    const w = await world();
    const task = w.task({ name: 'digest', at: inSeconds(1) });
    w.server.enqueue({ status: 401, errorMessage: 'Incorrect API key provided' }, { content: 'Here is your digest.' });
    // Its moment came and the run failed: it has no run left.
    await vi.waitFor(() => expect(w.server.requests).toHaveLength(1), { timeout: 10_000 });
    const failed = await w.ended(task.id);
    expect(failed).toMatchObject({ lastStatus: 'failed', enabled: false, nextRunAt: null });
    expect(failed.lastResult).toContain('Incorrect API key provided');
    await expect(w.core.api.setTaskEnabled(task.id, true)).rejects.toThrow(/has no run left/);

    await w.core.api.runTaskNow(task.id);
    const again = await w.ended(task.id);
    expect(again).toMatchObject({ lastStatus: 'done', lastResult: 'Here is your digest.', enabled: false });
    expect(again.lastResultCode).toBeUndefined();
    expect(again.lastRunAt).toBeGreaterThan(failed.lastRunAt!);
  });

  it('refuses a second run while one is under way, here or in another iAs process', async () => {
    const w = await world();
    const task = w.task({ name: 'slow one', cron: '0 8 * * *' });
    const reply = held(w.server, 'Finally.');
    await w.core.api.runTaskNow(task.id);
    await vi.waitFor(() => expect(w.server.requests).toHaveLength(1), { timeout: 10_000 });
    const refusal = { code: 'task-running', params: { name: 'slow one' } };
    await expect(w.core.api.runTaskNow(task.id)).rejects.toMatchObject({ messageCode: refusal });
    reply();
    expect(await w.ended(task.id)).toMatchObject({ lastStatus: 'done', lastResult: 'Finally.' });
    expect(w.server.requests).toHaveLength(1);

    // Another process (`ias tasks run`) is running it: its stored status says so.
    const other = openStore(path.join(w.home, 'ias.db'));
    onCleanup(() => other.close());
    expect(other.tasks.claimNow(task.id)).toBe(true);
    await expect(w.core.api.runTaskNow(task.id)).rejects.toMatchObject({ messageCode: refusal });
    expect(other.tasks.claimNow(task.id)).toBe(false);
    await expect(w.core.api.runTaskNow('nosuchid')).rejects.toMatchObject({
      messageCode: { code: 'no-task', params: { id: 'nosuchid' } },
    });
    expect(w.server.requests).toHaveLength(1);
  });

  it('skips a slot that comes while the task runs now: one run at a time, and the schedule goes on', async () => {
    const w = await world();
    const task = w.task({ name: 'overlap', cron: '0 8 * * *' });
    const reply = held(w.server, 'Ran once.');
    await w.core.api.runTaskNow(task.id);
    // Its slot comes while it runs.
    w.runtime.store.tasks.update(task.id, { nextRunAt: Date.now() + 300 });
    w.runtime.scheduler.changedElsewhere();
    await vi.waitFor(() => expect(w.runtime.store.tasks.get(task.id)!.nextRunAt).toBe(task.nextRunAt), {
      timeout: 5000,
    });
    reply();
    expect(await w.ended(task.id)).toMatchObject({ lastStatus: 'done', lastResult: 'Ran once.' });
    await w.runtime.scheduler.idle();
    expect(w.server.requests).toHaveLength(1);
  });

  it('still asks the owner before a high-risk call in the run, and runs nothing refused', async () => {
    const w = await world();
    const task = w.task({ name: 'mail the boss', cron: '0 8 * * *', skills: ['send_mail'] });
    const mail = { toolCalls: [{ name: 'send_mail', arguments: JSON.stringify({ to: 'boss', body: 'hi' }) }] };
    const report = (request: { body: { messages: { content: unknown }[] } }) => ({
      content: `Outcome: ${JSON.stringify(request.body.messages.at(-1)!.content)}`,
    });
    w.server.enqueue(mail, report, mail, report);
    const pending = () =>
      w.events
        .filter((e): e is Extract<IasEvent, { type: 'approval' }> => e.type === 'approval')
        .map((e) => e.approval)
        .filter((a: ApprovalInfo) => a.status === 'pending');

    await w.core.api.runTaskNow(task.id);
    await vi.waitFor(() => expect(pending()).toHaveLength(1), { timeout: 10_000 });
    expect(readRuns(w.home, 'send_mail')).toEqual([]);
    expect(await w.core.api.decideApproval(pending()[0]!.id, true)).toBe(true);
    expect((await w.ended(task.id)).lastResult).toMatch(/^Outcome: .*success.*sent/);
    expect(readRuns(w.home, 'send_mail')).toHaveLength(1);

    await w.core.api.runTaskNow(task.id);
    await vi.waitFor(() => expect(pending()).toHaveLength(2), { timeout: 10_000 });
    await w.core.api.decideApproval(pending()[1]!.id, false);
    expect((await w.ended(task.id)).lastResult).toContain('用户拒绝了你的调用：send_mail');
    expect(readRuns(w.home, 'send_mail')).toHaveLength(1);

    // Its requests name the task, as a scheduled run's do.
    const askers = w.desktop.outbox.flatMap((text) => text.split('\n').filter((line) => line.startsWith('来自 From')));
    expect(askers).toEqual(Array(2).fill('来自 From：定时任务 scheduled task “mail the boss”'));
    // Audited as a scheduled run's calls are (source 'schedule', the task's conversation), marked as
    // a run the owner asked for now.
    const rows = w.runtime.store.audit.query({ skill: 'send_mail' }).rows;
    expect(rows.map((r) => [r.source, r.requestedBy, r.approvalOutcome])).toEqual([
      ['schedule', `task-${task.id}/run-now`, 'rejected'],
      ['schedule', `task-${task.id}/run-now`, 'approved'],
    ]);
  });
});
