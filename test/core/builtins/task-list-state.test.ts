/**
 * list_scheduled_tasks tells the model each task's state as the owner reads it on the Scheduled
 * tasks page and in `ias tasks`: a paused one-off whose moment has passed while it was paused is
 * finished (it cannot be resumed), not paused.
 */
import { expect, it } from 'vitest';
import { builtinWorld } from '../../helpers/builtin-world.js';
import { onCleanup } from '../../helpers/temp.js';

it('says a paused one-off whose moment has passed is finished, and one still ahead paused', async () => {
  const w = await builtinWorld();
  onCleanup(() => w.close());
  const now = Date.now();
  const base = { prompt: 'Call the bank', cron: null, timeZone: 'Asia/Shanghai', allowlist: [], createdBy: 'cli' };
  // Paused before their moments; one of them came an hour ago.
  for (const [id, name, runAt] of [
    ['passed01', 'Call the bank', now - 3_600_000],
    ['ahead001', 'Call the dentist', now + 3_600_000],
  ] as const) {
    w.runtime.store.tasks.insert({
      ...base,
      id,
      name,
      runAt,
      nextRunAt: runAt,
      enabled: false,
      createdAt: now - 7_200_000,
    });
  }
  const listed = await w.runtime.caller.call({ name: 'list_scheduled_tasks', params: {}, source: 'chat' });
  expect(listed.status).toBe('done');
  const tasks = (listed.result.data as { tasks: { id: string; state: string }[] }).tasks;
  expect(Object.fromEntries(tasks.map((t) => [t.id, t.state]))).toEqual({ passed01: 'finished', ahead001: 'paused' });
});
