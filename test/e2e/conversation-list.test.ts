/**
 * The conversation list follows changes made elsewhere without a reload: by another client of the
 * same `ias serve` (a conversation made, renamed, deleted) as they happen, and by another iAs
 * process writing the data folder (as `ias chat` does) within a second or so (see also
 * outside-turns.test.ts).
 */
import { expect, it } from 'vitest';
import { dataPaths } from '../../src/core/paths.js';
import { openStore } from '../../src/core/store/index.js';
import { servedWorld } from './served-world.js';

const world = servedWorld({
  page: async (browser, app) => {
    const page = await (await browser.newContext({ locale: 'en-US' })).newPage();
    await page.goto(app.url);
    await page.waitForSelector('[data-testid="message-input"]');
    return page;
  },
  other: true,
});

const item = (id: string) => world.page.locator(`[data-testid="conversation-item"][data-id="${id}"]`);
const titleOf = (id: string) => item(id).locator('.conv-title').textContent();

it('a conversation another client makes, renames and deletes shows so in the list as it happens', async () => {
  await expect.poll(() => world.page.locator('[data-testid="conversation-list"] .conv-empty').count()).toBe(1);
  world.app.model.enqueue({ content: 'Hello from elsewhere.' });
  const { conversationId, turnId } = await world.other.call<{ conversationId: string; turnId: string }>('sendMessage', {
    text: 'Hi from another tab',
  });
  await item(conversationId).waitFor();
  expect(await titleOf(conversationId)).toBe('Hi from another tab');
  await world.other.socket.event((e) => e.type === 'chat' && e.turnId === turnId && e.event.kind === 'done');

  await world.other.call('renameConversation', conversationId, 'Renamed elsewhere');
  await expect.poll(() => titleOf(conversationId)).toBe('Renamed elsewhere');

  await world.other.call('deleteConversation', conversationId);
  await expect.poll(() => item(conversationId).count()).toBe(0);
});

it('a conversation another iAs process writes shows without the window doing anything', async () => {
  const store = openStore(dataPaths(world.app.home).database);
  try {
    store.conversations.create('from-terminal', 'Asked at the terminal');
    store.conversations.append('from-terminal', 'user', 'What is the time?');
  } finally {
    store.close();
  }
  await item('from-terminal').waitFor({ timeout: 15_000 });
  expect(await titleOf('from-terminal')).toBe('Asked at the terminal');
});
