/**
 * A conversation deleted from the keyboard (Delete, then Delete on the confirmation) that is not the
 * one open leaves the focus in the list, on the conversation that took its place, not on the page.
 */
import { expect, it } from 'vitest';
import { dataPaths } from '../../src/core/paths.js';
import { openStore } from '../../src/core/store/index.js';
import { servedWorld } from './served-world.js';

const world = servedWorld({
  serve: {
    setup(home) {
      const store = openStore(dataPaths(home).database);
      try {
        for (const [id, title] of [
          ['oldest', 'Oldest plans'],
          ['middle', 'Middle plans'],
          ['newest', 'Newest plans'],
        ]) {
          store.conversations.create(id!, title!);
          store.conversations.append(id!, 'user', title!);
        }
      } finally {
        store.close();
      }
    },
  },
  page: async (browser, app) => {
    const page = await (await browser.newContext({ locale: 'en-US' })).newPage();
    await page.goto(app.url);
    await page.waitForSelector('[data-testid="message-input"]');
    return page;
  },
});

/** The focused element: its conversation's id and its tag ('BODY' alone when the focus is on no control). */
const focused = () =>
  world.page.evaluate<string>(`(() => {
    const el = document.activeElement;
    const id = el?.closest('[data-id]')?.getAttribute('data-id');
    return (id ? id + ' ' : '') + el?.tagName;
  })()`);

it('deleting another conversation from the keyboard keeps the focus in the list', async () => {
  await world.page.goto(`${world.app.origin}/#/chat/oldest`);
  const items = world.page.locator('[data-testid="conversation-item"]');
  await expect.poll(() => items.count()).toBe(3);
  const order = await items.evaluateAll((els) => els.map((el) => el.getAttribute('data-id')));
  const doomed = order[1]!;
  const next = order[2]!;

  await world.page.locator(`[data-testid="conversation-item"][data-id="${doomed}"] a.conv-link`).focus();
  await world.page.keyboard.press('Delete');
  await world.page.getByTestId('confirm-dialog').waitFor();
  await world.page.getByTestId('confirm-ok').focus();
  await world.page.keyboard.press('Enter');
  await expect.poll(() => items.count()).toBe(2);

  await expect.poll(focused).toBe(`${next} A`);
  // The arrow keys go on from there.
  await world.page.keyboard.press('ArrowUp');
  expect(await focused()).toBe(`${order[0]} A`);
});

it('deleting the last conversation of the list leaves the focus on the one before it', async () => {
  await world.page.goto(`${world.app.origin}/#/chat`);
  const items = world.page.locator('[data-testid="conversation-item"]');
  await expect.poll(() => items.count()).toBe(2);
  const order = await items.evaluateAll((els) => els.map((el) => el.getAttribute('data-id')));

  await world.page.locator(`[data-testid="conversation-item"][data-id="${order[1]}"] a.conv-link`).focus();
  await world.page.keyboard.press('Delete');
  await world.page.getByTestId('confirm-dialog').waitFor();
  await world.page.getByTestId('confirm-ok').focus();
  await world.page.keyboard.press('Enter');
  await expect.poll(() => items.count()).toBe(1);

  await expect.poll(focused).toBe(`${order[0]} A`);
});
