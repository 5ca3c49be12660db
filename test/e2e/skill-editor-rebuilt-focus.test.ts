/**
 * The Skills editor rebuilt for a change on disk, in Chromium against `ias serve`, keeps the
 * keyboard focus it had: the owner's next keys (typing, Ctrl+Z) go into the editor, not to the page.
 * Rebuilt while untouched, and once edits held over the change are undone.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { dataPaths } from '../../src/core/paths.js';
import { scriptSkill, writeSkill } from '../helpers/temp.js';
import type { Page } from 'playwright-core';
import { openApp } from './harness.js';
import { servedWorld } from './served-world.js';

const version = (n: number) => scriptSkill({ description: `Echoes version ${n}.`, script: `echo version_${n}` });

const world = servedWorld({
  serve: {
    setup: (home) => {
      writeSkill(dataPaths(home).userSkills, 'untouched', version(1));
      writeSkill(dataPaths(home).userSkills, 'edited', version(1));
    },
  },
});

/** A page showing skill `name`'s editor. */
async function openSkill(name: string) {
  const page = await openApp(world.browser, world.app);
  await page.goto(`${world.app.origin}/#/skills/${name}`);
  const editor = page.locator('[data-testid="skill-editor"] .cm-content');
  const text = async () => (await editor.textContent()) ?? '';
  const editorFocused = () =>
    page.getByTestId('skill-editor').evaluate((el) => el.contains(el.ownerDocument.activeElement));
  return { page, editor, text, editorFocused };
}

/** Writes `name`'s SKILL.md on disk and waits until `page`'s skills list shows it. */
async function changeOnDisk(page: Page, name: string, n: number) {
  fs.writeFileSync(path.join(dataPaths(world.app.home).userSkills, name, 'SKILL.md'), version(n));
  const row = page.locator(`[data-testid="skill-row"][data-name="${name}"] .row-link`);
  await expect.poll(() => row.getAttribute('title'), { timeout: 10_000 }).toBe(`Echoes version ${n}.`);
}

it('an untouched editor with the focus keeps it when a change on disk is shown', async () => {
  const { page, editor, text, editorFocused } = await openSkill('untouched');
  await expect.poll(text).toContain('echo version_1');
  await editor.click();
  expect(await editorFocused()).toBe(true);

  await changeOnDisk(page, 'untouched', 2);
  await expect.poll(text).toContain('echo version_2');
  await expect.poll(editorFocused).toBe(true);
  await page.keyboard.insertText('typed after');
  await expect.poll(text).toContain('typed after');
  expect(await page.getByTestId('skill-save').isEnabled()).toBe(true);
  await page.context().close();
});

it('an edit undone over a change on disk leaves the focus in the editor showing the change', async () => {
  const { page, editor, text, editorFocused } = await openSkill('edited');
  await expect.poll(text).toContain('echo version_1');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.insertText('an edit');
  await expect.poll(text).toContain('an edit');

  await changeOnDisk(page, 'edited', 2);
  expect(await text()).toContain('an edit');
  expect(await editorFocused()).toBe(true);
  await page.keyboard.press('ControlOrMeta+z');
  await expect.poll(text).toContain('echo version_2');
  expect(await text()).not.toContain('an edit');
  await expect.poll(editorFocused).toBe(true);
  await page.keyboard.insertText('typed after');
  await expect.poll(text).toContain('typed after');
  expect(await page.getByTestId('skill-save').isEnabled()).toBe(true);
  await page.context().close();
});
