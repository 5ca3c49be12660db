/**
 * A chat message past the size limit (100,000 characters), in Chromium against `ias serve`: the
 * core refuses it before anything is stored or sent, the transcript says so in the UI's language,
 * and the text waits in the message box to be shortened; shortened, it is sent.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastError, launchBrowser, openApp, sendInChat, serve, type Served, storedConversations } from './harness.js';

let browser: Browser;
let app: Served;
beforeAll(async () => {
  browser = await launchBrowser();
  app = await serve();
}, 60_000);
afterAll(async () => {
  await app?.stop();
  await browser?.close();
});

const TOO_LONG =
  'The message is too long: iAs sends at most 100,000 characters in one message. It was not sent; shorten it, or split it into several messages.';

const input = (page: Page) => page.locator('[data-testid="message-input"]');

describe('a chat message past 100,000 characters', () => {
  it('is refused in the UI’s language and waits in the box; nothing is stored or sent', async () => {
    const long = 'x'.repeat(100_001);
    const page = await openApp(browser, app);
    await sendInChat(page, long);
    await expect.poll(() => lastError(page)).toBe(TOO_LONG);
    await expect.poll(() => input(page).inputValue()).toBe(long);

    const chinese = await openApp(browser, app, { locale: 'zh-CN' });
    await sendInChat(chinese, long);
    await expect
      .poll(() => lastError(chinese))
      .toBe('消息太长：iAs 一条消息最多发送 100,000 个字符。这条消息没有发送；请缩短它，或分成几条发送。');
    expect(await storedConversations(app)).toEqual([]);
    expect(app.model.requests).toHaveLength(0);

    // Shortened by one character, it goes.
    app.model.enqueue({ content: 'That is a lot of x.' });
    await sendInChat(page, long.slice(1));
    await expect
      .poll(async () => (await page.locator('[data-testid="assistant-message"]').last().textContent()) ?? '')
      .toContain('That is a lot of x.');
    expect((app.model.requests[0]!.body.messages as { content: string }[]).at(-1)!.content).toBe(long.slice(1));
  });

  it('past the connection’s 1 MiB frame too: refused by the page itself, and the connection stays', async () => {
    const huge = 'y'.repeat(1_100_000);
    const page = await openApp(browser, app);
    await sendInChat(page, huge);
    await expect.poll(() => lastError(page)).toBe(TOO_LONG);
    await expect.poll(async () => (await input(page).inputValue()).length).toBe(huge.length);
    const asked = app.model.requests.length;
    app.model.enqueue({ content: 'Short and sweet.' });
    await sendInChat(page, 'A short one.');
    await expect
      .poll(async () => (await page.locator('[data-testid="assistant-message"]').last().textContent()) ?? '')
      .toContain('Short and sweet.');
    expect(app.model.requests).toHaveLength(asked + 1);
  });
});
