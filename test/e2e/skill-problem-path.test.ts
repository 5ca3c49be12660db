/**
 * A broken SKILL.md on the skills page, in Chromium against `ias serve`: beside its file, line and
 * reason, the folder it is in and a "Copy path" button that puts the file's path on the clipboard
 * (the same in the app and in a browser), said in English and in 简体中文.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inLanguage, launchBrowser, openApp, screenshot, serve, type Served } from './harness.js';
import { writeBrokenSkill } from './broken-skill.js';

let app: Served;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  app = await serve({
    setup: (home) => void writeBrokenSkill(home),
  });
  browser = await launchBrowser();
  page = await openApp(browser, app, { permissions: ['clipboard-read', 'clipboard-write'] });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const problem = () => page.locator('[data-testid="skill-problem"]').first();
const copyButton = () => problem().locator('[data-testid="skill-problem-copy"]');

describe('a broken SKILL.md on the skills page', () => {
  it('shows its folder, and Copy path puts the file’s path on the clipboard', async () => {
    const file = path.join(app.home, 'skills', 'greet', 'SKILL.md');
    await page.goto(`${app.origin}/#/skills`);
    await problem().waitFor();
    expect(await problem().locator('.problem-path').textContent()).toBe(`${file}:3`);
    expect(await problem().locator('.problem-where').textContent()).toContain('Folder:');
    expect(await problem().locator('[data-testid="skill-problem-folder"]').textContent()).toBe(
      path.join(app.home, 'skills', 'greet'),
    );
    // A real button, named for what it does and described by the file it copies.
    const button = page.getByRole('button', { name: 'Copy path' });
    expect(await button.count()).toBe(1);
    const described = await copyButton().getAttribute('aria-describedby');
    expect(await page.locator(`[id="${described}"]`).textContent()).toBe(`${file}:3`);
    await screenshot(page, 'skill-problem-copy-path');

    await page.evaluate("navigator.clipboard.writeText('nothing yet')");
    // From the keyboard, as well as the mouse.
    await copyButton().focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => copyButton().textContent()).toBe('Copied');
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(file);
  });

  it('says it in 简体中文', async () => {
    await inLanguage(page, app, 'zh-CN', async () => {
      await page.goto(`${app.origin}/#/skills`);
      await problem().waitFor();
      expect(await problem().locator('.problem-where').textContent()).toContain('文件夹：');
      await expect.poll(() => copyButton().textContent()).toBe('复制路径');
      await screenshot(page, 'skill-problem-copy-path-zh');
    });
  });
});
