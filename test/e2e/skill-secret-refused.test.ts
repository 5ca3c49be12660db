/**
 * A skill's secret setting behind a folder another user could change, in Chromium against `ias
 * serve`: its Settings say it is set but not used, why and what mends it, in the UI's language;
 * saving a new value is refused with the same words; once the folder is closed it is used again.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataPaths } from '../../src/core/paths.js';
import { configSecretName } from '../../src/core/skills/skill-config.js';
import { cityWeatherSkill, writeSkill } from '../helpers/temp.js';
import { screenshot } from './harness.js';
import { servedWorld } from './served-world.js';

const SKILL = cityWeatherSkill([
  { name: 'WEATHER_API_KEY', description: 'API key of the weather service', secret: true, required: true },
]);

let file: string;

const world = servedWorld({
  serve: {
    setup: (home) => {
      const paths = dataPaths(home);
      writeSkill(paths.userSkills, 'city_weather', SKILL);
      fs.mkdirSync(paths.secrets, { recursive: true, mode: 0o700 });
      file = path.join(paths.secrets, configSecretName('city_weather', 'WEATHER_API_KEY'));
      fs.writeFileSync(file, 'sk-SECRET-own', { mode: 0o600 });
    },
  },
});

// Opened to others once iAs runs (it would not start with its own token file there).
beforeAll(() => fs.chmodSync(world.app.home, 0o775));

// Closed again before the world's shutdown (after hooks run the last registered first).
afterAll(() => {
  if (world.app) fs.chmodSync(world.app.home, 0o700);
});

async function settingsPage(locale: string): Promise<Page> {
  const context = await world.browser.newContext({ viewport: { width: 1280, height: 860 }, locale });
  const page = await context.newPage();
  await page.goto(world.app.url);
  await page.waitForSelector('[data-testid="message-input"]');
  await page.goto(`${world.app.origin}/#/skills/city_weather`);
  await page.locator('[data-testid="skill-settings"]').waitFor();
  return page;
}

const field = (page: Page) => page.locator('[data-testid="config-field"][data-name="WEATHER_API_KEY"]');

describe('a skill secret behind a folder others can write to', () => {
  it('is set but not used, said with the folder and how to mend it, and not saved', async () => {
    const page = await settingsPage('en-US');
    await expect.poll(() => field(page).getAttribute('data-state')).toBe('refused');
    expect(await field(page).locator('[data-testid="config-state"]').textContent()).toBe('Set, not used');
    expect(await field(page).locator('[data-testid="config-refused"]').textContent()).toBe(
      `city_weather's secret setting WEATHER_API_KEY is kept in ${file}, and the folder ${world.app.home} on the way to it can be changed by other users (mode 775), who could swap it for a value of theirs, so iAs neither uses nor saves WEATHER_API_KEY there. Make it writable by you alone with \`chmod go-w ${world.app.home}\`, then set WEATHER_API_KEY again.`,
    );
    expect(await page.locator('[data-testid="skill-missing-item"]').allTextContents()).toEqual(['WEATHER_API_KEY']);
    expect(await page.content()).not.toContain('SECRET');
    await screenshot(page, 'skill-secret-refused-en');

    await field(page).locator('input').fill('sk-SECRET-new');
    await page.click('[data-testid="skill-settings-save"]');
    const toast = page.locator('[data-testid="toast"].toast-error');
    await toast.waitFor();
    expect(await toast.textContent()).toContain(`The settings were not saved. city_weather's secret setting`);
    expect(fs.readFileSync(file, 'utf8')).toBe('sk-SECRET-own');
    await page.context().close();
  });

  it('reads in Chinese in a Chinese UI', async () => {
    const page = await settingsPage('zh-CN');
    await expect.poll(() => field(page).getAttribute('data-state')).toBe('refused');
    expect(await field(page).locator('[data-testid="config-state"]').textContent()).toBe('已设置，未使用');
    expect(await field(page).locator('[data-testid="config-refused"]').textContent()).toBe(
      `city_weather 的机密设置 WEATHER_API_KEY 保存在 ${file}，其路径上的文件夹 ${world.app.home} 可被其他用户修改（权限 775），他们可能把它换成自己的值，因此 iAs 不会在那里使用或保存 WEATHER_API_KEY。请用 \`chmod go-w ${world.app.home}\` 让它只有你能写入，然后重新设置 WEATHER_API_KEY。`,
    );
    await screenshot(page, 'skill-secret-refused-zh');
    await page.context().close();
  });

  it('is used again once the folder is closed', async () => {
    fs.chmodSync(world.app.home, 0o700);
    const page = await settingsPage('en-US');
    await expect.poll(() => field(page).getAttribute('data-state')).toBe('set');
    expect(await field(page).locator('[data-testid="config-refused"]').count()).toBe(0);
    await page.context().close();
  });
});
