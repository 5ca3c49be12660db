/**
 * A repeating task whose cron expression has a long list in a field (every hour from 8 to 20
 * written out) on the Scheduled tasks page: the expression wraps inside its Schedule column instead
 * of running over the Next run beside it.
 */
import { expect, it } from 'vitest';
import { dataPaths } from '../../src/core/paths.js';
import { firstCronRun } from '../../src/core/scheduler/schedule.js';
import { openStore } from '../../src/core/store/index.js';
import { dailyTask } from '../helpers/daily-tasks.js';
import { openApp, screenshot } from './harness.js';
import { servedWorld } from './served-world.js';

const CRON = '0,30 8,9,10,11,12,13,14,15,16,17,18,19,20 * * 1-5';

const world = servedWorld({
  serve: {
    setup(home) {
      const store = openStore(dataPaths(home).database);
      const now = Date.now();
      const task = dailyTask('hourly01', 'Inbox check', now);
      store.tasks.insert({ ...task, cron: CRON, nextRunAt: firstCronRun(CRON, task.timeZone, now) });
      store.close();
    },
  },
});

it('a long cron expression stays inside its column', async () => {
  const page = await openApp(world.browser, world.app, { viewport: { width: 1000, height: 800 } });
  await page.goto(`${world.app.origin}/#/tasks`);
  const schedule = page.locator('[data-testid="task-item"][data-id="hourly01"] [data-testid="task-schedule"]');
  await schedule.locator('.task-cron').waitFor();
  expect(await schedule.locator('.task-cron').textContent()).toBe(CRON);
  const column = (await schedule.locator('xpath=..').boundingBox())!;
  const cron = (await schedule.locator('.task-cron').boundingBox())!;
  await screenshot(page, 'task-long-cron');
  expect(cron.x + cron.width).toBeLessThanOrEqual(column.x + column.width);
  await page.context().close();
});
