/**
 * The Settings page's general section, and the app's language and theme, follow the settings saved
 * elsewhere, in Chromium against `ias serve`: by another client of the server (another window), or
 * by another process writing the same data folder (as another app's Settings page does). The page
 * is not reloaded: the `settings-changed` event makes it read them again, as `provider-changed`
 * does for the model section. Each control saves as it changes: there is no unsaved edit to keep.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { APP_SETTINGS } from '../../src/core/owner-locale.js';
import { HIGH_RISK_PAUSED } from '../../src/core/runtime.js';
import { openStore } from '../../src/core/store/index.js';
import type { AppSettings } from '../../src/shared/contract.js';
import { openServedPage, screenshot } from './harness.js';
import { servedWorld } from './served-world.js';

const SOON = { timeout: 15_000 };

const world = servedWorld({ page: openServedPage, other: true });

/** Another iAs process saving general settings in the same database, as its Settings page would. */
function savedByAnotherProcess(change: Partial<AppSettings>, paused?: boolean): void {
  const store = openStore(path.join(world.app.home, 'ias.db'));
  try {
    const current = store.settings.get<Partial<AppSettings>>(APP_SETTINGS) ?? {};
    store.settings.set(APP_SETTINGS, { ...current, ...change });
    if (paused !== undefined) store.settings.set(HIGH_RISK_PAUSED, paused);
  } finally {
    store.close();
  }
}

const select = (id: string) => world.page.locator(`[data-testid="settings-${id}"]`);
const heading = () => world.page.locator('.settings-page h1');
const htmlTheme = () => world.page.locator('html').getAttribute('data-theme');
const htmlLang = () => world.page.locator('html').getAttribute('lang');

it('follows the theme and time zone another window saves, and the language another process saves', async () => {
  await world.page.goto(`${world.app.origin}/#/settings`);
  await select('theme').waitFor();
  expect(await heading().textContent()).toBe('Settings');
  expect(await select('theme').inputValue()).toBe('system');

  // Another window (a client of the same server) picks the dark theme and a time zone.
  await world.other.call('saveSettings', { theme: 'dark', timeZone: 'Europe/Paris' });
  await expect.poll(() => select('theme').inputValue(), SOON).toBe('dark');
  await expect.poll(htmlTheme, SOON).toBe('dark');
  await expect.poll(() => select('time-zone').inputValue(), SOON).toBe('Europe/Paris');
  expect(await world.page.locator('[data-testid="settings-time-zone-in-use"]').textContent()).toContain('Europe/Paris');

  // Another process, on the same data folder: 简体中文, and high-risk skills paused.
  savedByAnotherProcess({ language: 'zh-CN' }, true);
  await expect.poll(() => heading().textContent(), SOON).toBe('设置');
  await expect.poll(htmlLang, SOON).toBe('zh-CN');
  expect(await select('language').inputValue()).toBe('zh-CN');
  await expect.poll(() => world.page.locator('[data-testid="settings-pause-high-risk"]').isChecked(), SOON).toBe(true);
  await screenshot(world.page, 'settings-changed-elsewhere');

  // The whole app follows, not only Settings: the chat's words are Chinese, the theme still dark.
  await world.page.goto(`${world.app.origin}/#/chat`);
  await world.page.waitForSelector('[data-testid="message-input"]');
  expect(await htmlLang()).toBe('zh-CN');
  savedByAnotherProcess({ language: 'en', theme: 'light' });
  await expect.poll(htmlLang, SOON).toBe('en');
  await expect.poll(htmlTheme, SOON).toBe('light');

  // This page's own change still saves, and the other client reads it.
  await world.page.goto(`${world.app.origin}/#/settings`);
  await select('theme').waitFor();
  expect(await heading().textContent()).toBe('Settings');
  await world.page.selectOption('[data-testid="settings-theme"]', 'system');
  await expect.poll(async () => (await world.other.call<AppSettings>('getSettings')).theme, SOON).toBe('system');
  expect(await select('theme').inputValue()).toBe('system');
});
