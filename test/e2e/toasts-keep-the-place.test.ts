/**
 * A toast in the chat takes room above the messages, and gives it back when it goes: what the
 * owner reads does not move for it. Read higher up, the message in view stays where it is on
 * screen while a toast comes and goes; at the newest message, the view stays at the newest
 * message (an approval card there stays in sight and under the pointer).
 */
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { dataPaths } from '../../src/core/paths.js';
import { openStore } from '../../src/core/store/index.js';
import { morningReport } from '../helpers/morning-report.js';
import { openApp, twoFrames } from './harness.js';
import { servedWorld } from './served-world.js';

const world = servedWorld({
  serve: {
    setup(home) {
      const store = openStore(dataPaths(home).database);
      const now = Date.now();
      store.conversations.create('long', 'A long one', now - 3_600_000);
      for (let i = 0; i < 40; i++) {
        store.conversations.append('long', 'user', `Question ${i}`, {}, now - 3_600_000 + i);
        const answer = Array.from({ length: 4 }, (_, n) => `Line ${n} of answer ${i}.`).join('\n\n');
        store.conversations.append('long', 'assistant', answer, {}, now - 3_600_000 + i);
      }
      store.tasks.insert(morningReport(now));
      store.close();
    },
    script: (model) => model.fallback(() => ({ content: 'All quiet this morning.' })),
  },
  other: true,
});

/** How far `element` is from where it was (`y`) on screen, two frames on still (a pixel is rounding). */
async function movedFrom(page: Page, element: Locator, y: number): Promise<number> {
  const moved = async () => Math.abs((await element.boundingBox())!.y - y);
  await expect.poll(moved).toBeLessThan(2);
  await twoFrames(page);
  return moved();
}

/** Runs the task from another window: its result comes as a toast, on every page. */
async function toastComes(page: Page): Promise<Locator> {
  await world.other.call('runTaskNow', 'report01');
  const toast = page.locator('[data-testid="toast"]', { hasText: 'Morning report' });
  await toast.waitFor({ timeout: 20_000 });
  return toast;
}

it('read higher up, the message in view stays in place while a toast comes and goes', async () => {
  const page = await openApp(world.browser, world.app);
  await page.goto(`${world.app.origin}/#/chat/long`);
  await page.getByText('Line 3 of answer 39.', { exact: true }).waitFor();
  await page.locator('.message-scroller').hover();
  await page.mouse.wheel(0, -1500);
  await page.locator('.jump-latest').waitFor();
  await twoFrames(page);
  // The first question wholly in view.
  const read = page.locator('[data-role="user"] .bubble');
  const view = (await page.locator('.message-scroller').boundingBox())!;
  let reading: Locator | undefined;
  for (const candidate of await read.all()) {
    const box = await candidate.boundingBox();
    if (box && box.y > view.y + 100) {
      reading = candidate;
      break;
    }
  }
  const y = (await reading!.boundingBox())!.y;

  const toast = await toastComes(page);
  expect(await movedFrom(page, reading!, y)).toBeLessThan(2);
  await toast.getByRole('button').click();
  await expect.poll(() => toast.count()).toBe(0);
  expect(await movedFrom(page, reading!, y)).toBeLessThan(2);
  await page.context().close();
});

it('at the newest message, a toast coming keeps the view there', async () => {
  const page = await openApp(world.browser, world.app);
  await page.goto(`${world.app.origin}/#/chat/long`);
  const last = page.getByText('Line 3 of answer 39.', { exact: true });
  await last.waitFor();
  const scroller = page.locator('.message-scroller');
  const fromBottom = () => scroller.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);
  await expect.poll(fromBottom).toBeLessThan(1);
  const y = (await last.boundingBox())!.y;

  await toastComes(page);
  expect(await movedFrom(page, last, y)).toBeLessThan(2);
  expect(await fromBottom()).toBeLessThan(1);
  expect(await page.locator('.jump-latest').count()).toBe(0);
  await page.context().close();
});
