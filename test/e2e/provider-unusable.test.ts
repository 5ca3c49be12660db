/**
 * A model set up with a setting that cannot be used, in Chromium against `ias serve`: the chat says
 * so (which setting, from where, why; never the key) rather than showing the first-run setup card,
 * and leads to Settings, which shows the saved value with its problem under the field until it is
 * mended; a setting from an IAS_LLM_* variable is said with the variable to change, which Settings
 * cannot. In English and in 简体中文. A key saved in a file other users can read is such a setting
 * too: said with its file and how to make it private, and mended by saving the key again.
 */
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, saveModelSettings, screenshot, serve, type Served } from './harness.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * A base URL saved before iAs checked them: a query in it. The model server's own, so that the
 * key saved with it is that server's (sent once the query is taken out).
 */
const savedUrl = (model: { url: string }) => `${model.url}?api-version=1`;
/** A key pasted from a key file saved as UTF-16: a NUL after each letter. */
const UTF16_KEY = Buffer.from('sk-SECRET-e2e', 'utf16le').toString('latin1');
/** What of a key must never show: its middle, with or without the NULs. */
const KEY_SHOWN = /S\0?E\0?C\0?R\0?E\0?T/;

/** Writes the settings and the key as an older iAs left them, before `ias serve` opens the folder. */
function savedAsOlderVersionsDid(home: string, model: { url: string }): void {
  saveModelSettings(home, { baseUrl: savedUrl(model), model: 'test-model', apiKey: UTF16_KEY });
}

async function openPage(app: Served): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1100, height: 760 }, locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(app.url);
  await page.waitForSelector('[data-testid="message-input"]');
  return page;
}

const card = (page: Page) => page.locator('[data-testid="model-unusable"]');
const problem = (page: Page) => page.locator('[data-testid="model-unusable-problem"]');
const input = (page: Page) => page.locator('[data-testid="message-input"]');

/** Once the chat shows a card about the model: it is the one saying what cannot be used, not the setup card. */
async function notSetupCard(page: Page): Promise<void> {
  await page.locator('[data-testid="model-unusable"], [data-testid="setup-card"]').first().waitFor();
  expect(await page.locator('[data-testid="setup-card"]').count()).toBe(0);
  expect(await card(page).count()).toBe(1);
}

/** The UI in `language` (from the Settings page), then back to `hash`. */
async function speak(page: Page, app: Served, language: 'zh-CN' | 'system', hash: string): Promise<void> {
  await page.goto(`${app.origin}/#/settings`);
  await page.selectOption('[data-testid="settings-language"]', language);
  await page.goto(`${app.origin}/${hash}`);
}

/** A served data folder with a provider and `key` saved, `spoil`ed once iAs runs; filled in before the tests. */
function servedWithSavedKey(key: string, spoil: (home: string, keyFile: string) => void) {
  const world = {} as { app: Served; page: Page; keyFile: string };
  beforeAll(async () => {
    world.app = await serve({
      noModel: true,
      setup: (home, model) => {
        world.keyFile = saveModelSettings(home, { baseUrl: model.url, model: 'test-model', apiKey: key });
      },
    });
    // Spoilt once iAs runs, before the page loads: it would not start with its token file or its
    // approval key behind a folder others can change (the key is read for each turn anyway).
    spoil(world.app.home, world.keyFile);
    world.page = await openPage(world.app);
  }, 60_000);
  afterAll(async () => {
    await world.page?.context().close();
    await world.app?.stop();
  });
  return world;
}

/** The chat, no longer blocked, sends a message with `key` and shows the reply. */
async function expectChatSendsKey(page: Page, app: Served, key: string): Promise<void> {
  await page.goto(`${app.origin}/#/chat`);
  await expect.poll(() => input(page).isEnabled()).toBe(true);
  expect(await card(page).count()).toBe(0);
  app.model.enqueue({ content: 'Hello with the key in use.' });
  await input(page).fill('hello?');
  await page.click('[data-testid="send-button"]');
  await expect
    .poll(async () => (await page.locator('[data-testid="assistant-message"]').last().textContent()) ?? '')
    .toContain('Hello with the key in use.');
  expect(app.model.requests.at(-1)!.headers.authorization).toBe(`Bearer ${key}`);
}

describe('a saved base URL and key that cannot be used', () => {
  let app: Served;
  let page: Page;

  beforeAll(async () => {
    app = await serve({ noModel: true, setup: savedAsOlderVersionsDid });
    page = await openPage(app);
  }, 60_000);

  afterAll(async () => {
    await page?.context().close();
    await app?.stop();
  });

  it('in the tray’s compact chat, which has no Settings, the card holds the form', async () => {
    const compact = await page.context().newPage();
    try {
      await compact.goto(`${app.origin}/?compact=1#/chat`);
      await notSetupCard(compact);
      expect(await problem(compact).textContent()).toMatch(/^The base URL in the settings has a query/);
      expect(await compact.locator('[data-testid="model-unusable-open-settings"]').count()).toBe(0);
      const urlError = card(compact).locator('[data-testid="provider-base-url-error"]');
      expect(await urlError.textContent()).toBe(await problem(compact).textContent());
      expect(await card(compact).locator('[data-testid="provider-base-url"]').inputValue()).toBe(savedUrl(app.model));
    } finally {
      await compact.close();
    }
  });

  it('are said in the chat and under their fields in Settings, until mended', async () => {
    // The chat says what is wrong and where, not "set up a model".
    await notSetupCard(page);
    expect(await card(page).locator('h2').textContent()).toBe(' A model is set up, but iAs cannot use it');
    const urlLine = `The base URL in the settings has a query (?…) in it: "${app.model.url}?…". A base URL ends with its path, such as https://api.deepseek.com/v1.`;
    expect(await problem(page).textContent()).toBe(urlLine);
    expect(await page.locator('[data-testid="model-unusable-env"]').count()).toBe(0);
    expect(await input(page).isDisabled()).toBe(true);
    expect(await input(page).getAttribute('placeholder')).toBe('Fix the model setting above to start chatting');
    await screenshot(page, 'chat-model-unusable');

    // Open Settings: the saved base URL, its problem under it.
    await page.click('[data-testid="model-unusable-open-settings"]');
    const urlField = page.locator('[data-testid="provider-base-url"]');
    const urlError = page.locator('[data-testid="provider-base-url-error"]');
    await urlError.waitFor();
    expect(new URL(page.url()).hash).toBe('#/settings');
    expect(await page.locator('[data-testid="provider-effective"]').textContent()).toBe(
      'iAs cannot use this model until the problem below is fixed.',
    );
    expect(await urlField.inputValue()).toBe(savedUrl(app.model));
    expect(await urlError.textContent()).toBe(urlLine);
    expect(await urlField.getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'settings-base-url-unusable');

    // Another address typed: the saved one's problem is no longer what the field shows.
    await urlField.fill(app.model.url);
    await expect.poll(() => urlError.count()).toBe(0);
    expect(await urlField.getAttribute('aria-invalid')).toBe('false');
    await page.click('[data-testid="provider-save"]');

    // Saved: now the key, still saved as it was, is what cannot be used; said without it.
    const keyField = page.locator('[data-testid="provider-key"]');
    const keyError = page.locator('[data-testid="provider-key-error"]');
    await keyError.waitFor();
    expect(await keyError.textContent()).toBe(
      'The saved API key has a character no request can carry (an API key is letters, digits and punctuation; a NUL comes from a key file saved as UTF-16). Enter the key again and save it.',
    );
    expect(await keyField.getAttribute('aria-invalid')).toBe('true');
    expect(await urlError.count()).toBe(0);
    expect(await page.locator('body').textContent()).not.toMatch(KEY_SHOWN);

    // The chat says the same of the key, in 简体中文 too.
    await page.goto(`${app.origin}/#/chat`);
    await expect.poll(() => problem(page).textContent()).toMatch(/^The saved API key has a character no request/);
    await speak(page, app, 'zh-CN', '#/chat');
    try {
      await expect
        .poll(() => problem(page).textContent())
        .toBe(
          '已保存的 API 密钥含有无法在请求中发送的字符（API 密钥只由字母、数字和标点组成；NUL 来自存成 UTF-16 的密钥文件）。请重新填写密钥并保存。',
        );
      expect(await card(page).locator('h2').textContent()).toBe(' 模型已设置，但 iAs 无法使用它');
      expect(await page.locator('[data-testid="model-unusable-open-settings"]').textContent()).toBe('打开设置');
      expect(await input(page).getAttribute('placeholder')).toBe('请先修正上方的模型设置，然后开始对话');
      await page.click('[data-testid="model-unusable-open-settings"]');
      await expect
        .poll(() => page.locator('[data-testid="provider-key-error"]').textContent())
        .toBe(
          '已保存的 API 密钥含有无法在请求中发送的字符（API 密钥只由字母、数字和标点组成；NUL 来自存成 UTF-16 的密钥文件）。请重新填写密钥并保存。',
        );
    } finally {
      await speak(page, app, 'system', '#/settings');
    }

    // A good key typed and saved: nothing is wrong any more, and the chat works.
    await keyField.fill('test-key');
    await expect.poll(() => keyError.count()).toBe(0);
    await page.click('[data-testid="provider-save"]');
    await expect
      .poll(() => page.locator('[data-testid="provider-effective"]').textContent())
      .toBe(`In use: test-model at ${app.model.url}`);
    expect(await keyError.count()).toBe(0);

    await page.goto(`${app.origin}/#/chat`);
    await expect.poll(() => input(page).isEnabled()).toBe(true);
    expect(await card(page).count()).toBe(0);
    app.model.enqueue({ content: 'Hello from the mended model.' });
    await input(page).fill('hello?');
    await page.click('[data-testid="send-button"]');
    await expect
      .poll(async () => (await page.locator('[data-testid="assistant-message"]').last().textContent()) ?? '')
      .toContain('Hello from the mended model.');
    expect(app.model.requests.at(-1)!.headers.authorization).toBe('Bearer test-key');
  });
});

describe('an IAS_LLM_API_KEY that cannot be used', () => {
  let app: Served;
  let page: Page;

  beforeAll(async () => {
    app = await serve({ env: { IAS_LLM_API_KEY: 'sk-SECRET with-a-space' } });
    page = await openPage(app);
  }, 60_000);

  afterAll(async () => {
    await page?.context().close();
    await app?.stop();
  });

  it('is said as the variable’s, with the variable to change, which Settings cannot', async () => {
    await notSetupCard(page);
    expect(await problem(page).textContent()).toBe(
      'IAS_LLM_API_KEY has a space or line break inside it, which an API key never has.',
    );
    const envNote =
      'IAS_LLM_API_KEY is set in the environment iAs was started in, and Settings cannot change it: correct IAS_LLM_API_KEY there (or unset it to use the settings here), then restart iAs.';
    expect(await page.locator('[data-testid="model-unusable-env"]').textContent()).toBe(envNote);
    // Settings cannot mend it: not offered.
    expect(await page.locator('[data-testid="model-unusable-open-settings"]').count()).toBe(0);
    expect(await input(page).isDisabled()).toBe(true);
    await screenshot(page, 'chat-model-unusable-env');

    // Settings says it above the form, not under a field that shows the saved settings.
    await page.goto(`${app.origin}/#/settings`);
    const notice = page.locator('[data-testid="provider-env-problem"]');
    await notice.waitFor();
    expect(await notice.textContent()).toBe(
      `IAS_LLM_API_KEY has a space or line break inside it, which an API key never has. ${envNote}`,
    );
    expect(await page.locator('[data-testid="provider-key-error"]').count()).toBe(0);
    expect(await page.locator('[data-testid="provider-base-url-error"]').count()).toBe(0);
    expect(await page.locator('body').textContent()).not.toContain('SECRET');

    await speak(page, app, 'zh-CN', '#/chat');
    try {
      await expect
        .poll(() => problem(page).textContent())
        .toBe('IAS_LLM_API_KEY 中间含有空格或换行，而 API 密钥中不会有这些。');
      expect(await page.locator('[data-testid="model-unusable-env"]').textContent()).toBe(
        'IAS_LLM_API_KEY 是启动 iAs 时所在环境中的变量，无法在设置中更改：请在那里修正 IAS_LLM_API_KEY（或删除它以使用这里的设置），然后重启 iAs。',
      );
    } finally {
      await speak(page, app, 'system', '#/chat');
    }
  });
});

describe('a saved API key in a file other users can read', () => {
  const KEY = 'sk-SECRET-mode-e2e';
  // As a copy or a backup restored with the umask's mode leaves it.
  const world = servedWithSavedKey(KEY, (_home, keyFile) => fs.chmodSync(keyFile, 0o644));

  it('is said in the chat and in Settings, with the file to make private, and mended by saving the key again', async () => {
    const { app, page, keyFile } = world;
    const line = `The file that holds the saved API key can be read by other users (mode 644), so iAs does not use it. Enter the key again and save it (iAs then keeps it in a file only you can read), or make the file private: chmod 600 ${keyFile}`;
    await notSetupCard(page);
    expect(await problem(page).textContent()).toBe(line);
    expect(await input(page).isDisabled()).toBe(true);
    expect(await page.locator('body').textContent()).not.toContain('SECRET');
    await screenshot(page, 'chat-api-key-file-open');

    await speak(page, app, 'zh-CN', '#/chat');
    try {
      await expect
        .poll(() => problem(page).textContent())
        .toBe(
          `保存 API 密钥的文件其他用户也能读取（权限 644），因此 iAs 不会使用它。请重新填写密钥并保存（iAs 会把它存进只有你能读取的文件），或把这个文件设为只有你能读取：chmod 600 ${keyFile}`,
        );
    } finally {
      await speak(page, app, 'system', '#/chat');
    }

    // Settings says it under the key's field; the rest of the settings are as saved.
    await page.click('[data-testid="model-unusable-open-settings"]');
    const keyError = page.locator('[data-testid="provider-key-error"]');
    await expect.poll(() => keyError.textContent()).toBe(line);
    expect(await page.locator('[data-testid="provider-effective"]').textContent()).toBe(
      'iAs cannot use this model until the problem below is fixed.',
    );
    expect(await page.locator('[data-testid="provider-base-url"]').inputValue()).toBe(app.model.url);
    // The core still does not read the file: the connection test says the same, sending nothing.
    await page.click('[data-testid="provider-test"]');
    await expect
      .poll(() => page.locator('[data-testid="provider-test-result"]').textContent())
      .toContain('can be read by other users (mode 644)');
    expect(app.model.requests).toHaveLength(0);
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o644);

    // The key entered again and saved: a new file, readable by its owner alone, and the chat works.
    await page.locator('[data-testid="provider-key"]').fill(KEY);
    await expect.poll(() => keyError.count()).toBe(0);
    await page.click('[data-testid="provider-save"]');
    await expect
      .poll(() => page.locator('[data-testid="provider-effective"]').textContent())
      .toBe(`In use: test-model at ${app.model.url}`);
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);

    await expectChatSendsKey(page, app, KEY);
  });
});

describe.skipIf(process.platform === 'win32')('a saved API key in a folder other users can change', () => {
  const KEY = 'sk-SECRET-folder-e2e';
  // A data folder its group can write to (made with umask 002, say).
  const world = servedWithSavedKey(KEY, (home) => fs.chmodSync(home, 0o775));

  it('is said in the chat and Settings with the folder to close; saving is refused until it is', async () => {
    const { app, page, keyFile } = world;
    const line = `The folder ${app.home}, on the way to the file that holds the API key (${keyFile}), can be changed by other users (mode 775), who could swap it for a file holding a key of theirs, so iAs neither uses nor saves an API key there. Make it writable by you alone with \`chmod go-w ${app.home}\`, then save the key again.`;
    await notSetupCard(page);
    expect(await problem(page).textContent()).toBe(line);
    expect(await input(page).isDisabled()).toBe(true);
    await screenshot(page, 'chat-api-key-folder-unsafe');

    await speak(page, app, 'zh-CN', '#/chat');
    try {
      await expect
        .poll(() => problem(page).textContent())
        .toBe(
          `保存 API 密钥的文件（${keyFile}）所在路径上的文件夹 ${app.home} 可被其他用户修改（权限 775），他们可能把它换成存有自己密钥的文件，因此 iAs 不会在那里使用或保存 API 密钥。请用 \`chmod go-w ${app.home}\` 让它只有你能写入，然后重新保存密钥。`,
        );
    } finally {
      await speak(page, app, 'system', '#/chat');
    }

    // Settings says it under the key's field; saving the key there is refused, and says why.
    await page.click('[data-testid="model-unusable-open-settings"]');
    const keyError = page.locator('[data-testid="provider-key-error"]');
    await expect.poll(() => keyError.textContent()).toBe(line);
    await page.locator('[data-testid="provider-key"]').fill('sk-SECRET-swapped');
    await page.click('[data-testid="provider-save"]');
    const toast = page.locator('[data-testid="toast"]').last();
    await expect.poll(() => toast.textContent()).toContain(`The API key was not saved. ${line}`);
    expect(fs.readFileSync(keyFile, 'utf8')).toBe(KEY);
    expect(await page.locator('body').textContent()).not.toContain('SECRET');

    // The folder closed to others: the saved key is used. (The refused key is cleared first: left
    // typed, leaving Settings would ask before it goes.)
    fs.chmodSync(app.home, 0o755);
    await page.locator('[data-testid="provider-key"]').fill('');
    await expectChatSendsKey(page, app, KEY);
  });
});
