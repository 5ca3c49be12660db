/**
 * The Copy buttons where the page has no clipboard API (`ias serve --host` opened over plain http
 * from another machine: navigator.clipboard is for secure contexts only) or the API refuses, in
 * Chromium against `ias serve`: the text is copied another way; and when nothing can copy it, the
 * owner is told so, in the UI's language, instead of a button that silently does nothing.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './harness.js';
import { servedWorld } from './served-world.js';

const world = servedWorld();

type Clipboard = 'missing' | 'refusing' | 'missing, no fallback';

/**
 * The settings page with the clipboard API as `clipboard` says, in `locale`; what the system
 * clipboard holds stays readable by the test (through the API kept aside).
 */
async function settingsPage(clipboard: Clipboard, locale = 'en-US'): Promise<Page> {
  const context = await world.browser.newContext({ viewport: { width: 1100, height: 900 }, locale });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: world.app.origin });
  const page = await context.newPage();
  // As a string: it runs in the page (the tests are type-checked without the DOM's types).
  await page.addInitScript(`(() => {
    const api = navigator.clipboard;
    const writeText = api.writeText.bind(api);
    window.clipboardText = () => api.readText();
    window.clipboardSet = writeText;
    if (${JSON.stringify(clipboard)} === 'refusing') {
      api.writeText = () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'));
      return;
    }
    // As on an http:// page of another machine: no navigator.clipboard at all.
    Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined, configurable: true });
    if (${JSON.stringify(clipboard)} === 'missing, no fallback') document.execCommand = () => false;
  })()`);
  await page.goto(world.app.url);
  await page.waitForSelector('[data-testid="message-input"]');
  await page.goto(`${world.app.origin}/#/settings`);
  await page.locator('[data-testid="settings-data-dir"]').waitFor();
  // Something else first on the clipboard: what is read after is what the button copied.
  await page.evaluate('window.clipboardSet("before")');
  expect(await clipboardText(page)).toBe('before');
  return page;
}

const clipboardText = (page: Page): Promise<string> => page.evaluate('window.clipboardText()');

const copyButton = (page: Page) => page.locator('[data-testid="settings-data-dir"] + button');

describe('Copy without the clipboard API', () => {
  it('copies all the same when the page has no clipboard API (plain http from another machine)', async () => {
    const page = await settingsPage('missing');
    expect(await page.evaluate('navigator.clipboard === undefined')).toBe(true);
    await copyButton(page).click();
    await expect.poll(() => copyButton(page).textContent()).toContain('Copied');
    expect(await clipboardText(page)).toBe(world.app.home);
    expect(await page.locator('[data-testid="toast"]').count()).toBe(0);
    await page.context().close();
  });

  it('copies all the same when the clipboard API refuses', async () => {
    const page = await settingsPage('refusing');
    await copyButton(page).click();
    await expect.poll(() => copyButton(page).textContent()).toContain('Copied');
    expect(await clipboardText(page)).toBe(world.app.home);
    await page.context().close();
  });

  it('says so when nothing can copy, in the UI’s language', async () => {
    for (const [locale, said] of [
      ['en-US', 'Could not copy'],
      ['zh-CN', '无法复制'],
    ] as const) {
      const page = await settingsPage('missing, no fallback', locale);
      await copyButton(page).click();
      const toast = page.locator('[data-testid="toast"].toast-error');
      await toast.waitFor();
      await screenshot(page, `copy-failed-${locale}`);
      expect(await toast.textContent()).toContain(said);
      expect(await copyButton(page).textContent()).not.toMatch(/Copied|已复制/);
      expect(await clipboardText(page)).toBe('before');
      await page.context().close();
    }
  });
});
