/**
 * A scheduled task whose allowlisted skills were deleted or turned off since it was made: its run
 * goes on with the skills it still has, and its result tells the owner which ones were missing and
 * why (in English and in Chinese). It used to run without them and say nothing, the model simply not
 * offered those tools.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it, vi } from 'vitest';
import { createCoreApi } from '../../../src/core/api/create-api.js';
import { openRuntime } from '../../../src/core/runtime.js';
import { sayTaskResult } from '../../../src/shared/task-results.js';
import { chineseTaskResults } from '../../../src/shared/task-results-zh-CN.js';
import { startModelServer } from '../../helpers/model-server.js';
import { onCleanup, scriptSkill, tempDir, writeSkill } from '../../helpers/temp.js';

const toolsOffered = (body: { tools?: { function: { name: string } }[] }) =>
  (body.tools ?? []).map((t) => t.function.name).sort();

it('a run whose allowed skills were deleted or turned off goes on, and its result says which and why', async () => {
  const home = tempDir('ias-task-skills-missing-');
  const system = path.join(home, 'system');
  fs.mkdirSync(system);
  for (const name of ['read_news', 'read_mail', 'read_weather'])
    writeSkill(system, name, scriptSkill({ script: 'echo ok' }));
  const server = await startModelServer();
  const runtime = await openRuntime({ home, systemSkills: system, recover: true });
  const core = createCoreApi(runtime, { version: 'test' });
  onCleanup(async () => {
    await core.close();
    await runtime.close();
    await server.close();
  });
  await core.api.saveProvider({ baseUrl: server.url, model: 'test-model', apiKey: 'test-key' });
  const task = runtime.scheduler.create(
    {
      name: 'digest',
      prompt: 'Sum up my morning',
      cron: '0 8 * * *',
      skills: ['read_news', 'read_mail', 'read_weather'],
    },
    { knownSkills: runtime.registry.list().map((s) => s.name), createdBy: 'test' },
  );
  // Since the task was made: one skill deleted, one turned off.
  fs.rmSync(path.join(system, 'read_mail'), { recursive: true });
  runtime.registry.loadAll();
  await core.api.setSkillEnabled('read_weather', false);
  server.enqueue({ content: 'Here is the news.' });

  await core.api.runTaskNow(task.id);
  await vi.waitFor(() => expect(runtime.store.tasks.get(task.id)!.lastStatus).not.toBe('running'), { timeout: 10_000 });
  const after = runtime.store.tasks.get(task.id)!;
  // The run went on with what it still has.
  expect(after.lastStatus).toBe('done');
  expect(toolsOffered(server.requests[0]!.body as never)).toContain('read_news');
  expect(toolsOffered(server.requests[0]!.body as never)).not.toContain('read_mail');
  // The owner is told which allowed skills were missing, and why.
  expect(after.lastResult).toMatch(/^Here is the news\./);
  expect(after.lastResult).toContain('read_mail');
  expect(after.lastResult).toMatch(/read_mail[^\n]*(deleted|no longer)/);
  expect(after.lastResult).toMatch(/read_weather[^\n]*turned off/);
  const chinese = sayTaskResult(chineseTaskResults, after.lastResult!, after.lastResultCode);
  expect(chinese).toContain('read_mail');
  expect(chinese).toContain('read_weather');
  expect(chinese).toMatch(/read_weather（[^）]*关闭）/);
  expect(chinese).not.toMatch(/turned off/);
});
