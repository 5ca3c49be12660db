/**
 * A skill's details closed (their close button) or the skill deleted there leave the focus in the
 * skills table, on that skill's name (once deleted, the next one's), not on the page.
 */
import { expect, it } from 'vitest';
import { dataPaths } from '../../src/core/paths.js';
import { scriptSkill, writeSkill } from '../helpers/temp.js';
import { openApp } from './harness.js';
import { servedWorld } from './served-world.js';

const world = servedWorld({
  serve: {
    setup: (home) => {
      for (const name of ['alpha_notes', 'beta_notes', 'gamma_notes'])
        writeSkill(dataPaths(home).userSkills, name, scriptSkill({ description: 'Notes.', script: 'echo notes' }));
    },
  },
  page: openApp,
});

const nameButton = (name: string) => world.page.locator(`[data-testid="skill-row"][data-name="${name}"] .row-link`);
const focusedOn = (name: string) => nameButton(name).evaluate((el) => el === el.ownerDocument.activeElement);

it('closing a skill’s details from the keyboard leaves the focus on its name', async () => {
  const page = world.page;
  await page.goto(`${world.app.origin}/#/skills`);
  await nameButton('beta_notes').focus();
  await page.keyboard.press('Enter');
  const editor = page.getByTestId('skill-editor-panel');
  await editor.waitFor();
  const close = editor.locator('.editor-head button[aria-label="Close"]');
  await close.focus();
  await page.keyboard.press('Enter');
  await editor.waitFor({ state: 'detached' });
  await expect.poll(() => focusedOn('beta_notes')).toBe(true);
});

it('deleting a skill from its details leaves the focus on the name of the one that took its place', async () => {
  const page = world.page;
  await page.goto(`${world.app.origin}/#/skills`);
  const rows = page.locator('[data-testid="skill-row"]');
  await nameButton('beta_notes').waitFor();
  const order = await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-name')!));
  const next = order[order.indexOf('beta_notes') + 1]!;
  await nameButton('beta_notes').focus();
  await page.keyboard.press('Enter');
  const editor = page.getByTestId('skill-editor-panel');
  await editor.getByTestId('skill-delete').focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('confirm-dialog').waitFor();
  await page.getByTestId('confirm-ok').focus();
  await page.keyboard.press('Enter');
  await editor.waitFor({ state: 'detached' });
  await expect.poll(() => rows.count()).toBe(order.length - 1);
  await expect.poll(() => focusedOn(next)).toBe(true);
});
