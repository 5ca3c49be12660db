/**
 * A broken SKILL.md on the skills page, in Chromium against `ias serve`: beside its file, line and
 * reason, the folder it is in and a "Copy path" button that puts the file's path on the clipboard
 * (the same in the app and in a browser), said in English and in 简体中文.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inLanguage, openApp, screenshot } from './harness.js';
import { servedWorld } from './served-world.js';
import { writeBrokenSkill } from './broken-skill.js';

const world = servedWorld({
  serve: {
    setup: (home) => void writeBrokenSkill(home),
  },
  page: (browser, app) => openApp(browser, app, { permissions: ['clipboard-read', 'clipboard-write'] }),
});

const problem = () => world.page.locator('[data-testid="skill-problem"]').first();
const copyButton = () => problem().locator('[data-testid="skill-problem-copy"]');

describe('a broken SKILL.md on the skills page', () => {
  it('shows its folder, and Copy path puts the file’s path on the clipboard', async () => {
    const file = path.join(world.app.home, 'skills', 'greet', 'SKILL.md');
    await world.page.goto(`${world.app.origin}/#/skills`);
    await problem().waitFor();
    expect(await problem().locator('.problem-path').textContent()).toBe(`${file}:3`);
    expect(await problem().locator('.problem-where').textContent()).toContain('Folder:');
    expect(await problem().locator('[data-testid="skill-problem-folder"]').textContent()).toBe(
      path.join(world.app.home, 'skills', 'greet'),
    );
    // A real button, named for what it does and described by the file it copies.
    const button = world.page.getByRole('button', { name: 'Copy path' });
    expect(await button.count()).toBe(1);
    const described = await copyButton().getAttribute('aria-describedby');
    expect(await world.page.locator(`[id="${described}"]`).textContent()).toBe(`${file}:3`);
    await screenshot(world.page, 'skill-problem-copy-path');

    await world.page.evaluate("navigator.clipboard.writeText('nothing yet')");
    // From the keyboard, as well as the mouse.
    await copyButton().focus();
    await world.page.keyboard.press('Enter');
    await expect.poll(() => copyButton().textContent()).toBe('Copied');
    expect(await world.page.evaluate('navigator.clipboard.readText()')).toBe(file);
  });

  it('says it in 简体中文', async () => {
    await inLanguage(world.page, world.app, 'zh-CN', async () => {
      await world.page.goto(`${world.app.origin}/#/skills`);
      await problem().waitFor();
      expect(await problem().locator('.problem-where').textContent()).toContain('文件夹：');
      await expect.poll(() => copyButton().textContent()).toBe('复制路径');
      await screenshot(world.page, 'skill-problem-copy-path-zh');
    });
  });
});
