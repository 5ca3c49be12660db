/**
 * A first message sent from the new chat turns the page into its conversation's page once the
 * core answers with the conversation's id. An owner who has moved on before that answer came (to
 * Skills, to another conversation) stays where they went; one still on the new chat goes on to it.
 * The answer is held back by relaying the page's real socket, so the owner's move comes first.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { dataPaths } from '../../src/core/paths.js';
import { openStore } from '../../src/core/store/index.js';
import { holdAnswers, sendInChat, storedConversations, turnsEnded } from './harness.js';
import { servedWorld } from './served-world.js';

function seed(home: string): void {
  const store = openStore(dataPaths(home).database);
  try {
    store.conversations.create('conv-earlier', 'Earlier', Date.now() - 60_000);
    store.conversations.append('conv-earlier', 'user', 'An earlier question', {}, Date.now() - 60_000);
  } finally {
    store.close();
  }
}

const world = servedWorld({ serve: { setup: seed } });

/**
 * A page whose `sendMessage` answers wait until `release`. `relisted` tells that the page has taken
 * a released answer in: taking it, the page asks for the conversation list again at once (in the
 * same task as the move to the new conversation's page it may make).
 */
async function pageHoldingSends(): Promise<{
  page: Page;
  held: () => number;
  release: () => void;
  relisted: () => boolean;
}> {
  const context = await world.browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  let released = false;
  let relisted = false;
  const { held, release } = await holdAnswers(
    page,
    (call) => call.method === 'sendMessage',
    (call) => {
      if (call.method === 'listConversations' && released) relisted = true;
    },
  );
  await page.goto(world.app.url);
  await page.waitForSelector('[data-testid="message-input"]');
  return {
    page,
    held,
    release: () => {
      released = true;
      relisted = false;
      release();
    },
    relisted: () => relisted,
  };
}

it('an owner who went to Skills before the new conversation was named stays on Skills', async () => {
  const { page, held, release, relisted } = await pageHoldingSends();
  await page.goto(`${world.app.origin}/#/chat`);
  world.app.model.enqueue({ content: 'Answered.' });
  await sendInChat(page, 'A first question');
  await expect.poll(held).toBe(1);

  await page.goto(`${world.app.origin}/#/skills`);
  await page.getByTestId('skill-new').waitFor();
  release();
  await expect.poll(relisted).toBe(true);
  expect(await page.evaluate<string>('location.hash')).toBe('#/skills');
  await page.getByTestId('skill-new').click();
  await page.getByTestId('skill-new-name').waitFor();
  await page.keyboard.press('Escape');

  await page.goto(`${world.app.origin}/#/chat`);
  await expect
    .poll(() => page.locator('[data-testid="conversation-item"]').allTextContents())
    .toEqual([expect.stringContaining('A first question'), expect.stringContaining('Earlier')]);
  await turnsEnded(world.app);
  await page.context().close();
});

it('an owner who opened another conversation meanwhile stays on it; one who stayed goes on to the new one', async () => {
  const { page, held, release, relisted } = await pageHoldingSends();
  await page.goto(`${world.app.origin}/#/chat`);
  world.app.model.enqueue({ content: 'Answered again.' });
  await sendInChat(page, 'A second question');
  await expect.poll(held).toBe(1);
  await page.locator('[data-testid="conversation-item"]', { hasText: 'Earlier' }).click();
  await expect.poll(() => new URL(page.url()).hash).toBe('#/chat/conv-earlier');
  release();
  await expect.poll(relisted).toBe(true);
  expect(await page.evaluate<string>('location.hash')).toBe('#/chat/conv-earlier');
  await page.getByText('An earlier question').waitFor();
  await turnsEnded(world.app);

  // Still on the new chat when the answer comes: the page becomes the new conversation's.
  await page.goto(`${world.app.origin}/#/chat`);
  world.app.model.enqueue({ content: 'Answered a third time.' });
  await sendInChat(page, 'A third question');
  await expect.poll(held).toBe(1);
  release();
  const third = async () => (await storedConversations(world.app)).find((c) => c.title.includes('third'))?.id;
  await expect.poll(third).toBeTruthy();
  await expect.poll(() => new URL(page.url()).hash).toBe(`#/chat/${await third()}`);
  await page.getByText('Answered a third time.').waitFor();
  await turnsEnded(world.app);
  await page.context().close();
});
