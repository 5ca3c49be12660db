/**
 * A skill's details closed (their close button) leave the focus in the skills table, on that
 * skill's name, not on the page.
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
