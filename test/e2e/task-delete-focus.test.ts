/**
 * A task deleted from the keyboard (its Delete button, then Delete on the confirmation) leaves the
 * focus on the Delete button of the task that took its place, not on the page.
 */
import { expect, it } from 'vitest';
import { insertDailyTasks } from '../helpers/daily-tasks.js';
import { openApp } from './harness.js';
import { servedWorld } from './served-world.js';

const world = servedWorld({
  serve: {
    setup(home) {
      insertDailyTasks(home, [
        ['first01', 'First report'],
        ['second01', 'Second report'],
        ['third01', 'Third report'],
      ]);
    },
  },
  page: (browser, app) => openApp(browser, app),
});

/** The focused element: its task's id and its test id ('BODY' alone when the focus is on no control). */
const focused = () =>
  world.page.evaluate<string>(`(() => {
    const el = document.activeElement;
    const id = el?.closest('[data-id]')?.getAttribute('data-id');
    return id ? id + ' ' + el.getAttribute('data-testid') : el?.tagName;
  })()`);

async function deleteFromKeyboard(id: string): Promise<void> {
  await world.page.locator(`[data-testid="task-item"][data-id="${id}"] [data-testid="task-delete"]`).focus();
  await world.page.keyboard.press('Enter');
  await world.page.getByTestId('confirm-dialog').waitFor();
  await world.page.getByTestId('confirm-ok').focus();
  await world.page.keyboard.press('Enter');
}

it('deleting a task from the keyboard leaves the focus on the next one’s Delete button, or the one before', async () => {
  await world.page.goto(`${world.app.origin}/#/tasks`);
  const items = world.page.getByTestId('task-item');
  await expect.poll(() => items.count()).toBe(3);
  const order = await items.evaluateAll((els) => els.map((el) => el.getAttribute('data-id')));

  await deleteFromKeyboard(order[1]!);
  await expect.poll(() => items.count()).toBe(2);
  await expect.poll(focused).toBe(`${order[2]} task-delete`);

  await deleteFromKeyboard(order[2]!);
  await expect.poll(() => items.count()).toBe(1);
  await expect.poll(focused).toBe(`${order[0]} task-delete`);
});
