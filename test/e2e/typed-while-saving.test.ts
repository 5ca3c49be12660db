/**
 * What the owner types while a save is on its way stays in the form, to be saved next: the model
 * settings' fields (the API key too) and a skill's settings. What the save sent is shown as saved.
 * An answer about what was sent (a refused key, a connection test) is not said next to what was
 * typed since.
 * The save's answer is held back by relaying the page's real socket, so the typing comes first.
 */
import { expect, it } from 'vitest';
import { dataPaths } from '../../src/core/paths.js';
import type { ProviderInfo, SkillsState } from '../../src/shared/contract.js';
import { cityWeatherSkill, writeSkill } from '../helpers/temp.js';
import { answersTakenIn, openHolding } from './harness.js';
import { servedWorld } from './served-world.js';

const SKILL = cityWeatherSkill(
  [
    { name: 'CITY', description: 'The city to tell the weather of' },
    { name: 'UNITS', description: 'metric or imperial' },
  ],
  'echo "sunny"',
);

const world = servedWorld({
  serve: { setup: (home) => writeSkill(dataPaths(home).userSkills, 'city_weather', SKILL) },
  other: true,
});

/** A page at `route` whose answers to `method` are held while `hold(true)` is in force. */
async function pageHolding(method: string, route: string) {
  let on = false;
  const opened = await openHolding(world.browser, world.app, (call) => on && call.method === method);
  await opened.page.goto(`${world.app.origin}/${route}`);
  return { ...opened, hold: (next: boolean) => (on = next) };
}

it('the model settings keep a key and a model typed while the save was on its way', async () => {
  const { page, held, release, hold } = await pageHolding('saveProvider', '#/settings');
  const url = page.getByTestId('provider-base-url');
  const model = page.getByTestId('provider-model');
  const key = page.getByTestId('provider-key');
  await page.selectOption('[data-testid="provider-preset"]', '');
  // Sent with a space after it: shown trimmed, as saved, once the save is over.
  await url.fill(`${world.app.model.url} `);
  await model.fill('first-model');
  hold(true);
  await page.getByTestId('provider-save').click();
  await expect.poll(held).toBe(1);

  await key.fill('sk-typed-meanwhile');
  await model.fill('second-model');
  hold(false);
  release();
  await answersTakenIn(world.app, page);

  expect(await key.inputValue()).toBe('sk-typed-meanwhile');
  expect(await model.inputValue()).toBe('second-model');
  expect(await url.inputValue()).toBe(world.app.model.url);
  const provider = () => world.other.call<ProviderInfo>('getProvider');
  expect((await provider()).saved).toEqual({ baseUrl: world.app.model.url, model: 'first-model', hasKey: false });

  // What was typed meanwhile is what Save sends next.
  await page.getByTestId('provider-save').click();
  await expect
    .poll(async () => (await provider()).saved)
    .toEqual({ baseUrl: world.app.model.url, model: 'second-model', hasKey: true });
  await expect.poll(() => key.inputValue()).toBe('');
  await page.context().close();
});

it('a key refused after another was typed is not said under the new one', async () => {
  const { page, held, release, hold } = await pageHolding('saveProvider', '#/settings');
  const key = page.getByTestId('provider-key');
  const keyError = page.getByTestId('provider-key-error');
  await key.fill('sk with a space');
  hold(true);
  await page.getByTestId('provider-save').click();
  await expect.poll(held).toBe(1);
  await key.fill('sk-typed-anew');
  hold(false);
  release();
  await answersTakenIn(world.app, page);
  expect(await keyError.count()).toBe(0);
  expect(await key.getAttribute('aria-invalid')).toBe('false');
  expect(await key.inputValue()).toBe('sk-typed-anew');
  // Nothing was saved, and that is said apart from the field.
  expect(await page.locator('[data-testid="toast"].toast-error').textContent()).toContain(
    'The API key has a space or line break in it',
  );
  await page.context().close();
});

it('a connection test answered after another model was typed is not said next to it', async () => {
  const testing = await pageHolding('testProvider', '#/settings');
  world.app.model.enqueue({ content: 'OK' });
  testing.hold(true);
  await testing.page.getByTestId('provider-test').click();
  await expect.poll(testing.held).toBe(1);
  await testing.page.getByTestId('provider-model').fill('untested-model');
  testing.hold(false);
  testing.release();
  await answersTakenIn(world.app, testing.page);
  expect(await testing.page.getByTestId('provider-test-result').textContent()).toBe('');
  await testing.page.context().close();
});

it("a skill's settings keep a value typed while the save was on its way", async () => {
  const { page, held, release, hold } = await pageHolding('setSkillConfig', '#/skills/city_weather');
  const input = (name: string) =>
    page.locator(`[data-testid="config-field"][data-name="${name}"] [data-testid="config-input"]`);
  const save = page.getByTestId('skill-settings-save');
  await input('CITY').fill('Hangzhou');
  hold(true);
  await save.click();
  await expect.poll(held).toBe(1);

  await input('UNITS').fill('metric');
  hold(false);
  release();
  await answersTakenIn(world.app, page);

  const config = async () =>
    Object.fromEntries(
      (await world.other.call<SkillsState>('listSkills')).skills
        .find((s) => s.name === 'city_weather')!
        .config.map((f) => [f.name, f.value]),
    );
  expect(await config()).toEqual({ CITY: 'Hangzhou', UNITS: undefined });
  expect(await input('CITY').inputValue()).toBe('Hangzhou');
  expect(await input('UNITS').inputValue()).toBe('metric');
  expect(await save.isEnabled()).toBe(true);

  // What was typed meanwhile is what Save sends next.
  await save.click();
  await expect.poll(config).toEqual({ CITY: 'Hangzhou', UNITS: 'metric' });
  await expect.poll(() => save.isEnabled()).toBe(false);
  await page.context().close();
});
