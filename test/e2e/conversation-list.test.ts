/**
 * The conversation list follows changes made elsewhere without a reload: by another client of the
 * same `ias serve` (a conversation made, renamed, deleted) as they happen, and by another iAs
 * process writing the data folder (as `ias chat` does) within a second or so (see also
 * outside-turns.test.ts).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { dataPaths } from '../../src/core/paths.js';
import { openStore } from '../../src/core/store/index.js';
import { launchBrowser, otherClient, serve, type OtherClient, type Served } from './harness.js';

let app: Served;
let browser: Browser;
let page: Page;
let other: OtherClient;

beforeAll(async () => {
  app = await serve();
  browser = await launchBrowser();
  page = await (await browser.newContext({ locale: 'en-US' })).newPage();
  await page.goto(app.url);
  await page.waitForSelector('[data-testid="message-input"]');
  other = await otherClient(app);
}, 60_000);

afterAll(async () => {
  other?.socket.close();
  await browser?.close();
  await app?.stop();
});

const item = (id: string) => page.locator(`[data-testid="conversation-item"][data-id="${id}"]`);
const titleOf = (id: string) => item(id).locator('.conv-title').textContent();

it('a conversation another client makes, renames and deletes shows so in the list as it happens', async () => {
  await expect.poll(() => page.locator('[data-testid="conversation-list"] .conv-empty').count()).toBe(1);
  app.model.enqueue({ content: 'Hello from elsewhere.' });
  const { conversationId, turnId } = await other.call<{ conversationId: string; turnId: string }>('sendMessage', {
    text: 'Hi from another tab',
  });
  await item(conversationId).waitFor();
  expect(await titleOf(conversationId)).toBe('Hi from another tab');
  await other.socket.event((e) => e.type === 'chat' && e.turnId === turnId && e.event.kind === 'done');

  await other.call('renameConversation', conversationId, 'Renamed elsewhere');
  await expect.poll(() => titleOf(conversationId)).toBe('Renamed elsewhere');

  await other.call('deleteConversation', conversationId);
  await expect.poll(() => item(conversationId).count()).toBe(0);
});

it('a conversation another iAs process writes shows without the window doing anything', async () => {
  const store = openStore(dataPaths(app.home).database);
  try {
    store.conversations.create('from-terminal', 'Asked at the terminal');
    store.conversations.append('from-terminal', 'user', 'What is the time?');
  } finally {
    store.close();
  }
  await item('from-terminal').waitFor({ timeout: 15_000 });
  expect(await titleOf('from-terminal')).toBe('Asked at the terminal');
});
