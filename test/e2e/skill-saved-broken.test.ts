/**
 * A skill of the owner's saved from its editor with an error, in Chromium against `ias serve`: it
 * no longer loads, but its editor stays open on the text saved, with the problem at its line and
 * what is typed after saving kept as an edit to save, so it can be fixed there. Its name stays
 * taken: New skill does not offer to write a template over it.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { scriptSkill, writeSkill } from '../helpers/temp.js';
import { openApp } from './harness.js';
import { servedWorld } from './served-world.js';

const GOOD = scriptSkill({ risk: 'Low', description: 'Echoes.', script: 'echo hi' });
const BROKEN = GOOD.replace('\nLow\n', '\nSometimes\n');
const RISK_LINE = BROKEN.split('\n').indexOf('Sometimes') + 1;

const world = servedWorld({
  serve: {
    setup: (home) => {
      writeSkill(path.join(home, 'skills'), 'echo_it', GOOD);
      writeSkill(path.join(home, 'skills'), 'half_done', BROKEN);
    },
  },
  page: openApp,
});

it('a skill saved with an error keeps its editor, the problem at its line, and what is typed after', async () => {
  const page = world.page;
  await page.goto(`${world.app.origin}/#/skills/echo_it`);
  const editor = page.locator('[data-testid="skill-editor"] .cm-content');
  await expect.poll(async () => (await editor.textContent()) ?? '').toContain('Echoes.');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(BROKEN);
  await page.getByTestId('skill-save').click();
  // The list has lost it: it no longer loads.
  await expect
    .poll(async () => (await page.locator('[data-testid="skill-problems"]').textContent()) ?? '')
    .toContain('echo_it');
  await expect.poll(() => page.locator('[data-testid="skill-row"][data-name="echo_it"]').count()).toBe(0);

  expect(await page.locator('.skills-missing').count()).toBe(0);
  await expect
    .poll(() => page.locator('[data-testid="validation-problem"]').evaluateAll((li) => li.map((l) => l.dataset.line)))
    .toEqual([String(RISK_LINE)]);
  await editor.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.insertText('typed after saving');
  await expect.poll(async () => (await editor.textContent()) ?? '').toContain('typed after saving');
  expect(await page.getByTestId('skill-save').isEnabled()).toBe(true);
});

it("the name of a skill of the owner's that does not load is taken for a new skill", async () => {
  const page = await openApp(world.browser, world.app);
  await page.goto(`${world.app.origin}/#/skills`);
  await page.getByTestId('skill-problems').waitFor();
  await page.getByTestId('skill-new').click();
  await page.getByTestId('skill-new-name').fill('half_done');
  const hint = page.locator('[data-testid="skill-new-dialog"] .hint').first();
  await expect.poll(async () => (await hint.textContent()) ?? '').toBe('You already have a skill with this name.');
  expect(await page.getByTestId('skill-new-create').isDisabled()).toBe(true);
});
