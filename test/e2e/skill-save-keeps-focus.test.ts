/**
 * A skill's settings Save and its SKILL.md's Save, pressed from the keyboard, leave the focus in the
 * skill's details once saved, not on the page's body: each button is disabled while it saves and
 * stays so after (nothing left to save), so the focus goes to the first setting or to the editor,
 * to go on from there; a save that fails leaves it on Save.
 */
import { expect, it } from 'vitest';
import { dataPaths } from '../../src/core/paths.js';
import { cityWeatherSkill, writeSkill } from '../helpers/temp.js';
import { openApp } from './harness.js';
import { servedWorld } from './served-world.js';

const world = servedWorld({
  serve: {
    setup: (home) =>
      writeSkill(
        dataPaths(home).userSkills,
        'city_weather',
        cityWeatherSkill([{ name: 'WEATHER_CITIES', description: 'the cities to tell the weather of' }]),
      ),
  },
  page: openApp,
});

it('Save of a skill’s settings from the keyboard leaves the focus in its form', async () => {
  const page = world.page;
  await page.goto(`${world.app.origin}/#/skills/city_weather`);
  const input = page.locator('[data-testid="config-field"][data-name="WEATHER_CITIES"] input');
  const save = page.getByTestId('skill-settings-save');
  await expect
    .poll(async () => {
      if ((await input.inputValue()) !== 'Paris') await input.fill('Paris');
      return save.isEnabled();
    })
    .toBe(true);
  await save.focus();
  await page.keyboard.press('Enter');
  await page.locator('[data-testid="toast"]', { hasText: 'Settings of city_weather saved' }).waitFor();
  await expect.poll(() => save.isEnabled()).toBe(false);
  await expect.poll(() => input.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
});

it('Save of a SKILL.md from the keyboard leaves the focus in the editor', async () => {
  const page = world.page;
  await page.getByTestId('skill-tab-file').click();
  const editor = page.locator('.cm-content');
  await editor.click();
  await page.keyboard.press('End');
  await page.keyboard.type(' ');
  const save = page.getByTestId('skill-save');
  await expect.poll(() => save.isEnabled()).toBe(true);
  await save.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => save.isEnabled()).toBe(false);
  await expect.poll(() => editor.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
});
