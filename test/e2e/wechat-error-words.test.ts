/**
 * Settings → WeChat in Chromium against `ias serve`, its bot set up with a puppet package that is
 * not installed: what iAs says of it shows in the UI's language (简体中文 by its code), with the
 * loader's own words as they came.
 */
import { describe, expect, it } from 'vitest';
import { WechatSettings } from '../../src/core/channels/wechat-settings.js';
import { dataPaths } from '../../src/core/paths.js';
import { openStore } from '../../src/core/store/index.js';
import { inLanguage, openApp, screenshot } from './harness.js';
import { servedWorld } from './served-world.js';

const MISSING = 'wechaty-puppet-does-not-exist';

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

const world = servedWorld({ serve: { wechat: true, setup: setUpWithMissingPuppet }, page: openApp, timeout: 30_000 });

// Between retries the bot is starting, without an error: the box shows again with the next failure.
const errorBox = () => world.page.locator('[data-testid="wechat-error"]').textContent({ timeout: 20_000 });

describe("Settings → WeChat: iAs's own words on the bot's trouble", () => {
  it('in 简体中文, said in Chinese, the loader’s words kept', async () => {
    await inLanguage(world.page, world.app, 'zh-CN', async () => {
      await expect.poll(errorBox, { timeout: 20_000 }).toMatch(new RegExp(`^没有安装微信连接方式“${MISSING}”（.+）$`));
      await screenshot(world.page, 'wechat-error-zh');
    });
  });

  it('in English, as the core said it', async () => {
    await world.page.goto(`${world.app.origin}/#/settings`);
    await expect
      .poll(errorBox, { timeout: 20_000 })
      .toMatch(new RegExp(`^the WeChat puppet "${MISSING}" is not installed \\(.+\\)$`));
  });
});
