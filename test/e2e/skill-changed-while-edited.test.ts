/**
 * A SKILL.md changed on disk while its editor held an edit, in Chromium against `ias serve`: the
 * edit is kept over the change, and once it is undone the editor shows the file as it now is, not
 * the text from before the change as if it were the file (Save off), which the next save wrote over
 * the change.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { scriptSkill, writeSkill } from '../helpers/temp.js';
import { openApp } from './harness.js';
import { servedWorld } from './served-world.js';

const BEFORE = scriptSkill({ description: 'Echoes the first way.', script: 'echo first' });
const AFTER = scriptSkill({ description: 'Echoes the second way.', script: 'echo second' });

const world = servedWorld({
  serve: { setup: (home) => void writeSkill(path.join(home, 'skills'), 'echo_it', BEFORE) },
  page: openApp,
});

it('an edit undone after the file changed on disk shows the file as it now is', async () => {
  const page = world.page;
  await page.goto(`${world.app.origin}/#/skills/echo_it`);
  const editor = page.locator('[data-testid="skill-editor"] .cm-content');
  const text = async () => (await editor.textContent()) ?? '';
  await expect.poll(text).toContain('echo first');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.insertText('an edit');
  await expect.poll(text).toContain('an edit');

  const file = path.join(world.app.home, 'skills', 'echo_it', 'SKILL.md');
  fs.writeFileSync(file, AFTER);
  const row = page.locator('[data-testid="skill-row"][data-name="echo_it"] .row-link');
  await expect.poll(() => row.getAttribute('title'), { timeout: 10_000 }).toBe('Echoes the second way.');
  expect(await text()).toContain('an edit'); // kept over the change

  await editor.click();
  await page.keyboard.press('ControlOrMeta+z');
  await expect.poll(text).not.toContain('an edit');
  await expect.poll(text).toContain('echo second');
  expect(await page.getByTestId('skill-save').isDisabled()).toBe(true);

  // An edit saved now is made to the file as it is: the change on disk is not written over.
  await editor.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.insertText('a later edit');
  await page.getByTestId('skill-save').click();
  const onDisk = () => fs.readFileSync(file, 'utf8');
  await expect.poll(onDisk).toContain('a later edit');
  expect(onDisk()).toContain('echo second');
});
