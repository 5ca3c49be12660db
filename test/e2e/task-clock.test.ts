/**
 * A repeating task on the tasks page, in Chromium against `ias serve`: its schedule in words and its
 * next run read on the same clock, the one the UI's language uses (12-hour in English, 24-hour in
 * 简体中文), never one of each side by side.
 */
import { describe, expect, it } from 'vitest';
import { dataPaths } from '../../src/core/paths.js';
import { openStore } from '../../src/core/store/index.js';
import { TIME_ZONE } from '../../src/core/time-zone.js';
import { inLanguage, openApp, screenshot } from './harness.js';
import { servedWorld } from './served-world.js';

/** The next 20:30 UTC. */
function nextEvening(now = Date.now()): number {
  const today = new Date(now);
  const at = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), 20, 30);
  return at > now ? at : at + 86_400_000;
}

const world = servedWorld({
  serve: {
    setup: (home) => {
      const store = openStore(dataPaths(home).database);
      try {
        // The owner's zone, the one its next run reads in, whatever the machine's.
        store.settings.set(TIME_ZONE, 'UTC');
        store.tasks.insert({
          id: 'evening1',
          name: 'Evening summary',
          prompt: 'Sum up the day',
          cron: '30 20 * * *',
          runAt: null,
          timeZone: 'UTC',
          nextRunAt: nextEvening(),
          allowlist: [],
          enabled: true,
          createdBy: 'cli',
          createdAt: Date.now() - 86_400_000,
        });
      } finally {
        store.close();
      }
    },
  },
  page: (browser, app) => openApp(browser, app, { timezoneId: 'UTC' }),
});

const task = () => world.page.locator('[data-testid="task-item"][data-id="evening1"]');
const words = () => task().locator('[data-testid="task-cron-words"]').textContent();
const next = () => task().locator('[data-testid="task-next"]').textContent();

describe('a task’s schedule and next run', () => {
  it('read on a 12-hour clock in English', async () => {
    await world.page.goto(`${world.app.origin}/#/tasks`);
    await expect.poll(words).toBe('Every day at 8:30 PM');
    expect(await next()).toContain('8:30 PM');
    expect(await next()).not.toContain('08:30');
    expect(await next()).not.toContain('20:30');
    await screenshot(world.page, 'task-clock-en');
  });

  it('read on a 24-hour clock in 简体中文', async () => {
    await inLanguage(world.page, world.app, 'zh-CN', async () => {
      await world.page.goto(`${world.app.origin}/#/tasks`);
      await expect.poll(words).toBe('每天在20:30');
      expect(await next()).toContain('20:30');
      expect(await next()).not.toMatch(/上午|下午|PM/);
      await screenshot(world.page, 'task-clock-zh');
    });
  });
});
