/**
 * A task's or a skill's on/off switch shows the owner's last choice until that choice is answered:
 * neither an earlier choice's late answer nor a list read before the last choice puts it back. A
 * refused switch shows the task or skill as the core has it. Answers and news are held back by
 * relaying the page's real socket, so the order they come in is the test's.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { dataPaths } from '../../src/core/paths.js';
import { insertDailyTasks } from '../helpers/daily-tasks.js';
import type { SkillInfo, TaskInfo } from '../../src/shared/contract.js';
import { scriptSkill, writeSkill } from '../helpers/temp.js';
import { answersTakenIn, openHolding, otherClient, type AskedCall } from './harness.js';
import { servedWorld } from './served-world.js';

function seed(home: string): void {
  insertDailyTasks(home, [
    ['report01', 'Morning report'],
    ['doomed01', 'Doomed report'],
  ]);
  for (const name of ['kept_notes', 'doomed_notes'])
    writeSkill(dataPaths(home).userSkills, name, scriptSkill({ description: 'Notes.', script: 'echo notes' }));
}

const world = servedWorld({ serve: { setup: seed } });

/** Asks the core itself (as another window would). */
async function ask<T>(method: string): Promise<T> {
  const other = await otherClient(world.app);
  try {
    return await other.call<T>(method);
  } finally {
    other.socket.close();
  }
}

const checked = (control: Locator) => control.getAttribute('aria-checked');

/** Clicks `control` and waits until `held` frames are held back. */
async function clickHolding(control: Locator, held: () => number, count: number): Promise<void> {
  await control.click();
  await expect.poll(held).toBe(count);
}

const isCall = (method: string, enabled?: boolean) => (call: AskedCall) =>
  call.method === method && (enabled === undefined || call.params?.[1] === enabled);

async function tasksPage(page: Page): Promise<void> {
  await page.goto(`${world.app.origin}/#/tasks`);
  await page.getByTestId('task-item').first().waitFor();
}

it("a task switched off and on again stays on when the first choice's answer comes late", async () => {
  const { page, held, release } = await openHolding(world.browser, world.app, isCall('setTaskEnabled'));
  await tasksPage(page);
  const control = page.locator('[data-testid="task-item"][data-id="report01"] [data-testid="task-enabled"]');
  expect(await checked(control)).toBe('true');

  await clickHolding(control, held, 1);
  expect(await checked(control)).toBe('false');
  await clickHolding(control, held, 2);
  expect(await checked(control)).toBe('true');

  // The answer to "off" comes; the answer to "on" is still on its way.
  release((frame) => frame.call?.params?.[1] === false);
  await answersTakenIn(world.app, page);
  expect(await checked(control)).toBe('true');
  expect(held()).toBe(1);

  release();
  await answersTakenIn(world.app, page);
  expect(await checked(control)).toBe('true');
  expect((await ask<TaskInfo[]>('listTasks')).find((task) => task.id === 'report01')?.enabled).toBe(true);
  await page.context().close();
});

/**
 * The thing at `row` is removed behind the page's back (`remove`), whose news (`news`) is held, so
 * the page still shows it; its switch is clicked, refused with `refusal`, and the page then shows
 * the list as the core has it (without it, `kept` still there).
 */
async function refusedSwitch(
  news: string,
  open: (page: Page) => Promise<void>,
  rows: { gone: string; kept: string; control: string },
  remove: () => Promise<void>,
  refusal: string,
): Promise<void> {
  const { page, held, release } = await openHolding(
    world.browser,
    world.app,
    () => false,
    (event) => event.type === news,
  );
  await open(page);
  const row = page.locator(rows.gone);
  await row.waitFor();
  await remove();
  // The core has dropped it (its news is held): the page still shows it, and its switch can be clicked.
  await expect.poll(held).toBeGreaterThan(0);
  await row.getByTestId(rows.control).click();

  await page.locator('[data-testid="toast"]', { hasText: refusal }).waitFor();
  await row.waitFor({ state: 'detached' });
  expect(await page.locator(rows.kept).count()).toBe(1);
  release();
  await page.context().close();
}

it('a task switch refused (the task was deleted elsewhere) shows the tasks as the core has them', async () => {
  const task = (id: string) => `[data-testid="task-item"][data-id="${id}"]`;
  await refusedSwitch(
    'tasks-changed',
    tasksPage,
    { gone: task('doomed01'), kept: task('report01'), control: 'task-enabled' },
    async () => {
      const other = await otherClient(world.app);
      try {
        await other.call('deleteTask', 'doomed01');
      } finally {
        other.socket.close();
      }
    },
    'Could not change the task',
  );
});

async function skillsPage(page: Page): Promise<void> {
  await page.goto(`${world.app.origin}/#/skills`);
  await page.locator('[data-testid="skill-row"][data-name="kept_notes"]').waitFor();
}

it('a skill switched off and on again stays on when a list read before the second choice comes late', async () => {
  let holding = false;
  const { page, held, release } = await openHolding(
    world.browser,
    world.app,
    (call) => holding && (isCall('setSkillEnabled')(call) || isCall('listSkills')(call)),
    (event) => holding && event.type === 'skills-changed',
  );
  await skillsPage(page);
  const control = page.locator('[data-testid="skill-row"][data-name="kept_notes"] [data-testid="skill-enabled"]');
  expect(await checked(control)).toBe('true');
  holding = true;

  // Off: its answer and its news are held. The news is let through, and the list the page then
  // reads (the skill off) is held in turn.
  await clickHolding(control, held, 2);
  release((frame) => frame.event !== undefined);
  await expect.poll(held).toBe(2);
  // On: its answer and its news are held too.
  await clickHolding(control, held, 4);
  expect(await checked(control)).toBe('true');

  // The list read between the two choices comes; "on" is still unanswered.
  release((frame) => frame.call?.method === 'listSkills');
  await answersTakenIn(world.app, page);
  expect(await checked(control)).toBe('true');
  expect(held()).toBe(3);

  holding = false;
  release();
  await answersTakenIn(world.app, page);
  expect(await checked(control)).toBe('true');
  const { skills } = await ask<{ skills: SkillInfo[] }>('listSkills');
  expect(skills.find((skill) => skill.name === 'kept_notes')?.enabled).toBe(true);
  await page.context().close();
});

it('a skill switch refused (the skill was removed on disk) shows the skills as the core has them', async () => {
  const skill = (name: string) => `[data-testid="skill-row"][data-name="${name}"]`;
  await refusedSwitch(
    'skills-changed',
    skillsPage,
    { gone: skill('doomed_notes'), kept: skill('kept_notes'), control: 'skill-enabled' },
    async () => fs.rmSync(path.join(dataPaths(world.app.home).userSkills, 'doomed_notes'), { recursive: true }),
    'Could not change the skill',
  );
});
