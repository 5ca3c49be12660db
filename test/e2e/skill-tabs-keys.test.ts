/**
 * The tabs of a skill with settings (Settings, SKILL.md) work as tabs do from the keyboard: one tab
 * stop, the arrow keys (and Home, End) move to the other tab and show it.
 */
import { expect, it } from 'vitest';
import { dataPaths } from '../../src/core/paths.js';
import { cityWeatherSkill, writeSkill } from '../helpers/temp.js';
import { openApp } from './harness.js';
import { servedWorld } from './served-world.js';

const SKILL = cityWeatherSkill(
  [{ name: 'WEATHER_CITY', description: 'The city to report on', required: true }],
  'echo "city=$WEATHER_CITY"',
);

const world = servedWorld({
  serve: { setup: (home) => writeSkill(dataPaths(home).userSkills, 'city_weather', SKILL) },
  page: openApp,
});

it('the arrow keys move between the tabs and show each', async () => {
  const page = world.page;
  await page.goto(`${world.app.origin}/#/skills/city_weather`);
  const settings = page.getByTestId('skill-tab-settings');
  const file = page.getByTestId('skill-tab-file');
  await settings.waitFor();
  const focused = (tab: typeof settings) => tab.evaluate((el) => el === el.ownerDocument.activeElement);
  // One tab stop: the tab shown.
  expect(await settings.getAttribute('tabindex')).not.toBe('-1');
  expect(await file.getAttribute('tabindex')).toBe('-1');

  await settings.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => file.getAttribute('aria-selected')).toBe('true');
  expect(await focused(file)).toBe(true);
  await page.locator('[data-testid="skill-editor"] .cm-content').waitFor();

  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => settings.getAttribute('aria-selected')).toBe('true');
  expect(await focused(settings)).toBe(true);

  await page.keyboard.press('End');
  await expect.poll(() => file.getAttribute('aria-selected')).toBe('true');
  await page.keyboard.press('Home');
  await expect.poll(() => settings.getAttribute('aria-selected')).toBe('true');
});
