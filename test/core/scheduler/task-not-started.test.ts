/**
 * A scheduled run that cannot start because no model is set keeps why as a coded line: an owner who
 * reads Chinese reads why in Chinese (it used to be stored, and shown, as English words only).
 */
import { once } from 'node:events';
import path from 'node:path';
import { expect, it } from 'vitest';
import { openRuntime } from '../../../src/core/runtime.js';
import { TaskScheduler, type TaskRunOutcome } from '../../../src/core/scheduler/scheduler.js';
import { runTaskTurn } from '../../../src/core/scheduler/task-runner.js';
import { sayTaskResult } from '../../../src/shared/task-results.js';
import { chineseTaskResults } from '../../../src/shared/task-results-zh-CN.js';
import { onCleanup, tempDir } from '../../helpers/temp.js';

it('a run with no model set says why in the owner’s language', async () => {
  for (const name of ['IAS_LLM_BASE_URL', 'IAS_LLM_API_KEY', 'IAS_LLM_MODEL']) {
    const was = process.env[name];
    delete process.env[name];
    onCleanup(() => (was === undefined ? delete process.env[name] : (process.env[name] = was)));
  }
  const runtime = await openRuntime({
    home: tempDir('ias-task-unset-'),
    systemSkills: path.resolve('resources/skills'),
  });
  onCleanup(() => runtime.close());
  const scheduler = new TaskScheduler({
    tasks: runtime.store.tasks,
    timeZone: () => 'Asia/Shanghai',
    run: (task) => runTaskTurn(task, () => runtime.agent({}), runtime.store.conversations),
  });
  onCleanup(() => scheduler.stop());
  const task = scheduler.create(
    { name: 'Report', prompt: 'Write the report.', at: new Date(Date.now() + 200).toISOString() },
    { knownSkills: [], createdBy: 'test' },
  );
  const ran = once(scheduler, 'ran');
  scheduler.start();
  const [, outcome] = (await ran) as [unknown, TaskRunOutcome];
  expect(outcome.text).toMatch(/^the task could not run: No model is configured\./);
  const stored = runtime.store.tasks.get(task.id)!;
  expect(stored.lastResultCode).toMatchObject({
    code: 'run-not-started',
    params: { line: { code: 'no-model-configured' } },
  });
  const chinese = sayTaskResult(chineseTaskResults, stored.lastResult!, stored.lastResultCode);
  expect(chinese).toMatch(/^任务没能运行。详情：/);
  expect(chinese).toContain('IAS_LLM_BASE_URL');
  expect(chinese).not.toMatch(/No model|is configured|Set IAS/);
});
