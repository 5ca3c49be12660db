/**
 * Words too long for a line (a token, a URL, a hash) in what the chat shows of a turn wrap inside
 * the transcript instead of widening it past the window: here the provider's error.
 */
import { expect, it } from 'vitest';
import { openApp, sendInChat, turnsEnded } from './harness.js';
import { servedWorld } from './served-world.js';

const world = servedWorld({ page: openApp });

it("a provider's error with a long unbroken word wraps inside the transcript", async () => {
  world.app.model.enqueue({ status: 400, errorMessage: `Bad request: ${'x9'.repeat(400)} is not a model` });
  await sendInChat(world.page, 'hello');
  const error = world.page.locator('[data-testid="chat-error"]').last();
  await expect.poll(async () => (await error.textContent()) ?? '', { timeout: 10_000 }).toContain('x9x9');
  await turnsEnded(world.app);
  const scroller = world.page.locator('.message-scroller');
  expect(await scroller.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
});
