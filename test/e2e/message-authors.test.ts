/**
 * Who wrote each message of the transcript is said to a screen reader (on screen, the side and the
 * colour of a message say it), in the UI's language, and takes no room on screen.
 */
import { expect, it } from 'vitest';
import { inLanguage, openApp, sendInChat, turnsEnded } from './harness.js';
import { servedWorld } from './served-world.js';

const world = servedWorld({ page: openApp });

/** Each message's text as read in order (its author first), and whether any author takes room on screen. */
async function read(): Promise<{ messages: string[]; shown: boolean }> {
  const messages = world.page.locator('[data-testid="message"]');
  const texts = await messages.evaluateAll((all) =>
    all.map((el) => (el as unknown as { innerText: string }).innerText.split('\n')[0]!),
  );
  const boxes = await messages
    .locator('.visually-hidden')
    .evaluateAll((all) => all.map((el) => el.getBoundingClientRect()));
  return { messages: texts, shown: boxes.some((box) => box.width > 1 || box.height > 1) };
}

it('each message says who wrote it to a screen reader, in English and in 简体中文', async () => {
  world.app.model.enqueue({ content: 'Hello, owner.' });
  await sendInChat(world.page, 'hello');
  await world.page.locator('[data-testid="assistant-message"]', { hasText: 'Hello, owner.' }).waitFor();
  await turnsEnded(world.app);
  expect(await read()).toEqual({ messages: ['You:', 'iAs:'], shown: false });
  await inLanguage(world.page, world.app, 'zh-CN', async () => {
    await world.page.goto(`${world.app.origin}/#/chat`);
    await world.page.locator('[data-testid="conversation-item"]').first().click();
    await world.page.locator('[data-testid="assistant-message"]', { hasText: 'Hello, owner.' }).waitFor();
    expect(await read()).toEqual({ messages: ['你：', 'iAs：'], shown: false });
  });
});
