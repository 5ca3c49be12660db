/**
 * The tasks page marks a task's allowed skill that was deleted (or no longer loads) or turned off
 * since the task was made, and says why in the UI's language: its runs go on without it. Before,
 * its chip looked like any other.
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
      const task = dailyTask('digest01', 'Morning digest', Date.now());
      store.tasks.insert({ ...task, allowlist: ['get_current_datetime', 'query_weather', 'read_mail'] });
      store.skillSettings.setEnabled('query_weather', false);
      store.close();
    },
  },
});

it('marks the allowed skills a task goes without, and says why, in English and in Chinese', async () => {
  for (const [locale, deleted, off] of [
    ['en-US', /deleted/, /turned off/],
    ['zh-CN', /已被删除/, /已在“技能”中关闭/],
  ] as const) {
    const page = await openApp(world.browser, world.app, { locale });
    await page.goto(`${world.app.origin}/#/tasks`);
    const chip = (name: string) =>
      page.locator(`[data-testid="task-item"][data-id="digest01"] .skill-chip`, { hasText: name });
    await chip('read_mail').and(page.locator('[data-missing]')).waitFor();
    expect(await chip('read_mail').getAttribute('data-missing')).toBe('deleted');
    expect(await chip('read_mail').getAttribute('title')).toMatch(deleted);
    expect(await chip('query_weather').getAttribute('data-missing')).toBe('off');
    expect(await chip('query_weather').getAttribute('title')).toMatch(off);
    expect(await chip('get_current_datetime').getAttribute('data-missing')).toBeNull();
    await page.context().close();
  }
});
