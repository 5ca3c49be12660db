/**
 * A reply's reasoning, as it streams: the thinking of each round of a turn (before a tool call,
 * then after its result) reads apart, as it does once the conversation is opened again; and a long
 * unbroken word in it wraps in the reply instead of widening the transcript.
 */
import { expect, it } from 'vitest';
import { openApp, sendInChat, turnsEnded } from './harness.js';
import { servedWorld } from './served-world.js';

const world = servedWorld({ page: openApp });

const reasoningOf = async (): Promise<string[]> =>
  world.page.locator('[data-testid="assistant-message"]').last().locator('.reasoning-text').allTextContents();

it("each round's thinking reads apart while it streams, as when read again", async () => {
  world.app.model.enqueue(
    { reasoning: 'I should look it up.', toolCalls: [{ name: 'no_such_tool', arguments: '{}' }] },
    { reasoning: 'The lookup failed.', content: 'I could not find it.' },
  );
  await sendInChat(world.page, 'find it');
  const reply = world.page.locator('[data-testid="assistant-message"]').last();
  await expect.poll(() => reply.getAttribute('data-live'), { timeout: 10_000 }).toBe('false');
  await turnsEnded(world.app);
  const live = await reasoningOf();
  expect(live).toEqual(['I should look it up.\n\nThe lookup failed.']);
  await world.page.reload();
  await expect.poll(reasoningOf, { timeout: 10_000 }).toEqual(live);
});

it('a long unbroken word in the reasoning wraps instead of widening the transcript', async () => {
  world.app.model.enqueue({ reasoning: `hash ${'a1'.repeat(400)} done`, content: 'Done.' });
  await sendInChat(world.page, 'think long');
  const reply = world.page.locator('[data-testid="assistant-message"]').last();
  await expect.poll(() => reply.getAttribute('data-live'), { timeout: 10_000 }).toBe('false');
  await reply.locator('[data-testid="reasoning"] summary').click();
  const scroller = world.page.locator('.message-scroller');
  const widths = () => scroller.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  await expect.poll(async () => (await widths()).scroll <= (await widths()).client).toBe(true);
  await turnsEnded(world.app);
});
