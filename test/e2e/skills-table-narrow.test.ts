/**
 * The skills table in Chromium against `ias serve`, in the main window at its smallest (640 wide)
 * and at 800, in English and 简体中文, with an unreviewed skill ("Unreviewed → runs as High") and
 * skills off until set up: every column fits, so each row's switch and review state are in sight
 * without scrolling sideways. In a wide window none of those notes wraps.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataPaths } from '../../src/core/paths.js';
import { scriptSkill, writeSkill } from '../helpers/temp.js';
import { launchBrowser, openApp, screenshot, serve, type Served } from './harness.js';

let browser: Browser;
let app: Served;

beforeAll(async () => {
  app = await serve({
    setup: (home) => writeSkill(dataPaths(home).userSkills, 'tidy', scriptSkill({ script: 'echo tidied' })),
  });
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function openSkills(locale: string, width: number): Promise<Page> {
  const page = await openApp(browser, app, { locale, viewport: { width, height: 900 } });
  await page.goto(`${app.origin}/#/skills`);
  await page.locator('[data-testid="skill-row"][data-name="tidy"] [data-testid="skill-unreviewed"]').waitFor();
  await page.locator('[data-testid="skill-off-until-setup"]').first().waitFor();
  return page;
}

describe.each([
  ['en-US', 640],
  ['zh-CN', 640],
  ['en-US', 800],
  ['zh-CN', 800],
] as const)('in %s, %i wide', (locale, width) => {
  it('every column of the skills table is in sight', async () => {
    const page = await openSkills(locale, width);
    await screenshot(page, `skills-table-${locale}-${width}`);
    const scroller = page.locator('.table-scroll');
    const [inner, outer] = await scroller.evaluate((e) => [e.scrollWidth, e.clientWidth]);
    expect(inner).toBeLessThanOrEqual(outer!);
    const box = (await scroller.boundingBox())!;
    const lastCells = await page
      .locator('[data-testid="skill-row"] td:last-child')
      .evaluateAll((cells) => cells.map((c) => c.getBoundingClientRect().right));
    expect(lastCells.length).toBeGreaterThan(5);
    for (const right of lastCells) expect(right).toBeLessThanOrEqual(box.x + box.width + 0.5);
    await page.context().close();
  });
});

it('in a wide window the notes stay on one line', async () => {
  const page = await openSkills('en-US', 1280);
  const heights = await page
    .locator('[data-testid="skill-unreviewed"], [data-testid="skill-off-until-setup"], .skill-title-line')
    .evaluateAll((all) => all.map((e) => Math.round(e.getBoundingClientRect().height)));
  expect(Math.max(...heights)).toBeLessThan(24);
  await page.context().close();
});
