/**
 * A skill marked as reviewed from the skills table's Review button (which then goes: the skill
 * needs no review) leaves the focus on that skill's name in the table, not on the page.
 */
import { expect, it } from 'vitest';
import { dataPaths } from '../../src/core/paths.js';
import { scriptSkill, writeSkill } from '../helpers/temp.js';
import { openApp } from './harness.js';
import { servedWorld } from './served-world.js';

const world = servedWorld({
  serve: {
    // Written straight into the skills folder (not through the app's editor): unreviewed.
    setup: (home) =>
      writeSkill(dataPaths(home).userSkills, 'tidy', scriptSkill({ description: 'Tidies up.', script: 'echo tidy' })),
  },
  page: openApp,
});

it('marking a skill reviewed from the keyboard leaves the focus on its name', async () => {
  const page = world.page;
  await page.goto(`${world.app.origin}/#/skills`);
  const row = page.locator('[data-testid="skill-row"][data-name="tidy"]');
  const review = row.getByTestId('skill-review');
  await review.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('skill-review-dialog');
  await dialog.getByTestId('skill-review-version').waitFor();
  await dialog.getByTestId('skill-review-mark').focus();
  await page.keyboard.press('Enter');
  await review.waitFor({ state: 'detached' });

  await expect.poll(() => row.locator('.row-link').evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
});
