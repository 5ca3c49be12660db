/**
 * The Settings page when IAS_LLM_API_KEY alone is set (no model saved yet, no other IAS_LLM_*): it
 * says the key in use comes from that variable, and that a key saved here is not used while it is
 * set (the key is never shown), as it says so of the base URL and model, in English and 简体中文.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { servedWorld } from './served-world.js';

const KEY = 'sk-from-the-environment-4242';

const world = servedWorld({ serve: { noModel: true, env: { IAS_LLM_API_KEY: KEY } } });

const trimmed = (texts: string[]) => texts.map((text) => text.trim());

async function settingsIn(locale: string): Promise<Page> {
  const context = await world.browser.newContext({ viewport: { width: 1280, height: 860 }, locale });
  const page = await context.newPage();
  await page.goto(world.app.url);
  await page.goto(`${world.app.origin}/#/settings`);
  await page.locator('[data-testid="provider-key"]').waitFor();
  return page;
}

describe('an API key given by IAS_LLM_API_KEY alone', () => {
  it('is said to come from the environment, never shown', async () => {
    const page = await settingsIn('en-US');
    await expect
      .poll(() => page.locator('[data-testid="provider-key-from-env"]').allTextContents().then(trimmed))
      .toEqual([
        'The API key in use comes from IAS_LLM_API_KEY, set in the environment iAs was started in: a key saved here is not used while it is set.',
      ]);
    expect(await page.getByTestId('provider-key').getAttribute('placeholder')).toBe('Given by IAS_LLM_API_KEY');
    expect(await page.content()).not.toContain(KEY);
    await page.context().close();
  });

  it('in 简体中文', async () => {
    const page = await settingsIn('zh-CN');
    await expect
      .poll(() => page.locator('[data-testid="provider-key-from-env"]').allTextContents().then(trimmed))
      .toEqual(['正在使用的 API 密钥来自启动 iAs 的环境中的 IAS_LLM_API_KEY：设置了它时，这里保存的密钥不会被使用。']);
    expect(await page.getByTestId('provider-key').getAttribute('placeholder')).toBe('由 IAS_LLM_API_KEY 提供');
    expect(await page.content()).not.toContain(KEY);
    await page.context().close();
  });
});
