/**
 * A skill setting's value longer than a setting holds, in Chromium against `ias serve`: refused,
 * nothing saved, and said in the UI's language (the contract's check refuses it before the core).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dataPaths } from '../../src/core/paths.js';
import type { SkillConfigField, SkillsState } from '../../src/shared/contract.js';
import { MAX_SETTING_CHARS } from '../../src/shared/text-limits.js';
import { cityWeatherSkill, writeSkill } from '../helpers/temp.js';
import { servedWorld } from './served-world.js';

const SKILL = cityWeatherSkill([
  { name: 'WEATHER_CITIES', description: 'the cities to tell the weather of', required: true },
]);

const world = servedWorld({
  serve: { setup: (home) => writeSkill(dataPaths(home).userSkills, 'city_weather', SKILL) },
  other: true,
});

/** The setting as the core has it now. */
async function stored(): Promise<SkillConfigField | undefined> {
  const { skills } = await world.other.call<SkillsState>('listSkills');
  return skills.find((s) => s.name === 'city_weather')?.config.find((f) => f.name === 'WEATHER_CITIES');
}

async function settingsPage(locale: string): Promise<Page> {
  const context = await world.browser.newContext({ viewport: { width: 1280, height: 860 }, locale });
  const page = await context.newPage();
  await page.goto(world.app.url);
  await page.waitForSelector('[data-testid="message-input"]');
  await page.goto(`${world.app.origin}/#/skills/city_weather`);
  await page.locator('[data-testid="skill-settings"]').waitFor();
  return page;
}

async function saveTooLong(page: Page): Promise<string | null> {
  const field = page.locator('[data-testid="config-field"][data-name="WEATHER_CITIES"]');
  const input = field.locator('input');
  const long = 'x'.repeat(MAX_SETTING_CHARS + 1);
  // Typed again if the form was drawn afresh (the skills list coming in) as it was typed.
  await expect
    .poll(async () => {
      if ((await input.inputValue()) !== long) await input.fill(long);
      return page.locator('[data-testid="skill-settings-save"]').isEnabled();
    })
    .toBe(true);
  await page.click('[data-testid="skill-settings-save"]');
  const toast = page.locator('[data-testid="toast"].toast-error');
  await toast.waitFor();
  return toast.textContent();
}

describe('a skill setting longer than a setting holds', () => {
  it('is refused in Chinese in a Chinese UI, nothing saved', async () => {
    const page = await settingsPage('zh-CN');
    const said = await saveTooLong(page);
    expect(said).toBe('无法保存设置WEATHER_CITIES 的值太长：一个设置最多 10,000 个字符。什么也没有保存。');
    expect(await stored()).toMatchObject({ set: false });
    await page.context().close();
  });

  it('in English in an English UI', async () => {
    const page = await settingsPage('en-US');
    expect(await saveTooLong(page)).toBe(
      'Could not save the settingsThe value of WEATHER_CITIES is too long: a setting holds at most 10,000 characters. Nothing was saved.',
    );
    await page.context().close();
  });
});
