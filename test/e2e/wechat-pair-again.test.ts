/**
 * "Pair again" on the Settings page, in Chromium against `ias serve` with its WeChat bot (on a mock
 * puppet that logs in by itself): the owner paired before is a contact this login does not know (as
 * wechat4u's ids change with each login), and the page says so; the new code and its countdown show
 * while the owner before stays shown; once the new owner sends the code from WeChat, the page shows
 * them and the code goes away. The same goes for "the bot is my own account".
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WechatSettings } from '../../src/core/channels/wechat-settings.js';
import { dataPaths } from '../../src/core/paths.js';
import { openStore } from '../../src/core/store/index.js';
import { tempDir } from '../helpers/temp.js';
import { openApp, screenshot } from './harness.js';
import { servedWorld } from './served-world.js';

const AUTO_LOGIN = path.resolve('test/fixtures/auto-login-puppet.mjs');
/** Where the test puts what WeChat contacts send the bot (see the puppet fixture). */
const inbox = tempDir('ias-e2e-wechat-inbox-');

/** A home where WeChat was set up and paired with "Old Owner" before this run. */
function pairedBefore(home: string): void {
  const store = openStore(dataPaths(home).database);
  try {
    const wechat = new WechatSettings(store.settings);
    wechat.setPuppet({ name: AUTO_LOGIN });
    wechat.setAccount({ id: 'wxid_cli_bot', name: 'CLI Bot', loggedInAt: 1 });
    wechat.setOwner({ mode: 'contact', contactId: 'wxid_old_owner', name: 'Old Owner', boundAt: 1 });
  } finally {
    store.close();
  }
}

/** `text` sent to the bot from the WeChat contact `from` (moved into the inbox whole). */
function sendToBot(from: { id: string; name: string }, text: string): void {
  const file = path.join(path.dirname(inbox), `${path.basename(inbox)}-message.tmp`);
  fs.writeFileSync(file, JSON.stringify({ from, text }));
  fs.renameSync(file, path.join(inbox, `${Date.now()}.json`));
}

const world = servedWorld({
  serve: { wechat: true, setup: pairedBefore, env: { IAS_TEST_PUPPET_INBOX: inbox } },
  page: openApp,
  timeout: 30_000,
});

const owner = () => world.page.locator('[data-testid="wechat-owner"]').textContent();
/** The owner line while the owner paired before is not found in this login. */
const MISSING =
  'Your paired WeChat account (Old Owner) was not found in this login — pair again. Until then, approvals come to this computer.';
const pairButton = () => world.page.locator('[data-testid="wechat-pair"]').textContent();
const codeBox = () => world.page.locator('.pair-code-box');

describe('WeChat pairing on the Settings page, with an owner paired before', () => {
  it('says the owner before was not found; "Pair again" shows the new code until the new owner sends it', async () => {
    await world.page.goto(`${world.app.origin}/#/settings`);
    await world.page.waitForSelector('[data-testid="wechat-state"][data-state="logged-in"]', { timeout: 20_000 });
    await expect.poll(owner, { timeout: 10_000 }).toBe(MISSING);
    expect(await pairButton()).toBe('Pair again');
    await screenshot(world.page, 'wechat-owner-missing');

    await world.page.click('[data-testid="wechat-pair"]');
    const shown = world.page.locator('[data-testid="wechat-pair-code"]');
    await shown.waitFor();
    const code = (await shown.textContent())!;
    expect(code).toMatch(/^[A-Z0-9]{6}$/);
    expect(await codeBox().locator('.muted').textContent()).toMatch(
      /^Send this code to CLI Bot from your own WeChat · expires in \d+:\d\d$/,
    );
    expect(await owner()).toBe(MISSING);
    expect(await pairButton()).toBe('New code');
    await screenshot(world.page, 'wechat-pair-again');

    sendToBot({ id: 'wxid_new_owner', name: 'New Owner' }, code);
    await expect.poll(owner, { timeout: 10_000 }).toBe('Paired with New Owner: approval codes go to this contact.');
    expect(await codeBox().count()).toBe(0);
    expect(await pairButton()).toBe('Pair again');
  });

  it('the code goes away too when the bot is made the owner’s own account instead', async () => {
    await world.page.click('[data-testid="wechat-pair"]');
    await world.page.locator('[data-testid="wechat-pair-code"]').waitFor();
    await world.page.click('[data-testid="wechat-bind-self"]');
    await expect.poll(owner).toBe('Paired: the bot is your own account (codes go to File Transfer).');
    expect(await codeBox().count()).toBe(0);
    expect(await pairButton()).toBe('Pair again');
  });
});
