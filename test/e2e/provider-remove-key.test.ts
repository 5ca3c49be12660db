/**
 * "Remove saved key" on the Settings page, in Chromium against `ias serve`: shown beside the API key
 * field only while a key is saved, it asks first (Cancel keeps the key), then deletes the key from
 * the secret store (its file gone, not left empty) and keeps the provider saved; the form then
 * shows no key saved, and a saved key it said could not be used is no longer said. Never a part of
 * the key on the page. In English and in 简体中文.
 */
import fs from 'node:fs';
import { expect, it } from 'vitest';
import type { ProviderInfo } from '../../src/shared/contract.js';
import { openApp, saveModelSettings, screenshot } from './harness.js';
import { servedWorld } from './served-world.js';

/** A key pasted from a key file saved as UTF-16 (a NUL after each letter): the form asks for it again. */
const UTF16_KEY = Buffer.from('sk-SECRET-e2e', 'utf16le').toString('latin1');
const KEY_SHOWN = /S\0?E\0?C\0?R\0?E\0?T/;

let keyFile: string;

const world = servedWorld({
  serve: {
    noModel: true,
    setup(home, model) {
      keyFile = saveModelSettings(home, { baseUrl: model.url, model: 'test-model', apiKey: UTF16_KEY });
    },
  },
  page: (browser, app) => openApp(browser, app, { viewport: { width: 1100, height: 800 }, locale: 'en-US' }),
  other: true,
});

const removeButton = () => world.page.locator('[data-testid="provider-remove-key"]');
const keyField = () => world.page.locator('[data-testid="provider-key"]');
const keyError = () => world.page.locator('[data-testid="provider-key-error"]');
const dialog = () => world.page.locator('[data-testid="confirm-dialog"]');
const provider = () => world.other.call<ProviderInfo>('getProvider');

it('removes a saved key after asking, keeps the provider, and the form shows no key saved', async () => {
  expect(fs.existsSync(keyFile)).toBe(true);
  await world.page.goto(`${world.app.origin}/#/settings`);
  await keyError().waitFor();
  expect(await keyError().textContent()).toContain('Enter the key again and save it.');
  expect(await keyField().getAttribute('placeholder')).toBe('Saved — leave empty to keep it');
  expect(await removeButton().textContent()).toContain('Remove saved key');
  await screenshot(world.page, 'settings-remove-key');

  // Asked first: Cancel keeps the key.
  await removeButton().click();
  await dialog().locator('[data-testid="confirm-ok"]').waitFor();
  expect(await dialog().textContent()).toContain('Remove the saved API key?');
  expect(await dialog().textContent()).toContain('The key is deleted from its private file.');
  await screenshot(world.page, 'settings-remove-key-confirm');
  await dialog().locator('[data-testid="confirm-cancel"]').click();
  await expect.poll(() => dialog().locator('[data-testid="confirm-ok"]').count()).toBe(0);
  expect((await provider()).saved.hasKey).toBe(true);
  expect(fs.existsSync(keyFile)).toBe(true);

  // Confirmed: the key is deleted, the provider saved stays.
  await removeButton().click();
  await dialog().locator('[data-testid="confirm-ok"]').click();
  await expect.poll(() => removeButton().count()).toBe(0);
  expect(await world.page.locator('[data-testid="toast"]', { hasText: 'Saved API key removed' }).count()).toBe(1);
  expect(await keyField().getAttribute('placeholder')).toBe('Only if your server asks for one');
  expect(await keyError().count()).toBe(0);
  expect(fs.existsSync(keyFile)).toBe(false);
  expect((await provider()).saved).toEqual({ baseUrl: world.app.model.url, model: 'test-model', hasKey: false });
  expect(await world.page.locator('[data-testid="provider-base-url"]').inputValue()).toBe(world.app.model.url);
  expect(await world.page.locator('body').textContent()).not.toMatch(KEY_SHOWN);
  await screenshot(world.page, 'settings-remove-key-done');

  // After a reload too: no key saved, nothing to remove, and the model can be asked without one.
  await world.page.reload();
  await keyField().waitFor();
  expect(await keyField().getAttribute('placeholder')).toBe('Only if your server asks for one');
  expect(await removeButton().count()).toBe(0);
  world.app.model.enqueue({ content: 'pong' });
  await world.page.click('[data-testid="provider-test"]');
  await expect
    .poll(() => world.page.locator('[data-testid="provider-test-result"]').textContent())
    .toMatch(/^Connected\./);
});

it('says it in 简体中文', async () => {
  // A key saved again elsewhere (its own client), the page read anew.
  await world.other.call('saveProvider', { apiKey: 'sk-e2e-again' });
  await world.page.reload();
  await world.page.selectOption('[data-testid="settings-language"]', 'zh-CN');
  try {
    await expect.poll(() => removeButton().textContent()).toContain('删除已保存的密钥');
    await removeButton().click();
    await dialog().locator('[data-testid="confirm-ok"]').waitFor();
    expect(await dialog().textContent()).toContain('删除已保存的 API 密钥？');
    expect(await dialog().locator('[data-testid="confirm-ok"]').textContent()).toBe('删除密钥');
    await dialog().locator('[data-testid="confirm-ok"]').click();
    await expect.poll(() => removeButton().count()).toBe(0);
    expect(await world.page.locator('[data-testid="toast"]', { hasText: '已删除保存的 API 密钥' }).count()).toBe(1);
    expect(await keyField().getAttribute('placeholder')).toBe('仅在你的服务需要密钥时填写');
    expect(fs.existsSync(keyFile)).toBe(false);
  } finally {
    await world.page.selectOption('[data-testid="settings-language"]', 'system');
  }
});
