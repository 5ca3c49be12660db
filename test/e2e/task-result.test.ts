/**
 * A scheduled task's result reaching the owner in the browser (`ias serve`, no WeChat): a run that
 * failed is a toast in the UI's language that stands out as a failure and leads to the tasks page.
 */
import { expect, it } from 'vitest';
import { dataPaths } from '../../src/core/paths.js';
import { openStore } from '../../src/core/store/index.js';
import { servedWorld } from './served-world.js';

let pageReady: () => void;
const ready = new Promise<void>((resolve) => (pageReady = resolve));

const world = servedWorld({
  serve: {
    // Due while iAs was off, so it runs at start; the model answers once the page is there to hear it.
    setup(home) {
      const store = openStore(dataPaths(home).database);
      const now = Date.now();
      store.tasks.insert({
        id: 'stretch1',
        name: '伸展提醒',
        prompt: 'Remind me to stretch',
        cron: null,
        runAt: now - 60_000,
        nextRunAt: now - 60_000,
        timeZone: 'Asia/Shanghai',
        allowlist: [],
        enabled: true,
        createdBy: 'cli',
        createdAt: now - 120_000,
      });
      store.close();
    },
    script: (model) =>
      model.fallback(async () => {
        await ready;
        return { status: 401, errorMessage: 'Incorrect API key provided' };
      }),
  },
});

it('a failed run is told in the UI’s language, as a failure, with the way to the task', async () => {
  const context = await world.browser.newContext({ locale: 'zh-CN' });
  const page = await context.newPage();
  await page.goto(world.app.url);
  await page.waitForSelector('[data-testid="message-input"]');
  pageReady();
  const toast = page.locator('[data-testid="toast"]', { hasText: '伸展提醒' });
  await toast.waitFor({ timeout: 20_000 });
  expect(await toast.locator('strong').textContent()).toBe('⏰ 伸展提醒 运行失败');
  expect(await toast.getAttribute('class')).toContain('toast-error');
  expect(await toast.textContent()).toContain('Incorrect API key provided');
  await toast.locator('.toast-action', { hasText: '查看定时任务' }).click();
  const task = page.locator('[data-testid="task-item"][data-id="stretch1"]');
  await expect.poll(() => task.locator('[data-testid="task-status"]').textContent()).toContain('失败');
  await context.close();
});
