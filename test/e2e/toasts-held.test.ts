/**
 * A toast stays while the owner reads it, in Chromium against `ias serve` (on the page's clock):
 * with the pointer over the toasts, or the keyboard focus in one, it does not go by itself; it goes
 * in its own time once left. Closed from the keyboard, it gives the focus back to where it came
 * from, not to the page's body.
 */
import { expect, it } from 'vitest';
import { openApp } from './harness.js';
import { servedWorld } from './served-world.js';

const world = servedWorld();

/** A toast's lifetime and more: past it, a toast let go has gone. */
const LONGER_THAN_ANY_TOAST_MS = 60_000;

it('stays while pointed at or focused, goes once left, and gives the focus back when closed', async () => {
  const page = await openApp(world.browser, world.app);
  await page.clock.install();
  await page.goto(`${world.app.origin}/#/settings`);
  const save = page.getByTestId('provider-save');
  await page.getByTestId('provider-model').fill('test-model-2');
  await page.clock.pauseAt(Date.now() + 1000);
  await save.focus();
  await page.keyboard.press('Enter');
  const toast = page.getByTestId('toast');
  await toast.waitFor();

  // Pointed at, it stays; left, it goes.
  const box = (await toast.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.clock.runFor(LONGER_THAN_ANY_TOAST_MS);
  expect(await toast.count()).toBe(1);
  await page.mouse.move(1, 1);
  await page.clock.runFor(LONGER_THAN_ANY_TOAST_MS);
  await toast.waitFor({ state: 'detached' });

  // With the focus in it, it stays; closed from the keyboard, the focus goes back to Save.
  await page.getByTestId('provider-model').fill('test-model');
  await save.focus();
  await page.keyboard.press('Enter');
  await toast.waitFor();
  await toast.getByRole('button').focus();
  await page.clock.runFor(LONGER_THAN_ANY_TOAST_MS);
  expect(await toast.count()).toBe(1);
  await page.keyboard.press('Enter');
  await toast.waitFor({ state: 'detached' });
  await expect
    .poll(() => page.evaluate<string | null>("document.activeElement?.getAttribute('data-testid') ?? null"))
    .toBe('provider-save');
  await page.context().close();
});
