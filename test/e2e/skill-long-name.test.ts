/**
 * A skill whose name is as long as names go (64 characters, no space to break at) in Chromium
 * against `ias serve`, in the main window at its smallest (640×480) and a wide one, in English and
 * 简体中文: in the skills table the name stays in its own cell, clear of the Source column; in its
 * details the header keeps Delete, Save and Close in the window, the name cut short there (whole on
 * hover).
 */
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataPaths } from '../../src/core/paths.js';
import { scriptSkill, writeSkill } from '../helpers/temp.js';
import { launchBrowser, openApp, screenshot, serve, type Served } from './harness.js';

const NAME = 'a_skill_whose_name_is_as_long_as_a_skill_name_may_be_sixty_four_';

let browser: Browser;
let app: Served;

beforeAll(async () => {
  app = await serve({
    setup: (home) => writeSkill(dataPaths(home).userSkills, NAME, scriptSkill({ script: 'echo hi' })),
  });
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** How far `inner`'s box goes past `outer`'s on the right, in pixels (0 when it stays inside). */
async function pastRight(inner: Locator, outer: Locator): Promise<number> {
  const [a, b] = [await inner.boundingBox(), await outer.boundingBox()];
  return Math.max(0, Math.round(a!.x + a!.width - (b!.x + b!.width)));
}

describe.each([
  ['en-US', { width: 640, height: 480 }],
  ['zh-CN', { width: 640, height: 480 }],
  ['en-US', { width: 1280, height: 800 }],
] as const)('in %s, %o', (locale, viewport) => {
  it('the name stays in its cell, and its details keep their buttons in the window', async () => {
    expect(NAME).toHaveLength(64);
    const page = await openApp(browser, app, { locale, viewport });
    await page.goto(`${app.origin}/#/skills`);
    const row = page.locator(`[data-testid="skill-row"][data-name="${NAME}"]`);
    await row.waitFor();
    const cell = row.locator('td').first();
    expect(await pastRight(row.locator('code.skill-name'), cell)).toBe(0);

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
