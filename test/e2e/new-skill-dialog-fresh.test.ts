/**
 * The New skill dialog starts empty each time it opens: a skill made (and saved) before does not
 * come back as its name, said to be taken, nor does the template last picked.
 */
import { expect, it } from 'vitest';
import { openApp } from './harness.js';
import { servedWorld } from './served-world.js';

const world = servedWorld();

it('opens empty after a skill was made and saved with it', async () => {
  const page = await openApp(world.browser, world.app);
  await page.goto(`${world.app.origin}/#/skills`);
  await page.getByTestId('skill-new').click();
  await page.getByTestId('skill-new-name').fill('first_notes');
  await page.getByTestId('skill-new-kind-instructions').check();
  await page.getByTestId('skill-new-create').click();
  await expect.poll(() => page.getByTestId('skill-validation').getAttribute('data-state')).toBe('ok');
  await page.getByTestId('skill-save').click();
  await page.locator('[data-testid="skill-row"][data-name="first_notes"]').waitFor();

  await page.getByTestId('skill-new').click();
  const name = page.getByTestId('skill-new-name');
  await name.waitFor();
  expect(await name.inputValue()).toBe('');
  expect(await name.getAttribute('aria-invalid')).toBe('false');
  expect(await page.getByTestId('skill-new-kind-script').isChecked()).toBe(true);
  expect(await page.getByTestId('skill-new-create').isDisabled()).toBe(true);
  await page.context().close();
});

it('opens empty after it was cancelled with a name typed', async () => {
  const page = await openApp(world.browser, world.app);
  await page.goto(`${world.app.origin}/#/skills`);
  await page.getByTestId('skill-new').click();
  await page.getByTestId('skill-new-name').fill('never_made');
  await page.keyboard.press('Escape');
  await page.getByTestId('skill-new-dialog').waitFor({ state: 'hidden' });

  await page.getByTestId('skill-new').click();
  const name = page.getByTestId('skill-new-name');
  await name.waitFor();
  expect(await name.inputValue()).toBe('');
  await page.context().close();
});
