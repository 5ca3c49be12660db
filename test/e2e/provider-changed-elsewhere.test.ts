/**
 * The Settings page's model section follows the provider saved elsewhere, in Chromium against `ias
 * serve`: by `ias provider` in a process of its own (the same data folder), or by another client of
 * the server. With nothing typed, the form shows the new base URL, model and saved key at once;
 * with edits not saved yet, it keeps them and says the settings changed elsewhere, with a button
 * that loads them instead. Never a part of the key on the page. In English and in 简体中文.
 */
import { expect, it } from 'vitest';
import type { ProviderInfo } from '../../src/shared/contract.js';
import { iasAsync } from '../helpers/cli.js';
import { openServedPage, saveModelSettings, screenshot } from './harness.js';
import { servedWorld } from './served-world.js';

const SOON = { timeout: 15_000 };

const world = servedWorld({
  serve: {
    noModel: true,
    setup(home, model) {
      saveModelSettings(home, { baseUrl: model.url, model: 'first-model', apiKey: 'sk-SECRET-first' });
    },
  },
  page: openServedPage,
  other: true,
});

/** `ias provider …` in a process of its own, on the served data folder (no IAS_LLM_* of the test's). */
async function provider(...args: string[]): Promise<void> {
  const run = await iasAsync(['provider', ...args], {
    IAS_HOME: world.app.home,
    IAS_LLM_BASE_URL: '',
    IAS_LLM_MODEL: '',
    IAS_LLM_API_KEY: '',
  });
  expect(run.status, run.stderr).toBe(0);
}

const modelField = () => world.page.locator('[data-testid="provider-model"]');
const urlField = () => world.page.locator('[data-testid="provider-base-url"]');
const keyField = () => world.page.locator('[data-testid="provider-key"]');
const removeButton = () => world.page.locator('[data-testid="provider-remove-key"]');
const notice = () => world.page.locator('[data-testid="provider-changed-elsewhere"]');
const effective = () => world.page.locator('[data-testid="provider-effective"]');
const saved = async () => (await world.other.call<ProviderInfo>('getProvider')).saved;

it('with nothing typed, shows the provider and key `ias provider` and another client save, at once', async () => {
  await world.page.goto(`${world.app.origin}/#/settings`);
  await modelField().waitFor();
  expect(await modelField().inputValue()).toBe('first-model');
  expect(await removeButton().count()).toBe(1);

  // Another process: `ias provider set` on the same data folder.
  await provider('set', '--model', 'cli-model');
  await expect.poll(() => modelField().inputValue(), SOON).toBe('cli-model');
  await expect.poll(() => effective().textContent(), SOON).toContain('cli-model');
  expect(await urlField().inputValue()).toBe(world.app.model.url);
  expect(await notice().count()).toBe(0);

  // The key alone, cleared there (it lives outside the database): no key saved any more.
  await provider('clear-key');
  await expect.poll(() => removeButton().count(), SOON).toBe(0);
  expect(await keyField().getAttribute('placeholder')).toBe('Only if your server asks for one');

  // Another client of this server (another window): a custom server and a key.
  await world.other.call('saveProvider', {
    baseUrl: 'http://127.0.0.1:9/v1',
    model: 'window-model',
    apiKey: 'sk-SECRET-two',
  });
  await expect.poll(() => urlField().inputValue(), SOON).toBe('http://127.0.0.1:9/v1');
  expect(await modelField().inputValue()).toBe('window-model');
  expect(await world.page.locator('[data-testid="provider-preset"]').inputValue()).toBe('');
  await expect.poll(() => removeButton().count(), SOON).toBe(1);
  expect(await keyField().getAttribute('placeholder')).toBe('Saved — leave empty to keep it');
  expect(await notice().count()).toBe(0);
  expect(await world.page.locator('body').textContent()).not.toContain('SECRET');
});

it('keeps edits not saved yet, says the settings changed elsewhere, and loads them when asked', async () => {
  await modelField().fill('my-edit');
  await provider('set', '--model', 'newer-model');
  await notice().waitFor(SOON);
  expect(await notice().textContent()).toContain('Changed elsewhere');
  // The edit stays; what is in use is said anew.
  expect(await modelField().inputValue()).toBe('my-edit');
  await expect.poll(() => effective().textContent(), SOON).toContain('newer-model');
  await screenshot(world.page, 'settings-provider-changed-elsewhere');

  // A key typed counts as an edit too: kept, never saved unasked.
  await keyField().fill('sk-typed-not-saved');
  await world.other.call('saveProvider', { baseUrl: 'http://127.0.0.1:9/v1', model: 'window-model-2' });
  await expect.poll(() => effective().textContent(), SOON).toContain('window-model-2');
  expect(await notice().count()).toBe(1);
  expect(await modelField().inputValue()).toBe('my-edit');
  expect(await keyField().inputValue()).toBe('sk-typed-not-saved');

  // Loaded when asked: the newest settings, the edits and the typed key dropped.
  await world.page.locator('[data-testid="provider-reload"]').click();
  await expect.poll(() => notice().count()).toBe(0);
  expect(await modelField().inputValue()).toBe('window-model-2');
  expect(await keyField().inputValue()).toBe('');
  expect((await saved()).model).toBe('window-model-2');

  // Saved here: the page's own save is no change made elsewhere.
  await modelField().fill('saved-here');
  await world.page.click('[data-testid="provider-save"]');
  await expect.poll(async () => (await saved()).model, SOON).toBe('saved-here');
  await expect.poll(() => effective().textContent(), SOON).toContain('saved-here');
  expect(await notice().count()).toBe(0);
  expect(await modelField().inputValue()).toBe('saved-here');
});

it('says it in 简体中文', async () => {
  await world.page.selectOption('[data-testid="settings-language"]', 'zh-CN');
  try {
    await expect.poll(() => world.page.locator('[data-testid="provider-save"]').textContent()).toContain('保存');
    await modelField().fill('中文编辑');
    await provider('set', '--model', 'zh-model');
    await notice().waitFor(SOON);
    expect(await notice().textContent()).toContain('已在别处更改');
    expect(await world.page.locator('[data-testid="provider-reload"]').textContent()).toContain('重新加载');
    expect(await modelField().inputValue()).toBe('中文编辑');
    await screenshot(world.page, 'settings-provider-changed-elsewhere-zh');
    await world.page.locator('[data-testid="provider-reload"]').click();
    await expect.poll(() => modelField().inputValue()).toBe('zh-model');
  } finally {
    await world.page.selectOption('[data-testid="settings-language"]', 'system');
  }
});
