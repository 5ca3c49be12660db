/**
 * Unsaved edits of a skill in Chromium against `ias serve`: leaving them for another page of the
 * app (the sidebar's Chat, in English and 简体中文) asks first, as closing the skill does. Cancel
 * keeps the page and the edit; Discard goes. A new skill not saved yet is asked about too (by a
 * link, or an address typed), and with nothing unsaved the link just goes.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dataPaths } from '../../src/core/paths.js';
import { scriptSkill, writeSkill } from '../helpers/temp.js';
import { openApp } from './harness.js';
import { servedWorld } from './served-world.js';

const world = servedWorld({
  serve: {
    setup: (home) => writeSkill(dataPaths(home).userSkills, 'tidy', scriptSkill({ script: 'echo tidied' })),
  },
});

const confirm = (page: Page) => page.locator('dialog[open]', { has: page.getByTestId('confirm-ok') });

describe.each([
  ['en-US', 'Chat', 'Discard changes?'],
  ['zh-CN', '对话', '放弃修改？'],
] as const)('in %s', (locale, chat, question) => {
  it('the sidebar’s Chat asks before it leaves an edited skill; Cancel keeps the edit', async () => {
    const page = await openApp(world.browser, world.app, { locale });
    await page.goto(`${world.app.origin}/#/skills/tidy`);
    const editor = page.locator('[data-testid="skill-editor"] .cm-content');
    await editor.click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.insertText('\nAn edit not saved.\n');
    await expect.poll(() => page.getByTestId('skill-save').isEnabled()).toBe(true);

    const link = page.getByTestId('sidebar').getByRole('link', { name: chat });
    await link.click();
    await confirm(page).waitFor();
    expect(await confirm(page).textContent()).toContain(question);
    await page.getByTestId('confirm-cancel').click();
    await expect.poll(() => confirm(page).count()).toBe(0);
    expect(new URL(page.url()).hash).toBe('#/skills/tidy');
    expect(await editor.textContent()).toContain('An edit not saved.');

    await link.click();
    await page.getByTestId('confirm-ok').click();
    await page.getByTestId('message-input').waitFor();
    expect(new URL(page.url()).hash).toBe('#/chat');
    await page.context().close();
  });
});

it('a new skill not saved yet is asked about; with nothing unsaved the link just goes', async () => {
  const page = await openApp(world.browser, world.app);
  await page.goto(`${world.app.origin}/#/skills`);
  await page.getByTestId('skill-new').click();
  await page.getByTestId('skill-new-name').fill('brand_new');
  await page.getByTestId('skill-new-create').click();
  await page.getByTestId('skill-save').waitFor();
  const tasks = page.getByTestId('sidebar').getByRole('link', { name: 'Scheduled tasks' });
  await tasks.click();
  await confirm(page).waitFor();
  await page.getByTestId('confirm-cancel').click();
  expect(new URL(page.url()).hash).toBe('#/skills/brand_new');

  // An address typed is asked about as Back is; Discard goes there.
  await page.goto(`${world.app.origin}/#/skills/tidy`);
  await page.getByTestId('confirm-ok').click();
  await page.getByTestId('skill-editor').waitFor();
  expect(new URL(page.url()).hash).toBe('#/skills/tidy');
  await tasks.click();
  await page.getByTestId('tasks-empty').waitFor();
  expect(await confirm(page).count()).toBe(0);
  await page.context().close();
});
