/**
 * Stop, pressed from the keyboard, leaves the focus in the message box once the reply has stopped
 * (the button goes, and Send takes its place): the owner writes on, without tabbing back to it.
 */
import { expect, it } from 'vitest';
import { openApp, turnsEnded } from './harness.js';
import { servedWorld } from './served-world.js';

let answer!: () => void;
const answered = new Promise<void>((resolve) => (answer = resolve));

const world = servedWorld({
  serve: {
    script: (model) =>
      model.fallback(async () => {
        await answered;
        return { content: 'Too late.' };
      }),
  },
  page: openApp,
});

it('Stop from the keyboard leaves the focus in the message box', async () => {
  const page = world.page;
  const input = page.getByTestId('message-input');
  await input.fill('Write a long story');
  await page.keyboard.press('Enter');
  const stop = page.getByTestId('stop-button');
  await stop.waitFor();
  await expect.poll(() => input.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);

  await page.keyboard.press('Tab');
  expect(await stop.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
  await page.keyboard.press('Enter');
  await page.getByTestId('send-button').waitFor();
  await expect.poll(() => page.evaluate("document.activeElement?.getAttribute('data-testid')")).toBe('message-input');
  answer();
  await turnsEnded(world.app);
});
