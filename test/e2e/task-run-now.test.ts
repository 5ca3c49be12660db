/**
 * Run now in Chromium against `ias serve`: a repeating task run from its row shows it running
 * (the button disabled), then its result, its next run unchanged; a one-off whose run failed offers
 * "重试" in Chinese, and trying it again replaces its status and result.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { dataPaths } from '../../src/core/paths.js';
import { firstCronRun } from '../../src/core/scheduler/schedule.js';
import { openStore } from '../../src/core/store/index.js';
import { screenshot } from './harness.js';
import { servedWorld } from './served-world.js';

let release!: () => void;
const released = new Promise<void>((resolve) => (release = resolve));

const world = servedWorld({
  serve: {
    setup(home) {
      const store = openStore(dataPaths(home).database);
      const now = Date.now();
      const base = { allowlist: [], enabled: true, createdBy: 'cli', createdAt: now - 86_400_000 };
      store.tasks.insert({
        ...base,
        id: 'report01',
        name: 'Morning report',
        prompt: 'Write the morning report',
        cron: '0 8 * * *',
        runAt: null,
        timeZone: 'Asia/Shanghai',
        nextRunAt: firstCronRun('0 8 * * *', 'Asia/Shanghai', now),
      });
      store.tasks.insert({
        ...base,
        id: 'digest01',
        name: '周报摘要',
        prompt: 'Summarise the week',
        cron: null,
        runAt: now - 3_600_000,
        timeZone: 'Asia/Shanghai',
        nextRunAt: now - 3_600_000,
      });
      // Its moment came an hour ago, and its run failed.
      store.tasks.claim(store.tasks.get('digest01')!, null, now - 3_600_000);
      store.tasks.finish('digest01', 'failed', 'the model server did not answer', now - 3_590_000);
      store.close();
    },
    script: (model) =>
      model.fallback(async (request) => {
        const asked = JSON.stringify(request.body.messages);
        if (asked.includes('Summarise the week')) return { content: '本周一切顺利。' };
        await released;
        return { content: 'Morning report: **all quiet**.' };
      }),
  },
});

const task = (page: Page, id: string) => page.locator(`[data-testid="task-item"][data-id="${id}"]`);

/** The Scheduled tasks page, signed in, in a browser speaking `locale`. */
async function tasksPage(locale: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await world.browser.newContext({ locale });
  const page = await context.newPage();
  await page.goto(world.app.url);
  await page.waitForSelector('[data-testid="message-input"]');
  await page.goto(`${world.app.origin}/#/tasks`);
  return { context, page };
}

it('Run now runs a repeating task at once, shows it running, then its result; its next run stays', async () => {
  const { context, page } = await tasksPage('en-US');
  const row = task(page, 'report01');
  const button = row.locator('[data-testid="task-run"]');
  await expect.poll(() => button.textContent()).toContain('Run now');
  const next = await row.locator('[data-testid="task-next"]').textContent();
  expect(await row.locator('[data-testid="task-last"]').textContent()).toContain('Not yet');

  await button.click();
  await expect.poll(() => button.textContent()).toContain('Running…');
  expect(await button.isDisabled()).toBe(true);
  await expect.poll(() => row.locator('[data-testid="task-status"]').textContent()).toContain('Running');
  await screenshot(page, 'task-run-now-running');

  release();
  await expect
    .poll(() => row.locator('[data-testid="task-status"]').textContent(), { timeout: 15_000 })
    .toContain('Done');
  await expect.poll(() => button.isDisabled()).toBe(false);
  expect(await button.textContent()).toContain('Run now');
  expect(await row.locator('[data-testid="task-next"]').textContent()).toBe(next);
  await row.locator('[data-testid="task-result"] summary').click();
  expect(await row.locator('.task-result-body').textContent()).toContain('Morning report: all quiet.');
  // Its result is delivered as any run's: a toast here (no WeChat).
  const toast = page.locator('[data-testid="toast"]', { hasText: 'Morning report' });
  await toast.first().waitFor();
  await context.close();
});

it('a failed one-off offers 重试, and trying it again replaces its status and result', async () => {
  const { context, page } = await tasksPage('zh-CN');
  const row = task(page, 'digest01');
  await expect.poll(() => row.locator('[data-testid="task-status"]').textContent()).toContain('失败');
  const button = row.locator('[data-testid="task-run"]');
  expect(await button.textContent()).toContain('重试');
  expect(await task(page, 'report01').locator('[data-testid="task-run"]').textContent()).toContain('立即运行');

  await button.click();
  await expect
    .poll(() => row.locator('[data-testid="task-status"]').textContent(), { timeout: 15_000 })
    .toContain('完成');
  expect(await row.getAttribute('data-state')).toBe('finished');
  await row.locator('[data-testid="task-result"] summary').click();
  expect(await row.locator('.task-result-body').textContent()).toContain('本周一切顺利。');
  await expect.poll(() => button.textContent()).toContain('立即运行');
  await context.close();
});
