/**
 * A conversation's rename box takes no more than a title may hold: a long name pasted in is cut to
 * that length and saved, not refused by the core with a message in English and the name lost.
 */
import { expect, it } from 'vitest';
import { dataPaths } from '../../src/core/paths.js';
import { openStore } from '../../src/core/store/index.js';
import type { ConversationInfo } from '../../src/shared/contract.js';
import { openApp } from './harness.js';
import { servedWorld } from './served-world.js';

const world = servedWorld({
  serve: {
    setup(home) {
      const store = openStore(dataPaths(home).database);
      try {
        store.conversations.create('trip', 'Trip');
        store.conversations.append('trip', 'user', 'Plan the trip');
      } finally {
        store.close();
      }
    },
  },
  page: (browser, app) => openApp(browser, app, { locale: 'zh-CN' }),
  other: true,
});

it('a name longer than a title may be is cut to its length and saved', async () => {
  const page = world.page;
  await page.goto(`${world.app.origin}/#/chat/trip`);
  const link = page.locator('[data-testid="conversation-item"][data-id="trip"] a.conv-link');
  await link.focus();
  await page.keyboard.press('F2');
  await page.getByTestId('conversation-rename-input').waitFor();
  const long = '长途旅行计划'.repeat(50);
  await page.keyboard.insertText(long);
  await page.keyboard.press('Enter');

  const title = async () =>
    (await world.other.call<ConversationInfo[]>('listConversations')).find((c) => c.id === 'trip')?.title;
  await expect.poll(title).toBe(long.slice(0, 200));
  await expect.poll(() => link.locator('.conv-title').textContent()).toBe(long.slice(0, 200));
  expect(await page.locator('[data-testid="toast"][role="alert"]').count()).toBe(0);
});
