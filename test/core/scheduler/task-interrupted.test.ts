/**
 * A scheduled task's run stopped because iAs shuts down is interrupted, not done: its result says
 * iAs stopped before it finished (it used to read as a success with "(no reply)").
 */
import { once } from 'node:events';
import path from 'node:path';
import { expect, it } from 'vitest';
import type { ProviderConfig } from '../../../src/core/agent/providers.js';
import { openRuntime } from '../../../src/core/runtime.js';
import { TaskScheduler } from '../../../src/core/scheduler/scheduler.js';
import { runTaskTurn } from '../../../src/core/scheduler/task-runner.js';
import { startModelServer } from '../../helpers/model-server.js';
import { onCleanup, tempDir } from '../../helpers/temp.js';

it('a task run stopped by shutting down is interrupted, with what was said so far', async () => {
  const server = await startModelServer();
  onCleanup(() => server.close());
  const home = tempDir('ias-task-stop-');
  const runtime = await openRuntime({ home, systemSkills: path.resolve('resources/skills'), recover: true });
  onCleanup(() => runtime.close());
  const provider = (): ProviderConfig => ({
    baseUrl: server.url,
    model: 'test-model',
    apiKey: 'sk-test',
    from: { baseUrl: 'env', model: 'env', apiKey: 'env' },
  });
  let replying!: () => void;
  const streaming = new Promise<void>((resolve) => (replying = resolve));
  const scheduler = new TaskScheduler({
    tasks: runtime.store.tasks,
    timeZone: () => 'Asia/Shanghai',
    run: (task) =>
      runTaskTurn(
        task,
        () => runtime.agent({ provider, onEvent: (e) => e.type === 'delta' && replying() }),
        runtime.store.conversations,
      ),
  });
  onCleanup(() => scheduler.stop());
  server.enqueue({ content: `The report begins. ${'More. '.repeat(100)}THE END`, chunkDelayMs: 100 });
  const task = scheduler.create(
    { name: 'Report', prompt: 'Write the report.', at: new Date(Date.now() + 300).toISOString() },
    { knownSkills: [], createdBy: 'test' },
  );
  scheduler.start();
  await streaming;
  const ran = once(scheduler, 'ran');
  await runtime.stopTurns();
  const [, outcome] = (await ran) as [unknown, { success: boolean; interrupted?: boolean; text: string }];
  expect(outcome).toMatchObject({ success: false, interrupted: true });
  expect(outcome.text).toMatch(/^iAs stopped before this run finished\.\n\nThe/);
  expect(outcome.text).not.toContain('THE END');
  expect(runtime.store.tasks.get(task.id)).toMatchObject({ lastStatus: 'interrupted' });
});
