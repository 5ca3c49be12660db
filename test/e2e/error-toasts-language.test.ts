/**
 * A call refused on the Tasks or Skills page is said in the UI's language: its toast's words come
 * from the refusal's code, not the core's English. The news that the task or skill is gone is held
 * back (by relaying the page's real socket), so the page still shows it when it is used.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { dataPaths } from '../../src/core/paths.js';
import { insertDailyTasks } from '../helpers/daily-tasks.js';
import { scriptSkill, writeSkill } from '../helpers/temp.js';
import { holdAnswers, otherClient } from './harness.js';
import { servedWorld } from './served-world.js';

function seed(home: string): void {
  insertDailyTasks(home, [['doomed01', 'Doomed report']]);
  writeSkill(dataPaths(home).userSkills, 'doomed_notes', scriptSkill({ description: 'Notes.', script: 'echo notes' }));
}

const world = servedWorld({ serve: { setup: seed } });

/** A page of the app in a browser speaking Chinese, whose news `held` picks never comes. */
async function chinesePage(held: (type: string | undefined) => boolean): Promise<Page> {
  const context = await world.browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await holdAnswers(
    page,
    () => false,
    undefined,
    (event) => held(event.type),
  );
  await page.goto(world.app.url);
  await page.waitForSelector('[data-testid="message-input"]');
  return page;
}

const errorToast = (page: Page) => page.locator('[data-testid="toast"][role="alert"]');

it('Run now of a task deleted elsewhere says so in Chinese', async () => {
  const page = await chinesePage((type) => type === 'tasks-changed');
  await page.goto(`${world.app.origin}/#/tasks`);
  const row = page.locator('[data-testid="task-item"][data-id="doomed01"]');
  await row.waitFor();
  const other = await otherClient(world.app);
  try {
    await other.call('deleteTask', 'doomed01');
  } finally {
    other.socket.close();
  }

  await row.locator('[data-testid="task-run"]').click();
  await errorToast(page).waitFor();
  const text = await errorToast(page).textContent();
  expect(text).toContain('没有这个定时任务（doomed01）');
  expect(text).not.toContain('there is no scheduled task');
  await page.context().close();
});

it('a switch of a skill removed on disk says so in Chinese', async () => {
  const page = await chinesePage((type) => type === 'skills-changed');
  await page.goto(`${world.app.origin}/#/skills`);
  const row = page.locator('[data-testid="skill-row"][data-name="doomed_notes"]');
  await row.waitFor();
  fs.rmSync(path.join(dataPaths(world.app.home).userSkills, 'doomed_notes'), { recursive: true });
  // The registry has dropped it once another window no longer lists it.
  const other = await otherClient(world.app);
  try {
    await expect
      .poll(async () =>
        (await other.call<{ skills: { name: string }[] }>('listSkills')).skills.some((s) => s.name === 'doomed_notes'),
      )
      .toBe(false);
  } finally {
    other.socket.close();
  }

  await row.locator('[data-testid="skill-enabled"]').click();
  await errorToast(page).waitFor();
  const text = await errorToast(page).textContent();
  expect(text).toContain('没有名为“doomed_notes”的技能');
  expect(text).not.toContain('there is no skill');
  await page.context().close();
});
