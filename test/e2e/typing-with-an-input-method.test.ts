/**
 * Typing through an input method (Chinese by pinyin) in Chromium against `ias serve`: while a word
 * is being composed, Enter picks it and Esc drops it, and neither does what it does otherwise. The
 * message box sends nothing, a conversation's rename box neither saves nor closes, and the compact
 * window's conversations list stays open; once the word is in, Enter sends or saves it.
 */
import type { CDPSession, Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { dataPaths } from '../../src/core/paths.js';
import { openStore } from '../../src/core/store/index.js';
import { openApp } from './harness.js';
import { servedWorld } from './served-world.js';
import type { ConversationInfo } from '../../src/shared/contract.js';

const world = servedWorld({
  serve: {
    setup(home) {
      const store = openStore(dataPaths(home).database);
      store.conversations.create('trip', 'Summer trip', Date.now());
      store.conversations.append('trip', 'user', 'Where shall we go?', {}, Date.now());
      store.close();
    },
    script: (model) => model.fallback(() => ({ content: '好的。' })),
  },
  other: true,
});

/** The input method: a word composed in the focused box (its pinyin shown, underlined), then put in. */
async function inputMethod(
  page: Page,
): Promise<{ compose(pinyin: string): Promise<void>; commit(word: string): Promise<void> }> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  return {
    compose: async (pinyin) => {
      await cdp.send('Input.imeSetComposition', {
        text: pinyin,
        selectionStart: pinyin.length,
        selectionEnd: pinyin.length,
      });
    },
    commit: async (word) => {
      await cdp.send('Input.insertText', { text: word });
    },
  };
}

/** Opens the rename box of the conversation "trip" in `list` (the page's, or the pop-over's). */
async function renameTrip(page: Page, list: Locator): Promise<Locator> {
  const item = list.locator('[data-testid="conversation-item"][data-id="trip"]');
  await item.hover();
  await item.locator('[data-testid="conversation-rename"]').click();
  const input = page.locator('[data-testid="conversation-rename-input"]');
  await input.waitFor();
  return input;
}

const title = async (id: string) =>
  (await world.other.call<ConversationInfo[]>('listConversations')).find((c) => c.id === id)?.title;

it('Enter while a word is composed in the message box sends nothing; once it is in, Enter sends it', async () => {
  const page = await openApp(world.browser, world.app);
  const box = page.locator('[data-testid="message-input"]');
  await box.focus();
  const ime = await inputMethod(page);
  await ime.compose('nihao');
  await page.keyboard.press('Enter');
  await ime.commit('你好');
  // (A key sent by the test reaches the box as well as the input method, which would have kept it:
  // the Enter ends a line after the word here, as it never does with a real one.)
  await expect.poll(async () => (await box.inputValue()).trim()).toBe('你好');
  await page.keyboard.press('Enter');
  await page.locator('[data-testid="assistant-message"]', { hasText: '好的' }).waitFor();
  await expect.poll(() => box.inputValue()).toBe('');
  // One message went, the word: not the pinyin it was composed from.
  expect(
    world.app.model.requests.map((r) => JSON.stringify(r.body.messages)).filter((m) => m.includes('nihao')),
  ).toEqual([]);
  expect(await page.locator('[data-testid="message"][data-role="user"]').allTextContents()).toEqual([
    expect.stringContaining('你好'),
  ]);
  await page.context().close();
});

it('Enter and Esc while a word is composed in a rename box leave it open; Enter then saves the word', async () => {
  const page = await openApp(world.browser, world.app);
  await page.goto(`${world.app.origin}/#/chat/trip`);
  const input = await renameTrip(page, page.locator('body'));
  const ime = await inputMethod(page);
  await ime.compose('xia');
  await page.keyboard.press('Escape');
  await ime.compose('xiatian');
  await page.keyboard.press('Enter');
  expect(await input.count()).toBe(1);
  await ime.commit('夏天');
  await expect.poll(() => input.inputValue()).toBe('夏天');
  await page.keyboard.press('Enter');
  await expect.poll(() => input.count()).toBe(0);
  await expect.poll(() => title('trip')).toBe('夏天');
  await page.context().close();
});

it('Esc while a word is composed in the compact window’s list leaves the list and its rename box open', async () => {
  const page = await openApp(world.browser, world.app, { viewport: { width: 420, height: 620 } });
  await page.goto(`${world.app.origin}/?compact=1#/chat/trip`);
  await page.click('.chat-head button[aria-expanded]');
  const list = page.locator('.conv-popover');
  const input = await renameTrip(page, list);
  const ime = await inputMethod(page);
  await ime.compose('qiu');
  await page.keyboard.press('Escape');
  expect(await list.count()).toBe(1);
  expect(await input.count()).toBe(1);
  // Without a word being composed, Esc closes the box, and then the list.
  await ime.commit('秋');
  await page.keyboard.press('Escape');
  await expect.poll(() => input.count()).toBe(0);
  expect(await list.count()).toBe(1);
  await page.keyboard.press('Escape');
  await expect.poll(() => list.count()).toBe(0);
  await page.context().close();
});
