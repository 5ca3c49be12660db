/**
 * A message sent in the page into a conversation where another iAs process's turn is under way
 * (`ias chat --conversation` running a call: here this test process, which names itself the owner
 * of the turn as any iAs does) is refused, "a reply is still coming", in Chromium against `ias
 * serve`: nothing reaches the model, and the text waits in the box. Once that turn has ended, the
 * same text is sent.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/core/store/index.js';
import { lastError, launchBrowser, openApp, serve, type Served } from './harness.js';

let browser: Browser;
let app: Served;
let store: Store;
beforeAll(async () => {
  browser = await launchBrowser();
  app = await serve();
  store = openStore(path.join(app.home, 'ias.db'));
}, 60_000);
afterAll(async () => {
  await app?.stop();
  store?.close();
  await browser?.close();
});

const input = (page: Page) => page.locator('[data-testid="message-input"]');

describe('a chat message while another process runs a turn in the same conversation', () => {
  it('is not sent, and waits in the box; once that turn has ended it is sent', async () => {
    const { conversations } = store;
    conversations.create('conv-elsewhere', 'The report');
    conversations.append('conv-elsewhere', 'user', 'make the report', {}, Date.now(), 'begins');

    const page = await openApp(browser, app);
    await page.goto(`${app.origin}/#/chat/conv-elsewhere`);
    await expect.poll(() => input(page).isEnabled()).toBe(true);
    const text = 'and email it to the boss';
    await input(page).fill(text);
    await page.click('[data-testid="send-button"]');
    await expect.poll(() => lastError(page)).toBe('a reply is still coming in this conversation; stop it or wait');
    expect(app.model.requests).toHaveLength(0);
    await expect.poll(() => input(page).inputValue()).toBe(text);
    expect(conversations.messages('conv-elsewhere').map((m) => m.content)).toEqual(['make the report']);

    // That turn ends in its process: the same text goes to the model.
    conversations.append('conv-elsewhere', 'assistant', 'The report is ready.', {}, Date.now(), 'ends');
    app.model.enqueue({ content: 'Sent.' });
    await page.click('[data-testid="send-button"]');
    await expect
      .poll(async () => (await page.locator('[data-testid="assistant-message"]').last().textContent()) ?? '')
      .toContain('Sent.');
    // Shown as it streams; stored as the turn ends.
    await expect
      .poll(() => conversations.messages('conv-elsewhere').map((m) => m.content))
      .toEqual(['make the report', 'The report is ready.', 'and email it to the boss', 'Sent.']);
    await page.context().close();
  });
});
