/**
 * A system skill shipped with iAs that runs a built-in handler (Current date and time, Run a shell
 * command…), opened on the Skills page, is shown as valid: `builtin:` is what such a skill is for.
 * Only a skill of the owner's may not name one, and a new one that does is still shown the error.
 */
import { expect, it } from 'vitest';
import { openApp, writeNewSkill } from './harness.js';
import { servedWorld } from './served-world.js';

const world = servedWorld({ page: openApp });

const BUILTIN_SKILL = '---\ndescription: Tells the time.\nrisk: low\nbuiltin: get_current_datetime\n---\n';

it.each(['get_current_datetime', 'execute_shell'])('the shipped %s opens with no error', async (name) => {
  const page = world.page;
  await page.goto(`${world.app.origin}/#/skills`);
  await page.locator(`[data-testid="skill-row"][data-name="${name}"] .row-link`).click();
  const validation = page.getByTestId('skill-validation');
  await expect.poll(() => validation.getAttribute('data-state')).not.toBe('unknown');
  expect(await validation.locator('[data-testid="validation-problem"]').allTextContents()).toEqual([]);
  expect(await validation.getAttribute('data-state')).toBe('ok');
});

it('an owner’s new skill that names a built-in handler is still shown the error at its line', async () => {
  const page = world.page;
  await page.goto(`${world.app.origin}/#/skills`);
  await writeNewSkill(page, 'my_clock', BUILTIN_SKILL);
  const problem = page.getByTestId('validation-problem');
  await expect.poll(() => problem.getAttribute('data-line')).toBe('4');
  expect(await page.getByTestId('skill-validation').getAttribute('data-state')).toBe('error');
});
