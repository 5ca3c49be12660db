/**
 * A one-off that can no longer be resumed says why on its switch: its moment has passed, or it was
 * run now before its moment (it has had its run), in the UI's language.
 */
import { expect, it } from 'vitest';
import { dataPaths } from '../../src/core/paths.js';
import { openStore } from '../../src/core/store/index.js';
import { dailyTask } from '../helpers/daily-tasks.js';
import { openApp } from './harness.js';
import { servedWorld } from './served-world.js';

const world = servedWorld({
  serve: {
    setup(home) {
      const store = openStore(dataPaths(home).database);
      const now = Date.now();
      const oneOff = (id: string, name: string, runAt: number) => ({
        ...dailyTask(id, name, now),
        cron: null,
        runAt,
        nextRunAt: runAt,
      });
      // Paused, and its moment came an hour ago.
      store.tasks.insert({ ...oneOff('passed01', 'Call the bank', now - 3_600_000), enabled: false });
      // Due tomorrow, and run now today: it has had its run.
      store.tasks.insert(oneOff('early001', 'Book the flight', now + 86_400_000));
      store.tasks.claimNow('early001', now - 60_000);
      store.tasks.finish('early001', 'done', 'Booked.', now - 30_000);
      // Its moment came an hour ago, and iAs quit (or was killed) during its run.
      store.tasks.insert(oneOff('cutoff01', 'Pay the rent', now - 3_600_000));
      store.tasks.claimNow('cutoff01', now - 3_600_000);
      store.tasks.finish('cutoff01', 'interrupted', 'iAs stopped before this run finished.', now - 3_500_000);
      store.close();
    },
  },
});

it('says whether its moment has passed or it has run already, in English and in Chinese', async () => {
  for (const [locale, passed, ran] of [
    ['en-US', /moment has passed/, /has run already/],
    ['zh-CN', /运行时间已过/, /已经运行过/],
  ] as const) {
    const page = await openApp(world.browser, world.app, { locale });
    await page.goto(`${world.app.origin}/#/tasks`);
    const why = (id: string) =>
      page.locator(`[data-testid="task-item"][data-id="${id}"] .task-switch`).getAttribute('title');
    await page.locator('[data-testid="task-item"][data-state="finished"]').nth(1).waitFor();
    expect(await why('passed01')).toMatch(passed);
    expect(await why('early001')).toMatch(ran);
    expect(await why('early001')).not.toMatch(passed);
    await page.context().close();
  }
});

it('a one-off whose run was cut off reads as not finished, not as finished, and offers to run it again', async () => {
  for (const [locale, pill, why, retry] of [
    ['en-US', 'Not finished', /interrupted before it finished[^]*Try again/, 'Try again'],
    ['zh-CN', '未完成', /中断[^]*重试/, '重试'],
  ] as const) {
    const page = await openApp(world.browser, world.app, { locale });
    await page.goto(`${world.app.origin}/#/tasks`);
    const row = page.locator('[data-testid="task-item"][data-id="cutoff01"]');
    await row.waitFor();
    expect(await row.getAttribute('data-state')).toBe('interrupted');
    expect(await row.locator('.task-head .status-pill').textContent()).toBe(pill);
    expect(await row.locator('.task-switch').getAttribute('title')).toMatch(why);
    expect(await row.locator('[data-testid="task-run"]').textContent()).toContain(retry);
    await page.context().close();
  }
});
