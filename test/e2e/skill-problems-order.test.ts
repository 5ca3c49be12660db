/**
 * A SKILL.md whose problems are found out of line order, in Chromium against `ias serve`: the skills
 * page and the editor list them by line, errors and warnings together.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openApp, serve, writeNewSkill, type Served } from './harness.js';
import { writeSkill } from '../helpers/temp.js';
import { UNORDERED_PLACES, UNORDERED_SKILL } from '../helpers/unordered-problems.js';

let app: Served;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  app = await serve({ setup: (home) => void writeSkill(path.join(home, 'skills'), 'order', UNORDERED_SKILL) });
  browser = await launchBrowser();
  page = await openApp(browser, app);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('the problems of a SKILL.md', () => {
  it('are listed by line on the skills page and in the editor', async () => {
    const file = path.join(app.home, 'skills', 'order', 'SKILL.md');
    await page.goto(`${app.origin}/#/skills`);
    const listed = page.locator('[data-testid="skill-problem"]');
    await listed.first().waitFor();
    const places = await listed.evaluateAll((items) =>
      items.map((li) => [li.className, li.querySelector('.problem-path')?.textContent]),
    );
    expect(places).toEqual(
      UNORDERED_PLACES.map(([severity, line]) => [`problem problem-${severity}`, `${file}:${line}`]),
    );

    await writeNewSkill(page, 'order_again', UNORDERED_SKILL);
    const checked = page.locator('[data-testid="validation-problem"]');
    const lines = () =>
      checked.evaluateAll((items) => items.map((li) => [li.className, li.getAttribute('data-line')]).join(' | '));
    await expect
      .poll(lines)
      .toBe(UNORDERED_PLACES.map(([severity, line]) => `problem problem-${severity},${line}`).join(' | '));
  });
});
