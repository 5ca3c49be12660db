/**
 * The owner's time zone on the Settings page, in Chromium against `ias serve`: the zone in use is
 * shown, a zone chosen there is what the model is told, 'Follow system' goes back to the
 * computer's, and the transport refuses a name that is no zone with a clear reason. On the same
 * page, a provider base URL or API key the core refuses is said under its field (in English and in
 * 简体中文), not in a toast, nothing is saved, and a reload shows the base URL saved before.
 */
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { computerTimeZone } from '../../src/core/time-zone.js';
import type { AppSettings, ProviderInfo } from '../../src/shared/contract.js';
import { openApp, screenshot } from './harness.js';
import { servedWorld } from './served-world.js';

/** A zone no test machine is in: UTC+12:45 (+13:45 in its summer). */
const ZONE = 'Pacific/Chatham';

const world = servedWorld({
  page: (browser, app) => openApp(browser, app, { viewport: { width: 1280, height: 860 }, locale: 'en-US' }),
  other: true,
  timeout: 30_000,
});

const inUse = () => world.page.locator('[data-testid="settings-time-zone-in-use"]').textContent();
const settings = async () => (await world.other.socket.call('getSettings')).result as AppSettings;

/** The system prompt the model got for a message sent from the chat page. */
async function promptFor(text: string): Promise<string> {
  const before = world.app.model.requests.length;
  world.app.model.enqueue({ content: 'Noted.' });
  await world.page.goto(`${world.app.origin}/#/chat`);
  await world.page.fill('[data-testid="message-input"]', text);
  await world.page.click('[data-testid="send-button"]');
  await expect.poll(() => world.app.model.requests.length).toBeGreaterThan(before);
  return (world.app.model.requests.at(-1)!.body.messages[0] as { content: string }).content;
}

describe('the time zone on the Settings page', () => {
  it("shows the zone in use, sets one, and follows the computer's again", async () => {
    expect(computerTimeZone()).not.toBe(ZONE);
    await world.page.goto(`${world.app.origin}/#/settings`);
    const field = world.page.locator('[data-testid="settings-time-zone"]');
    expect(await field.inputValue()).toBe('system');
    await expect.poll(inUse).toContain(`In use: ${computerTimeZone()}.`);

    await field.selectOption(ZONE);
    await expect.poll(inUse).toContain(`In use: ${ZONE}.`);
    expect(await settings()).toMatchObject({ timeZone: ZONE, timeZoneInUse: ZONE });
    await screenshot(world.page, 'settings-time-zone');
    expect(await promptFor('what day is it?')).toMatch(/\(Pacific\/Chatham, UTC\+1[23]:45\)/);

    // Kept across a reload, and said in 简体中文 too.
    await world.page.goto(`${world.app.origin}/#/settings`);
    await world.page.reload();
    expect(await world.page.locator('[data-testid="settings-time-zone"]').inputValue()).toBe(ZONE);
    await world.page.selectOption('[data-testid="settings-language"]', 'zh-CN');
    try {
      await expect.poll(inUse).toContain(`当前使用：${ZONE}。`);
      expect(await world.page.locator('[data-testid="settings-time-zone"] option[value="system"]').textContent()).toBe(
        '跟随系统',
      );
    } finally {
      await world.page.selectOption('[data-testid="settings-language"]', 'system');
    }

    await world.page.locator('[data-testid="settings-time-zone"]').selectOption('system');
    await expect.poll(inUse).toContain(`In use: ${computerTimeZone()}.`);
    expect(await settings()).toMatchObject({ timeZone: 'system', timeZoneInUse: computerTimeZone() });
    expect(await promptFor('and now?')).toContain(`(${computerTimeZone()}, UTC`);
  });

  it('refuses a name that is no time zone over the transport, and says why', async () => {
    const answer = await world.other.socket.call('saveSettings', { timeZone: 'Mars/Olympus_Mons' });
    expect(answer.error).toBe(
      `saveSettings: argument 1/timeZone: "Mars/Olympus_Mons" is not a time zone: use an IANA name such as Asia/Shanghai or Europe/London, or "system" to follow the computer's`,
    );
    expect((await settings()).timeZone).toBe('system');
  });
});

const urlField = () => world.page.locator('[data-testid="provider-base-url"]');
const urlError = () => world.page.locator('[data-testid="provider-base-url-error"]');
const keyField = () => world.page.locator('[data-testid="provider-key"]');
const keyError = () => world.page.locator('[data-testid="provider-key-error"]');
const saved = async () => ((await world.other.socket.call('getProvider')).result as ProviderInfo).saved;

/** The Settings page with the test's model server saved as a custom provider. */
async function customProviderSaved(): Promise<void> {
  await world.page.goto(`${world.app.origin}/#/settings`);
  await world.page.selectOption('[data-testid="provider-preset"]', '');
  await urlField().fill(world.app.model.url);
  await world.page.fill('[data-testid="provider-model"]', 'test-model');
  await world.page.click('[data-testid="provider-save"]');
  await expect.poll(async () => (await saved()).baseUrl).toBe(world.app.model.url);
}

/** The core's refusal said under `field` as `error`, the field marked invalid, and no error toast. */
async function refusedUnder(field: Locator, error: Locator, english: string): Promise<void> {
  await error.waitFor();
  expect(await error.textContent()).toBe(english);
  expect(await field.getAttribute('aria-invalid')).toBe('true');
  expect(await world.page.locator('[data-testid="toast"].toast-error').count()).toBe(0);
}

/** Test connection, which saves first: refused under the field as `english` says, and no test made. */
async function testRefused(field: Locator, error: Locator, english: string | RegExp): Promise<void> {
  const asked = world.app.model.requests.length;
  await world.page.click('[data-testid="provider-test"]');
  await error.waitFor();
  expect(await error.textContent()).toMatch(english);
  expect(await field.getAttribute('aria-invalid')).toBe('true');
  expect(await world.page.locator('[data-testid="provider-test-result"]').textContent()).toBe('');
  expect(world.app.model.requests.length).toBe(asked);
}

/** `error` said in 简体中文 once the UI speaks it (and the UI back to the system's language after). */
async function inChinese(error: Locator, chinese: string): Promise<void> {
  await world.page.selectOption('[data-testid="settings-language"]', 'zh-CN');
  try {
    await expect.poll(() => error.textContent()).toBe(chinese);
  } finally {
    await world.page.selectOption('[data-testid="settings-language"]', 'system');
  }
}

describe('the base URL on the Settings page', () => {
  it('is refused under its field when it cannot be used, and the saved one is kept', async () => {
    await customProviderSaved();

    // A user name and password in it: said under the field (the password hidden), nothing saved.
    await urlField().fill('https://me:hunter2@api.example.com/v1');
    await world.page.fill('[data-testid="provider-model"]', 'other-model');
    await world.page.click('[data-testid="provider-save"]');
    // Under the field rather than in a toast.
    await refusedUnder(
      urlField(),
      urlError(),
      'The base URL holds a user name or password: "https://***@api.example.com/v1". Leave them out: the API key is given apart, not in the address.',
    );
    await screenshot(world.page, 'settings-provider-refused');

    // Test connection saves first: refused the same way, and no test is made.
    await urlField().fill('http://127.0.0.1:9/v1/chat/completions');
    await expect.poll(() => urlError().count()).toBe(0);
    await testRefused(urlField(), urlError(), /use http:\/\/127\.0\.0\.1:9\/v1\.$/);

    // Said in the UI's language.
    await inChinese(
      urlError(),
      '接口地址是完整的接口端点：“http://127.0.0.1:9/v1/chat/completions”。接口地址应在 /chat/completions 之前结束：请使用 http://127.0.0.1:9/v1。',
    );

    expect(await saved()).toEqual({ baseUrl: world.app.model.url, model: 'test-model', hasKey: false });
    await world.page.reload();
    await urlField().waitFor();
    expect(await urlField().inputValue()).toBe(world.app.model.url);
    expect(await world.page.locator('[data-testid="provider-model"]').inputValue()).toBe('test-model');
    expect(await urlError().count()).toBe(0);
  });
});

describe('the API key on the Settings page', () => {
  it('says truly where a saved key is kept: headless, a private file, not the keychain', async () => {
    await customProviderSaved();
    const hint = world.page.locator('[data-testid="provider-key-hint"]');
    expect(await hint.textContent()).toBe(
      'Stored in a private file only you can read (this machine offers no keychain here), never shown again.',
    );
    await inChinese(hint, '保存在仅你可读的私有文件中（此处无法使用系统钥匙串），不会再次显示。');
  });

  it('is refused under its field when no request could carry it, never shown, and nothing is saved', async () => {
    await customProviderSaved();
    const before = await saved();
    expect(before.hasKey).toBe(false);

    // Pasted from a key file saved as UTF-16: a NUL after each letter.
    await keyField().fill('s\0k\0-\0S\0E\0C\0R\0E\0T\0');
    await world.page.click('[data-testid="provider-save"]');
    await refusedUnder(
      keyField(),
      keyError(),
      'The API key has characters a request cannot carry: an API key is letters, digits and punctuation (printable ASCII). Was it copied from a file saved as UTF-16? Nothing was saved.',
    );
    expect(await world.page.locator('body').textContent()).not.toMatch(/S\0?E\0?C\0?R/);
    await screenshot(world.page, 'settings-provider-key-refused');

    // Test connection saves first: refused the same way, and no test is made.
    await keyField().fill('sk-e2e with a space');
    await expect.poll(() => keyError().count()).toBe(0);
    await testRefused(
      keyField(),
      keyError(),
      /^The API key has a space or line break in it, and an API key has none\. Nothing was saved\.$/,
    );
    await inChinese(keyError(), 'API 密钥中含有空格或换行，而 API 密钥不含这些。什么也没有保存。');
    expect(await saved()).toEqual(before);

    // A key that can be sent is saved, the line end of a paste left out.
    await keyField().fill('sk-e2e-good ');
    await world.page.click('[data-testid="provider-save"]');
    await expect.poll(async () => (await saved()).hasKey).toBe(true);
    expect(await keyError().count()).toBe(0);
  });
});
