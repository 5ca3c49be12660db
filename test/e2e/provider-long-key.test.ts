/**
 * A long API key in Settings, in Chromium against `ias serve`: a key of a few thousand characters
 * (an Azure AD or other JWT access token) is saved, as `ias provider set` saves it, and sent; a
 * long paste that is no key (a credentials JSON file, with its line ends) is refused under the
 * field in the page's language, not with the transport's English words. Never a part of either on
 * the page.
 */
import { expect, it } from 'vitest';
import type { ProviderInfo } from '../../src/shared/contract.js';
import { openApp } from './harness.js';
import { servedWorld } from './served-world.js';

/** Three base64url parts, as an access token is, 2,600 characters in all. */
const TOKEN = `eyJ${'A'.repeat(300)}.eyJ${'B'.repeat(2000)}.${'C'.repeat(294)}`;
/** A service account file pasted whole: JSON on many lines. */
const CREDENTIALS = JSON.stringify({ type: 'service_account', private_key: 'K'.repeat(2400) }, null, 2);

const world = servedWorld({ serve: { noModel: true }, other: true });

async function settings(locale: string) {
  const page = await openApp(world.browser, world.app, { locale });
  await page.goto(`${world.app.origin}/#/settings`);
  await page.selectOption('[data-testid="provider-preset"]', '');
  await page.fill('[data-testid="provider-base-url"]', world.app.model.url);
  await page.fill('[data-testid="provider-model"]', 'test-model');
  return page;
}

it('saves a key of 2,600 characters and sends it', async () => {
  const page = await settings('en-US');
  await page.fill('[data-testid="provider-key"]', TOKEN);
  await page.press('[data-testid="provider-key"]', 'Enter');
  await page.locator('[data-testid="toast"]', { hasText: 'Model settings saved' }).waitFor();
  expect((await world.other.call<ProviderInfo>('getProvider')).saved.hasKey).toBe(true);
  world.app.model.enqueue({ content: 'pong' });
  await page.click('[data-testid="provider-test"]');
  await expect.poll(() => page.locator('[data-testid="provider-test-result"]').textContent()).toMatch(/^Connected\./);
  expect(world.app.model.requests.at(-1)!.headers.authorization).toBe(`Bearer ${TOKEN}`);
  expect(await page.locator('body').textContent()).not.toContain('A'.repeat(300));
  await page.context().close();
});

it('refuses a long paste that is no key under the field, in 简体中文', async () => {
  const page = await settings('zh-CN');
  await page.fill('[data-testid="provider-key"]', CREDENTIALS);
  await page.press('[data-testid="provider-key"]', 'Enter');
  await expect
    .poll(() => page.locator('[data-testid="provider-key-error"]').textContent())
    .toBe('API 密钥中含有空格或换行，而 API 密钥不含这些。什么也没有保存。');
  expect(await page.locator('body').textContent()).not.toContain('K'.repeat(100));
  await page.context().close();
});
