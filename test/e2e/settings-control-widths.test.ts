/**
 * Settings in Chromium against `ias serve`: the language, theme and time zone boxes are one width
 * and line up on both edges, whatever their longest choice, and every control of the page ends on
 * one right edge (the data folder's Copy button too), in English and 简体中文, wide and narrow.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { openApp } from './harness.js';
import { servedWorld } from './served-world.js';

const world = servedWorld({ serve: { noModel: true }, other: true });

const BOXES = ['settings-language', 'settings-theme', 'settings-time-zone'];

/** Each box's left and right edge, rounded to the pixel. */
async function edges(page: Page): Promise<{ left: number; right: number }[]> {
  return Promise.all(
    BOXES.map(async (id) => {
      const box = (await page.locator(`[data-testid="${id}"]`).boundingBox())!;
      return { left: Math.round(box.x), right: Math.round(box.x + box.width) };
    }),
  );
}

it.each([
  ['en', 'Language'],
  ['zh-CN', '语言'],
])('in %s, the boxes are one width and line up, wide and narrow', async (language, label) => {
  await world.other.call('saveSettings', { language });
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 800, height: 600 },
  ]) {
    const page = await openApp(world.browser, world.app, { viewport });
    await page.goto(`${world.app.origin}/#/settings`);
    await page.locator('label', { hasText: label }).first().waitFor();
    const [first, ...rest] = await edges(page);
    for (const other of rest) expect(other).toEqual(first);
    expect(first!.right - first!.left).toBeGreaterThanOrEqual(200);
    const controls = page.locator(
      '.settings-section :is(input, select, [role="switch"]):not(.input-with-button > *), .input-with-button > :last-child',
    );
    // The sections after the first fill in as their data comes (slowly on a loaded machine).
    await expect.poll(() => controls.count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(9);
    const rights = await controls.evaluateAll((all) => all.map((e) => Math.round(e.getBoundingClientRect().right)));
    expect(new Set(rights)).toEqual(new Set([first!.right]));
    await page.context().close();
  }
});
