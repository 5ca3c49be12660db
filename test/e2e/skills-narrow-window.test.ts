/**
 * The skills page in Chromium against `ias serve`, in the main window at its smallest (640 wide),
 * at 800 and wide, in English and 简体中文, with a skill whose name is as long as names go (64
 * characters, no space to break at), unreviewed ("Unreviewed → runs as High"), and skills off until
 * set up. The table's columns all fit, so each row's switch and review state are in sight without
 * scrolling sideways (in a wide window none of its notes wraps); the long name stays in its own
 * cell, clear of the Source column; in its details the header keeps Delete, Save and Close in the
 * window, the name cut short there (whole on hover).
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dataPaths } from '../../src/core/paths.js';
import { scriptSkill, writeSkill } from '../helpers/temp.js';
import { openApp, screenshot } from './harness.js';
import { servedWorld } from './served-world.js';

const NAME = 'a_skill_whose_name_is_as_long_as_a_skill_name_may_be_sixty_four_';

const world = servedWorld({
  serve: {
    setup: (home) => writeSkill(dataPaths(home).userSkills, NAME, scriptSkill({ script: 'echo hi' })),
  },
});

async function openSkills(locale: string, viewport: { width: number; height: number }): Promise<Page> {
  const page = await openApp(world.browser, world.app, { locale, viewport });
  await page.goto(`${world.app.origin}/#/skills`);
  await page.locator(`[data-testid="skill-row"][data-name="${NAME}"] [data-testid="skill-unreviewed"]`).waitFor();
  await page.locator('[data-testid="skill-off-until-setup"]').first().waitFor();
  return page;
}

/** How far `inner`'s box goes past `outer`'s on the right, in pixels (0 when it stays inside). */
async function pastRight(inner: Locator, outer: Locator): Promise<number> {
  const [a, b] = [await inner.boundingBox(), await outer.boundingBox()];
  return Math.max(0, Math.round(a!.x + a!.width - (b!.x + b!.width)));
}

describe.each([
  ['en-US', 640],
  ['zh-CN', 640],
  ['en-US', 800],
  ['zh-CN', 800],
] as const)('in %s, %i wide', (locale, width) => {
  it('every column of the skills table is in sight', async () => {
    const page = await openSkills(locale, { width, height: 900 });
    await screenshot(page, `skills-table-${locale}-${width}`);
    const scroller = page.locator('.table-scroll');
    const [inner, outer] = await scroller.evaluate((e) => [e.scrollWidth, e.clientWidth]);
    expect(inner).toBeLessThanOrEqual(outer!);
    const lastCells = page.locator('[data-testid="skill-row"] td:last-child');
    expect(await lastCells.count()).toBeGreaterThan(5);
    for (const cell of await lastCells.all()) expect(await pastRight(cell, scroller)).toBe(0);
    await page.context().close();
  });
});

it('in a wide window the table’s notes stay on one line', async () => {
  const page = await openSkills('en-US', { width: 1280, height: 800 });
  const heights = await page
    .locator('[data-testid="skill-unreviewed"], [data-testid="skill-off-until-setup"], .skill-title-line')
    .evaluateAll((all) => all.map((e) => Math.round(e.getBoundingClientRect().height)));
  expect(Math.max(...heights)).toBeLessThan(24);
  await page.context().close();
});

describe.each([
  ['en-US', { width: 640, height: 480 }],
  ['zh-CN', { width: 640, height: 480 }],
  ['en-US', { width: 1280, height: 800 }],
] as const)('in %s, %o', (locale, viewport) => {
  it('the long name stays in its cell, and its details keep their buttons in the window', async () => {
    expect(NAME).toHaveLength(64);
    const page = await openSkills(locale, viewport);
    const row = page.locator(`[data-testid="skill-row"][data-name="${NAME}"]`);
    expect(await pastRight(row.locator('code.skill-name'), row.locator('td').first())).toBe(0);

    await row.locator('.row-link').click();
    const panel = page.locator('[data-testid="skill-editor-panel"]');
    await panel.locator('[data-testid="skill-save"]').waitFor();
    await screenshot(page, `skill-long-name-${locale}-${viewport.width}`);
    const window = page.locator('body');
    for (const control of [
      panel.locator('[data-testid="skill-delete"]'),
      panel.locator('[data-testid="skill-save"]'),
      panel.locator('.editor-head').getByRole('button', { name: locale === 'zh-CN' ? '关闭' : 'Close' }),
    ]) {
      expect(await control.isVisible()).toBe(true);
      expect(await pastRight(control, window)).toBe(0);
    }
    expect(await panel.locator('.editor-head h2 code').getAttribute('title')).toBe(NAME);
    await page.context().close();
  });
});
