/**
 * The model becomes unusable after the chat page read it (the saved key's file opened to other
 * users, which no iAs process tells), in Chromium against `ias serve`: a message sent then is
 * not lost. Nothing is stored (no empty conversation appears), the message stays in the
 * transcript saying it was not sent and why, it waits in the message box, and the chat shows the
 * card that says what to mend; mended, the same text is sent. A change an iAs process makes (the
 * model's settings removed in another window) is followed at once: the card shows before a send.
 */
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  lastError,
  launchBrowser,
  otherClient,
  saveModelSettings,
  screenshot,
  sendInChat,
  serve,
  type Served,
  storedConversations,
} from './harness.js';

const KEY = 'sk-e2e-key';

let browser: Browser;
let app: Served;
let keyFile: string;
beforeAll(async () => {
  browser = await launchBrowser();
  // The model saved in the settings (no IAS_LLM_* variable), as a user sets it up.
  app = await serve({
    noModel: true,
    setup: (home, model) => {
      keyFile = saveModelSettings(home, { baseUrl: model.url, model: 'test-model', apiKey: KEY });
    },
  });
}, 60_000);
afterAll(async () => {
  await app?.stop();
  await browser?.close();
});

const input = (page: Page) => page.locator('[data-testid="message-input"]');
const userMessages = (page: Page) => page.locator('[data-testid="message"][data-role="user"]');
const conversationItems = (page: Page) => page.locator('[data-testid="conversation-item"]');

/** A page of the chat, read while the model works: the message box takes text. */
async function openChat(hash = '#/chat'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1100, height: 760 }, locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(app.url);
  await page.goto(`${app.origin}/${hash}`);
  await expect.poll(() => input(page).isEnabled()).toBe(true);
  return page;
}

describe('a message sent after the model became unusable', () => {
  it('in a conversation: kept in the box and shown as not sent, the key’s problem said; sent once mended', async () => {
    const page = await openChat();
    app.model.enqueue({ content: 'Hello there.' });
    await sendInChat(page, 'hello');
    await expect
      .poll(async () => (await page.locator('[data-testid="assistant-message"]').last().textContent()) ?? '')
      .toContain('Hello there.');
    const conversationId = new URL(page.url()).hash.split('/').at(-1)!;
    const requests = app.model.requests.length;

    // As a copy or a backup restored with the umask's mode leaves it, while the page is open.
    fs.chmodSync(keyFile, 0o644);
    await sendInChat(page, 'and then?');

    await expect
      .poll(() => lastError(page))
      .toBe(
        `The message was not sent. The file that holds the saved API key, ${keyFile}, can be read by other users (mode 644), so iAs does not use it. Make it private with \`chmod 600 ${keyFile}\`, or save the key again in the settings.`,
      );
    await expect.poll(() => input(page).inputValue()).toBe('and then?');
    await expect.poll(() => page.locator('[data-testid="model-unusable"]').count()).toBe(1);
    expect(await page.locator('[data-testid="model-unusable-problem"]').textContent()).toMatch(
      /^The file that holds the saved API key can be read by other users \(mode 644\)/,
    );
    expect(await input(page).isDisabled()).toBe(true);
    expect(await userMessages(page).allTextContents()).toEqual([
      expect.stringContaining('hello'),
      expect.stringContaining('and then?'),
    ]);
    expect(await page.locator('[data-testid="assistant-message"]').first().textContent()).toContain('Hello there.');
    expect(app.model.requests.length).toBe(requests);
    await screenshot(page, 'chat-model-lost-follow-up');

    // What is stored is the conversation as it was.
    const stored = await storedConversations(app);
    expect(stored.map((c) => c.id)).toEqual([conversationId]);

    // Mended in Settings (the key saved again); back in the chat, the text is still there to send.
    await page.click('[data-testid="model-unusable-open-settings"]');
    await page.locator('[data-testid="provider-key"]').fill(KEY);
    await page.click('[data-testid="provider-save"]');
    await expect
      .poll(() => page.locator('[data-testid="provider-effective"]').textContent())
      .toBe(`In use: test-model at ${app.model.url}`);
    await page.goto(`${app.origin}/#/chat/${conversationId}`);
    await expect.poll(() => input(page).isEnabled()).toBe(true);
    expect(await input(page).inputValue()).toBe('and then?');
    app.model.enqueue({ content: 'Then this.' });
    await page.click('[data-testid="send-button"]');
    await expect
      .poll(async () => (await page.locator('[data-testid="assistant-message"]').last().textContent()) ?? '')
      .toContain('Then this.');
    expect(JSON.stringify(app.model.requests.at(-1)!.body)).toContain('and then?');
    await page.context().close();
  });

  it('as a new conversation, the key file opened behind iAs’s back: no empty conversation, the card, the text kept', async () => {
    const page = await openChat();
    const before = await storedConversations(app);
    await expect.poll(() => conversationItems(page).count()).toBe(before.length);

    // A change no iAs process makes (none is told): the page still holds the model usable.
    fs.chmodSync(keyFile, 0o644);
    await sendInChat(page, 'a new question');

    await expect
      .poll(() => lastError(page))
      .toMatch(/^The message was not sent\. The file that holds the saved API key, .* can be read by other users/);
    await expect.poll(() => input(page).inputValue()).toBe('a new question');
    await expect.poll(() => page.locator('[data-testid="model-unusable"]').count()).toBe(1);
    expect(await userMessages(page).allTextContents()).toEqual([expect.stringContaining('a new question')]);
    // Still the new conversation's page, and no conversation was made for it.
    expect(new URL(page.url()).hash).toBe('#/chat');
    expect((await storedConversations(app)).map((c) => c.id)).toEqual(before.map((c) => c.id));
    expect(await conversationItems(page).count()).toBe(before.length);
    await screenshot(page, 'chat-model-lost-new-conversation');

    // In 简体中文 too.
    await page.goto(`${app.origin}/#/settings`);
    await page.selectOption('[data-testid="settings-language"]', 'zh-CN');
    await page.goto(`${app.origin}/#/chat`);
    try {
      await expect.poll(() => lastError(page)).toMatch(/^消息没有发送。保存 API 密钥的文件 .* 其他用户也能读取/);
      expect(await input(page).inputValue()).toBe('a new question');
    } finally {
      await page.goto(`${app.origin}/#/settings`);
      await page.selectOption('[data-testid="settings-language"]', 'system');
      fs.chmodSync(keyFile, 0o600);
    }
    await page.context().close();
  });

  it('the model’s settings removed by another window: the setup card at once, before a message is sent, the text kept', async () => {
    const page = await openChat();
    await input(page).fill('typed meanwhile');
    const other = await otherClient(app);
    try {
      await other.call('saveProvider', {});
    } finally {
      other.socket.close();
    }
    await expect.poll(() => page.locator('[data-testid="setup-card"]').count()).toBe(1);
    expect(await input(page).isDisabled()).toBe(true);
    expect(await input(page).inputValue()).toBe('typed meanwhile');
    expect(await userMessages(page).count()).toBe(0);
    await page.context().close();
  });
});
