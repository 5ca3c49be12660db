/**
 * A tool card of a skill with a long name (up to 64 characters), in the tray's narrow compact
 * window: the name gives way (cut short with …), and the call's status stays in sight on the card.
 */
import { expect, it } from 'vitest';
import { openApp, sendInChat, turnsEnded } from './harness.js';
import { servedWorld } from './served-world.js';

const world = servedWorld({ page: (browser, app) => openApp(browser, app, { viewport: { width: 380, height: 700 } }) });

it("a long skill name leaves the call's status in sight in the compact window", async () => {
  const page = world.page;
  await page.goto(`${world.app.origin}/?compact=1#/chat`);
  const name = `fetch_${'quarterly_report_'.repeat(3)}archive`.slice(0, 64);
  world.app.model.enqueue({ toolCalls: [{ name, arguments: '{}' }] }, { content: 'It is not there.' });
  await sendInChat(page, 'fetch it');
  const card = page.locator('[data-testid="tool-card"]').last();
  await expect.poll(() => card.getAttribute('data-status'), { timeout: 10_000 }).not.toBe('running');
  await turnsEnded(world.app);
  const cardBox = (await card.boundingBox())!;
  const statusBox = (await card.getByTestId('tool-status').boundingBox())!;
  expect(statusBox.width).toBeGreaterThan(0);
  expect(statusBox.x + statusBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
});
