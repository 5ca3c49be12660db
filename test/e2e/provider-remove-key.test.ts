/**
 * "Remove saved key" on the Settings page, in Chromium against `ias serve`: shown beside the API key
 * field only while a key is saved, it asks first (Cancel keeps the key), then deletes the key from
 * the secret store (its file gone, not left empty) and keeps the provider saved; the form then
 * shows no key saved, and a saved key it said could not be used is no longer said. Never a part of
 * the key on the page. In English and in 简体中文.
 */
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ProviderInfo } from '../../src/shared/contract.js';
import {
  launchBrowser,
  otherClient,
  saveModelSettings,
  screenshot,
  serve,
  type OtherClient,
  type Served,
} from './harness.js';

/** A key pasted from a key file saved as UTF-16 (a NUL after each letter): the form asks for it again. */
const UTF16_KEY = Buffer.from('sk-SECRET-e2e', 'utf16le').toString('latin1');
const KEY_SHOWN = /S\0?E\0?C\0?R\0?E\0?T/;

let app: Served;
let browser: Browser;
let page: Page;
let core: OtherClient;
let keyFile: string;

beforeAll(async () => {
  app = await serve({
    noModel: true,
    setup(home, model) {
      keyFile = saveModelSettings(home, { baseUrl: model.url, model: 'test-model', apiKey: UTF16_KEY });
    },
  });
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1100, height: 800 }, locale: 'en-US' });
  page = await context.newPage();
  await page.goto(app.url);
  await page.waitForSelector('[data-testid="message-input"]');
  core = await otherClient(app);
}, 60_000);

afterAll(async () => {
  core?.socket.close();
  await browser?.close();
  await app?.stop();
});

const removeButton = () => page.locator('[data-testid="provider-remove-key"]');
const keyField = () => page.locator('[data-testid="provider-key"]');
const keyError = () => page.locator('[data-testid="provider-key-error"]');
const dialog = () => page.locator('[data-testid="confirm-dialog"]');
const provider = () => core.call<ProviderInfo>('getProvider');

it('removes a saved key after asking, keeps the provider, and the form shows no key saved', async () => {
  expect(fs.existsSync(keyFile)).toBe(true);
  await page.goto(`${app.origin}/#/settings`);
  await keyError().waitFor();
  expect(await keyError().textContent()).toContain('Enter the key again and save it.');
  expect(await keyField().getAttribute('placeholder')).toBe('Saved — leave empty to keep it');
  expect(await removeButton().textContent()).toContain('Remove saved key');
  await screenshot(page, 'settings-remove-key');

  // Asked first: Cancel keeps the key.
  await removeButton().click();
  await dialog().locator('[data-testid="confirm-ok"]').waitFor();
  expect(await dialog().textContent()).toContain('Remove the saved API key?');
  expect(await dialog().textContent()).toContain('The key is deleted from its private file.');
  await screenshot(page, 'settings-remove-key-confirm');
  await dialog().locator('[data-testid="confirm-cancel"]').click();
  await expect.poll(() => dialog().locator('[data-testid="confirm-ok"]').count()).toBe(0);
  expect((await provider()).saved.hasKey).toBe(true);
  expect(fs.existsSync(keyFile)).toBe(true);

  // Confirmed: the key is deleted, the provider saved stays.
  await removeButton().click();
  await dialog().locator('[data-testid="confirm-ok"]').click();
  await expect.poll(() => removeButton().count()).toBe(0);
  expect(await page.locator('[data-testid="toast"]', { hasText: 'Saved API key removed' }).count()).toBe(1);
  expect(await keyField().getAttribute('placeholder')).toBe('Required by this provider');
  expect(await keyError().count()).toBe(0);
  expect(fs.existsSync(keyFile)).toBe(false);
  expect((await provider()).saved).toEqual({ baseUrl: app.model.url, model: 'test-model', hasKey: false });
  expect(await page.locator('[data-testid="provider-base-url"]').inputValue()).toBe(app.model.url);
  expect(await page.locator('body').textContent()).not.toMatch(KEY_SHOWN);
  await screenshot(page, 'settings-remove-key-done');

  // After a reload too: no key saved, nothing to remove, and the model can be asked without one.
  await page.reload();
  await keyField().waitFor();
  expect(await keyField().getAttribute('placeholder')).toBe('Required by this provider');
  expect(await removeButton().count()).toBe(0);
  app.model.enqueue({ content: 'pong' });
  await page.click('[data-testid="provider-test"]');
  await expect.poll(() => page.locator('[data-testid="provider-test-result"]').textContent()).toMatch(/^Connected\./);
});

it('says it in 简体中文', async () => {
  // A key saved again elsewhere (its own client), the page read anew.
  await core.call('saveProvider', { apiKey: 'sk-e2e-again' });
  await page.reload();
  await page.selectOption('[data-testid="settings-language"]', 'zh-CN');
  try {
    await expect.poll(() => removeButton().textContent()).toContain('删除已保存的密钥');
    await removeButton().click();
    await dialog().locator('[data-testid="confirm-ok"]').waitFor();
    expect(await dialog().textContent()).toContain('删除已保存的 API 密钥？');
    expect(await dialog().locator('[data-testid="confirm-ok"]').textContent()).toBe('删除密钥');
    await dialog().locator('[data-testid="confirm-ok"]').click();
    await expect.poll(() => removeButton().count()).toBe(0);
    expect(await page.locator('[data-testid="toast"]', { hasText: '已删除保存的 API 密钥' }).count()).toBe(1);
    expect(await keyField().getAttribute('placeholder')).toBe('此服务商需要密钥');
    expect(fs.existsSync(keyFile)).toBe(false);
  } finally {
    await page.selectOption('[data-testid="settings-language"]', 'system');
  }
});
