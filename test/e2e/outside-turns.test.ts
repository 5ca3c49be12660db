/**
 * Turns another iAs process adds to the data folder (`ias chat` in a terminal: the built CLI, run
 * here against the served home and the same model server) show in the page without a reload: in the
 * conversation open there, below the page's own turn, and in the list; the reading position and a
 * reply streaming in the page stay as they were.
 */
import { expect, it } from 'vitest';
import { iasAsync } from '../helpers/cli.js';
import { openApp } from './harness.js';
import { servedWorld } from './served-world.js';

const world = servedWorld({ page: openApp });

/** `ias chat TEXT` (in the conversation, when given), as the owner would run it in a terminal. */
async function chatAtTheTerminal(text: string, conversationId?: string): Promise<string> {
  const args = ['chat', text, '--json', ...(conversationId ? ['--conversation', conversationId] : [])];
  const run = await iasAsync(args, {
    IAS_HOME: world.app.home,
    IAS_LLM_BASE_URL: world.app.model.url,
    IAS_LLM_MODEL: 'test-model',
    IAS_LLM_API_KEY: 'test-key',
  });
  expect(run.status, run.stderr).toBe(0);
  return (JSON.parse(run.stdout) as { conversationId: string }).conversationId;
}

/** What another process wrote reaches the page within a second or two (see core/api/outside-changes.ts). */
const SOON = { timeout: 15_000 };

const send = async (text: string) => {
  await world.page.fill('[data-testid="message-input"]', text);
  await world.page.click('[data-testid="send-button"]');
};
const lastReply = async () =>
  (await world.page.locator('[data-testid="assistant-message"]').last().textContent()) ?? '';
const userMessages = () => world.page.locator('[data-role="user"] .bubble').allTextContents();
const listed = () =>
  world.page
    .locator('[data-testid="conversation-item"]')
    .evaluateAll((items) => items.map((i) => i.getAttribute('data-id')));
/** The conversation open in the page (`#/chat/<id>`), or '' for a new one. */
const openId = async () => decodeURIComponent(/#\/chat\/([^/]+)$/.exec(world.page.url())?.[1] ?? '');

it('a turn `ias chat` adds to the open conversation shows below the page’s own, and the list follows', async () => {
  world.app.model.enqueue({ content: 'Answered in the page.' });
  await send('asked in the page');
  await expect.poll(lastReply).toContain('Answered in the page.');
  await expect.poll(openId).not.toBe('');
  const id = await openId();

  // A conversation of the terminal's own comes to the top of the list.
  world.app.model.enqueue({ content: 'A conversation of its own.' });
  const other = await chatAtTheTerminal('made at the terminal');
  await expect.poll(listed, SOON).toEqual([other, id]);

  // Going on with the one open here: its turn shows in it, and it goes back to the top.
  world.app.model.enqueue({ content: 'Answered at the terminal.' });
  await chatAtTheTerminal('asked at the terminal', id);
  await expect.poll(lastReply, SOON).toContain('Answered at the terminal.');
  expect(await userMessages()).toEqual(['asked in the page', 'asked at the terminal']);
  await expect.poll(listed, SOON).toEqual([id, other]);
  expect(await openId()).toBe(id);
});

it('the message being read stays in place while a turn from the terminal comes in below it', async () => {
  const id = await openId();
  world.app.model.enqueue({ content: Array.from({ length: 80 }, (_, i) => `Line ${i}.`).join('\n\n') });
  await send('a long answer, please');
  await expect.poll(lastReply).toContain('Line 79.');
  await world.page.hover('[data-testid="message-list"]');
  await world.page.mouse.wheel(0, -100_000);
  await world.page.locator('.jump-latest').waitFor();
  const scroller = world.page.locator('.message-scroller');
  const readingAt = await scroller.evaluate((el) => el.scrollTop);
  const height = async () => (await world.page.locator('[data-testid="message-list"]').boundingBox())?.height ?? 0;
  const before = await height();

  world.app.model.enqueue({ content: 'Short, from the terminal.' });
  await chatAtTheTerminal('one more from the terminal', id);
  // The new turn is below, out of view: the list grows, the view does not move.
  await expect.poll(height, SOON).toBeGreaterThan(before);
  expect(await scroller.evaluate((el) => el.scrollTop)).toBe(readingAt);
  await world.page.locator('.jump-latest').click();
  await expect.poll(lastReply).toContain('Short, from the terminal.');
  expect((await userMessages()).slice(-2)).toEqual(['a long answer, please', 'one more from the terminal']);
});

it('a turn under way in the page goes on whole while `ias chat` writes beside it', async () => {
  const id = await openId();
  const words = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  // The page's reply waits (its turn under way) until the terminal's turn is stored and listed.
  world.app.model.enqueue(async () => {
    await released;
    return { content: words, chunkSize: 4, chunkDelayMs: 10 };
  });
  await send('stream when told');
  await world.page.locator('[data-testid="stop-button"]').waitFor();
  world.app.model.enqueue({ content: 'Meanwhile, at the terminal.' });
  const other = await chatAtTheTerminal('meanwhile');
  await expect.poll(listed, SOON).toContain(other);
  release();
  await expect.poll(lastReply, SOON).toBe(words);
  expect((await userMessages()).filter((m) => m === 'stream when told')).toHaveLength(1);
  expect(await openId()).toBe(id);
});
