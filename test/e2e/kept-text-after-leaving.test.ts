/**
 * A message the core does not take (here: a reply is still coming in that conversation, from
 * another iAs process) waits in the message box, even when the owner has left the chat before the
 * answer came: it is in the box on return. The answer is held back by relaying the page's socket.
 */
import { expect, it } from 'vitest';
import { dataPaths } from '../../src/core/paths.js';
import { openStore } from '../../src/core/store/index.js';
import { answersTakenIn, openHolding } from './harness.js';
import { servedWorld } from './served-world.js';

const world = servedWorld({
  serve: {
    setup: (home) => {
      // A turn under way in this test process, which names itself its owner as any iAs does.
      const store = openStore(dataPaths(home).database);
      try {
        store.conversations.create('conv-elsewhere', 'The report');
        store.conversations.append('conv-elsewhere', 'user', 'make the report', {}, Date.now(), 'begins');
      } finally {
        store.close();
      }
    },
  },
});

it('a message not taken waits in the box for an owner who left the chat before the answer came', async () => {
  const { page, held, release } = await openHolding(world.browser, world.app, (call) => call.method === 'sendMessage');
  await page.goto(`${world.app.origin}/#/chat/conv-elsewhere`);
  const input = page.getByTestId('message-input');
  await expect.poll(() => input.isEnabled()).toBe(true);
  const text = 'and email it to the boss';
  await input.fill(text);
  await page.getByTestId('send-button').click();
  await expect.poll(held).toBe(1);

  await page.goto(`${world.app.origin}/#/settings`);
  await page.getByTestId('settings-language').waitFor();
  release();
  await answersTakenIn(world.app, page);

  await page.goto(`${world.app.origin}/#/chat/conv-elsewhere`);
  await expect.poll(() => input.inputValue()).toBe(text);

  // Left and come back before the answer came: the text comes back into the box on screen.
  await page.getByTestId('send-button').click();
  await expect.poll(held).toBe(1);
  await page.goto(`${world.app.origin}/#/settings`);
  await page.getByTestId('settings-language').waitFor();
  await page.goto(`${world.app.origin}/#/chat/conv-elsewhere`);
  await expect.poll(() => input.isEnabled()).toBe(true);
  release();
  await answersTakenIn(world.app, page);
  expect(await input.inputValue()).toBe(text);
  expect(world.app.model.requests).toHaveLength(0);
  await page.context().close();
});
