/**
 * The WeChat section's buttons, pressed from the keyboard, leave the focus on the section's buttons
 * once their work is over, not on the page's body (each is disabled while it works): "Pair" keeps
 * it, and "The bot is my own account", disabled once done, hands it to the pairing button beside it.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { WechatSettings } from '../../src/core/channels/wechat-settings.js';
import { dataPaths } from '../../src/core/paths.js';
import { openStore } from '../../src/core/store/index.js';
import { tempDir } from '../helpers/temp.js';
import { openApp } from './harness.js';
import { servedWorld } from './served-world.js';

const AUTO_LOGIN = path.resolve('test/fixtures/auto-login-puppet.mjs');

/** A home where WeChat was logged in before (with a puppet that logs in by itself), no owner paired yet. */
function setUp(home: string): void {
  const store = openStore(dataPaths(home).database);
  try {
    const wechat = new WechatSettings(store.settings);
    wechat.setPuppet({ name: AUTO_LOGIN });
    wechat.setAccount({ id: 'wxid_cli_bot', name: 'CLI Bot', loggedInAt: 1 });
  } finally {
    store.close();
  }
}

const world = servedWorld({
  serve: { wechat: true, setup: setUp, env: { IAS_TEST_PUPPET_INBOX: tempDir('ias-e2e-wechat-inbox-') } },
  page: openApp,
  timeout: 30_000,
});

/** The focused control's test id (null when the focus is on the page's body). */
const focused = (page: Page) =>
  page.evaluate<string | null>(`document.activeElement?.getAttribute('data-testid') ?? null`);

it('Pair and “the bot is my own account” from the keyboard leave the focus on the pairing buttons', async () => {
  const page = world.page;
  await page.goto(`${world.app.origin}/#/settings`);
  await page.waitForSelector('[data-testid="wechat-state"][data-state="logged-in"]', { timeout: 20_000 });

  await page.focus('[data-testid="wechat-pair"]');
  await page.keyboard.press('Enter');
  await page.locator('[data-testid="wechat-pair-code"]').waitFor();
  await expect.poll(() => focused(page)).toBe('wechat-pair');

  await page.focus('[data-testid="wechat-bind-self"]');
  await page.keyboard.press('Enter');
  await expect
    .poll(() => page.locator('[data-testid="wechat-owner"]').textContent(), { timeout: 10_000 })
    .toBe('Paired: the bot is your own account (codes go to File Transfer).');
  await expect.poll(() => focused(page)).toBe('wechat-pair');
});
