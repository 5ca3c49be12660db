/**
 * Settings → WeChat in Chromium against `ias serve`, its bot set up with a puppet package that is
 * not installed: what iAs says of it shows in the UI's language (简体中文 by its code), with the
 * loader's own words as they came.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WechatSettings } from '../../src/core/channels/wechat-settings.js';
import { dataPaths } from '../../src/core/paths.js';
import { openStore } from '../../src/core/store/index.js';
import { inLanguage, launchBrowser, openApp, screenshot, serve, type Served } from './harness.js';

const MISSING = 'wechaty-puppet-does-not-exist';

let browser: Browser;
let app: Served;
let page: Page;

/** A home where WeChat was set up, over a puppet package since removed. */
function setUpWithMissingPuppet(home: string): void {
  const store = openStore(dataPaths(home).database);
  try {
    const wechat = new WechatSettings(store.settings);
    wechat.setPuppet({ name: MISSING });
    wechat.setAccount({ id: 'wxid_cli_bot', name: 'CLI Bot', loggedInAt: 1 });
  } finally {
    store.close();
  }
}

beforeAll(async () => {
  app = await serve({ wechat: true, setup: setUpWithMissingPuppet });
  browser = await launchBrowser();
  page = await openApp(browser, app);
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

// Between retries the bot is starting, without an error: the box shows again with the next failure.
const errorBox = () => page.locator('[data-testid="wechat-error"]').textContent({ timeout: 20_000 });

describe("Settings → WeChat: iAs's own words on the bot's trouble", () => {
  it('in 简体中文, said in Chinese, the loader’s words kept', async () => {
    await inLanguage(page, app, 'zh-CN', async () => {
      await expect.poll(errorBox, { timeout: 20_000 }).toMatch(new RegExp(`^没有安装微信连接方式“${MISSING}”（.+）$`));
      await screenshot(page, 'wechat-error-zh');
    });
  });

  it('in English, as the core said it', async () => {
    await page.goto(`${app.origin}/#/settings`);
    await expect
      .poll(errorBox, { timeout: 20_000 })
      .toMatch(new RegExp(`^the WeChat puppet "${MISSING}" is not installed \\(.+\\)$`));
  });
});
