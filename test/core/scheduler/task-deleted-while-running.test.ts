/**
 * Deleting a scheduled task while a run of it is under way stops that run, as the owner's Stop stops
 * a turn: its skill call is ended, nothing more of it runs (no further call, no further request to
 * the model), and nobody is sent a result of a task the owner deleted. It used to go on to its end.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it, vi } from 'vitest';
import { createCoreApi } from '../../../src/core/api/create-api.js';
import { InProcessChannel } from '../../../src/core/approval/in-process-channel.js';
import { openRuntime } from '../../../src/core/runtime.js';
import { openStore } from '../../../src/core/store/index.js';
import { TasksRepo } from '../../../src/core/store/tasks-repo.js';
import type { IasEvent } from '../../../src/shared/contract.js';
import { heldCallSkill } from '../../helpers/held-call.js';
import { readRuns } from '../../helpers/gate.js';
import { startModelServer } from '../../helpers/model-server.js';
import { onCleanup, scriptSkill, tempDir, writeSkill } from '../../helpers/temp.js';

async function world(script = true) {
  const home = tempDir('ias-task-deleted-');
  const system = path.join(home, 'system');
  fs.mkdirSync(system);
  const held = heldCallSkill(system, home);
  const log = path.join(home, 'note_down.runs');
  writeSkill(system, 'note_down', scriptSkill({ script: `echo noted >> '${log}'\necho noted` }));
  fs.cpSync(path.resolve('resources/skills/manage_scheduled_task'), path.join(system, 'manage_scheduled_task'), {
    recursive: true,
  });
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
  const task = runtime.scheduler.create(
    {
      name: 'report',
      prompt: 'Make the report, then note it down',
      cron: '0 8 * * *',
      skills: ['slow_report', 'note_down', 'manage_scheduled_task'],
    },
    { knownSkills: runtime.registry.list().map((s) => s.name), createdBy: 'test' },
  );
  if (script) {
    server.enqueue(
      { toolCalls: [{ name: 'slow_report', arguments: '{}' }] },
      { toolCalls: [{ name: 'note_down', arguments: '{}' }] },
      { content: 'Report made and noted.' },
    );
  }
  const slowCall = () => runtime.store.audit.query({}).rows.find((row) => row.skill === 'slow_report');
  return { home, held, server, runtime, core, events, task, slowCall };
}

it('deleting a task in the app stops its run under way: its call ends, and nothing more of it runs', async () => {
  const w = await world();
  await w.core.api.runTaskNow(w.task.id);
  await w.held.running();
  await w.core.api.deleteTask(w.task.id);
  // The call under way is stopped, not left to go on after its task is gone.
  await vi.waitFor(() => expect(w.slowCall()?.status).not.toBe('running'), { timeout: 10_000 });
  await w.runtime.scheduler.idle();
  expect(w.server.requests).toHaveLength(1);
  expect(readRuns(w.home, 'note_down')).toEqual([]);
  expect(w.runtime.store.tasks.get(w.task.id)).toBeUndefined();
  // A deleted task's result goes to nobody.
  expect(w.events.filter((e) => e.type === 'notification')).toEqual([]);
});

it('deleting a task from another iAs process (`ias tasks delete`) stops its run here too', async () => {
  const w = await world();
  const { ran } = w.runtime.scheduler.runNow(w.task.id);
  await w.held.running();
  const other = openStore(w.runtime.paths.database);
  onCleanup(() => other.close());
  expect(new TasksRepo(other.db).delete(w.task.id)).toBe(true);
  await vi.waitFor(() => expect(w.slowCall()?.status).not.toBe('running'), { timeout: 10_000 });
  expect(await ran).toMatchObject({ success: false, interrupted: true });
  expect(w.server.requests).toHaveLength(1);
  expect(readRuns(w.home, 'note_down')).toEqual([]);
});

it('a run that deletes its own task (approved) is not stopped by it: it ends, and its result is sent', async () => {
  const w = await world(false);
  const deleteItself = { action: 'delete', id: w.task.id, task_name: 'report' };
  w.server.enqueue(
    { toolCalls: [{ name: 'manage_scheduled_task', arguments: JSON.stringify(deleteItself) }] },
    { toolCalls: [{ name: 'note_down', arguments: '{}' }] },
    { content: 'Done; this task is deleted.' },
  );
  const { ran } = w.runtime.scheduler.runNow(w.task.id);
  await vi.waitFor(() => expect(w.runtime.gate.openApprovals().filter((a) => a.status === 'pending')).toHaveLength(1), {
    timeout: 10_000,
  });
  const [approval] = w.runtime.gate.openApprovals();
  expect(await w.runtime.gate.decideInApp(approval!.id, true)).toBe(true);
  expect(await ran).toMatchObject({ success: true, text: 'Done; this task is deleted.' });
  expect(w.runtime.store.tasks.get(w.task.id)).toBeUndefined();
  expect(readRuns(w.home, 'note_down')).toHaveLength(1);
  await vi.waitFor(
    () =>
      expect(w.events).toContainEqual(
        expect.objectContaining({ type: 'notification', body: 'Done; this task is deleted.' }),
      ),
    { timeout: 10_000 },
  );
});
