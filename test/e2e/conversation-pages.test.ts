/**
 * More conversations than the chat lists at first, in Chromium against `ias serve`: "Show older"
 * brings the next hundred until the oldest is reached (pressed from the keyboard, it keeps the focus,
 * and once gone hands it to the first conversation it brought); an old one opened by a link shows its real
 * title. Each message says when it was written, in the owner's time zone (not the computer's) and
 * the UI's language: today's by the time alone, older ones with their date. A link whose
 * conversation does not decode (`%E0`) still opens the chat.
 */
import { describe, expect, it } from 'vitest';
import { dataPaths } from '../../src/core/paths.js';
import { openStore } from '../../src/core/store/index.js';
import { openApp, otherClient, screenshot } from './harness.js';
import { servedWorld } from './served-world.js';

/** 13 March 2025, 17:07 UTC: 14 March, 01:07 in Shanghai (the owner's zone), 13 March in New York (the computer's). */
const LONG_AGO = Date.UTC(2025, 2, 13, 17, 7);
const COUNT = 250;
/** When the seed wrote today's conversation: the clock its check stops at. */
let written = 0;

function seed(home: string): void {
  const store = openStore(dataPaths(home).database);
  const now = Date.now();
  written = now;
  try {
    // The oldest, with a question and its answer written long ago.
    store.conversations.create('conv-oldest', 'The very first chat', LONG_AGO);
    store.conversations.append('conv-oldest', 'user', 'Do you remember this?', {}, LONG_AGO);
    store.conversations.append('conv-oldest', 'assistant', 'I remember it well.', {}, LONG_AGO + 60_000);
    for (let i = 1; i < COUNT; i++) store.conversations.create(`conv-${i}`, `Chat ${i}`, now - 3_600_000 + i);
    // Today's, the latest.
    store.conversations.create('conv-today', 'Today', now);
    store.conversations.append('conv-today', 'user', 'Good morning', {}, now);
    store.conversations.append('conv-today', 'assistant', 'Good morning to you.', {}, now);
  } finally {
    store.close();
  }
}

const world = servedWorld({
  serve: { setup: seed },
  page: async (browser, app) => {
    const other = await otherClient(app);
    try {
      await other.call('saveSettings', { timeZone: 'Asia/Shanghai' });
    } finally {
      other.socket.close();
    }
    return openApp(browser, app, { timezoneId: 'America/New_York' });
  },
});

const items = () => world.page.locator('[data-testid="conversation-item"]');
const item = (id: string) => world.page.locator(`[data-testid="conversation-item"][data-id="${id}"]`);
const older = () => world.page.locator('[data-testid="conversations-older"]');
const title = () => world.page.locator('.chat-title').textContent();
/** The time under each message, and its full date on hover, as shown (spaces as spaces). */
const times = async () =>
  (await world.page.locator('[data-testid="message-time"]').allTextContents()).map((t) => t.replace(/\s/g, ' '));

describe('the conversation list past its first hundred', () => {
  it('"Show older" brings the next hundred until the oldest, which opens with its title', async () => {
    await world.page.goto(`${world.app.origin}/#/chat`);
    await expect.poll(() => items().count()).toBe(100);
    expect(await item('conv-today').count()).toBe(1);
    expect(await item('conv-oldest').count()).toBe(0);

    await older().click();
    await expect.poll(() => items().count()).toBe(200);
    await older().click();
    await expect.poll(() => items().count()).toBe(COUNT + 1);
    expect(await older().count()).toBe(0);
    // Each once, the oldest last.
    const ids = await items().evaluateAll((els) => els.map((el) => el.getAttribute('data-id')));
    expect(new Set(ids).size).toBe(COUNT + 1);
    expect(ids.at(-1)).toBe('conv-oldest');
    // Its date by the owner's calendar, not the computer's.
    expect(await item('conv-oldest').locator('.conv-meta').textContent()).toBe('Mar 14, 2025');
    await screenshot(world.page, 'conversation-list-older');

    await item('conv-oldest').locator('a.conv-link').click();
    await expect.poll(() => new URL(world.page.url()).hash).toBe('#/chat/conv-oldest');
    await expect.poll(title).toBe('The very first chat');
    await world.page.getByText('I remember it well.').waitFor();
  });

  it('"Show older" from the keyboard keeps the focus, and once gone hands it to the first it brought', async () => {
    await world.page.goto(`${world.app.origin}/#/chat`);
    await world.page.reload();
    await expect.poll(() => items().count()).toBe(100);
    const focusedIn = () =>
      world.page.evaluate<string>(
        `(() => { const at = document.activeElement;
          return at?.getAttribute('data-testid') ?? at?.closest('li[data-id]')?.getAttribute('data-id') ?? 'body'; })()`,
      );
    await older().focus();
    await world.page.keyboard.press('Enter');
    await expect.poll(() => items().count()).toBe(200);
    await expect.poll(focusedIn).toBe('conversations-older');
    await world.page.keyboard.press('Enter');
    await expect.poll(() => items().count()).toBe(COUNT + 1);
    const firstBrought = await items().nth(200).getAttribute('data-id');
    await expect.poll(focusedIn).toBe(firstBrought);
  });

  it('an old conversation opened by its link, never listed, shows its real title', async () => {
    await world.page.goto(`${world.app.origin}/#/chat`);
    await world.page.reload();
    await expect.poll(() => items().count()).toBe(100);
    await world.page.goto(`${world.app.origin}/#/chat/conv-oldest`);
    await expect.poll(title).toBe('The very first chat');
    expect(await item('conv-oldest').count()).toBe(0);
    await world.page.getByText('Do you remember this?').waitFor();
  });
});

describe('a link whose conversation does not decode', () => {
  it('opens the chat, whether the page starts there or goes there', async () => {
    await world.page.goto(`${world.app.origin}/#/chat/%E0`);
    await world.page.reload();
    await world.page.waitForSelector('[data-testid="message-input"]');
    expect(await world.page.locator('#root').textContent()).not.toBe('');

    await world.page.goto(`${world.app.origin}/#/chat/conv-today`);
    await world.page.getByText('Good morning to you.').waitFor();
    await world.page.evaluate("location.hash = '#/chat/%E0%A4'");
    await expect.poll(() => new URL(world.page.url()).hash).toBe('#/chat/%E0%A4');
    await world.page.waitForSelector('[data-testid="message-input"]');
    expect(await world.page.getByText('This page could not be shown.').count()).toBe(0);
  });
});

describe('when each message was written', () => {
  it("an old message with its date, in the owner's zone; today's by its time alone", async () => {
    await world.page.goto(`${world.app.origin}/#/chat/conv-oldest`);
    await world.page.getByText('I remember it well.').waitFor();
    await expect.poll(times).toEqual(['Mar 14, 2025, 1:07 AM', 'Mar 14, 2025, 1:08 AM']);
    const time = world.page.locator('[data-testid="message-time"]').first();
    expect(await time.getAttribute('title')).toBe('03/14/2025, 1:07 AM');
    expect(await time.getAttribute('datetime')).toBe(new Date(LONG_AGO).toISOString());
    await screenshot(world.page, 'chat-message-times');

    // Today's on a page whose clock stays at the moment it was written, as if read at once: still
    // today's should Shanghai's midnight come between the seed and this check (seconds apart).
    const context = await world.browser.newContext({
      viewport: { width: 1280, height: 800 },
      locale: 'en-US',
      timezoneId: 'America/New_York',
    });
    try {
      await context.clock.setFixedTime(written);
      const page = await context.newPage();
      await page.goto(world.app.url);
      await page.goto(`${world.app.origin}/#/chat/conv-today`);
      await page.getByText('Good morning to you.').waitFor();
      const shown = page.locator('[data-testid="message-time"]');
      await expect.poll(() => shown.count()).toBe(2);
      for (const time of await shown.allTextContents())
        expect(time.replace(/\s/g, ' ')).toMatch(/^\d{1,2}:\d\d [AP]M$/);
    } finally {
      await context.close();
    }
  });

  it('says it in 简体中文', async () => {
    await world.page.goto(`${world.app.origin}/#/settings`);
    await world.page.selectOption('[data-testid="settings-language"]', 'zh-CN');
    try {
      await world.page.goto(`${world.app.origin}/#/chat/conv-oldest`);
      await world.page.getByText('I remember it well.').waitFor();
      await expect.poll(times).toEqual(['2025年3月14日 01:07', '2025年3月14日 01:08']);
      await world.page.goto(`${world.app.origin}/#/chat`);
      await world.page.reload();
      await expect.poll(() => older().textContent()).toBe('显示更早的对话');
    } finally {
      await world.page.goto(`${world.app.origin}/#/settings`);
      await world.page.selectOption('[data-testid="settings-language"]', 'en');
    }
  });
});
