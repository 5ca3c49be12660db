/**
 * A countdown that ticks each second (an approval's time left, the wait before reconnecting) is not
 * read out by a screen reader at each tick: it sits in no live region (or one that is off), while
 * what the live region is for (the link is lost, an approval waits) is said once.
 */
import type { Locator } from 'playwright-core';
import { expect, it } from 'vitest';
import { openApp, sendInChat, serve, turnsEnded } from './harness.js';
import { servedWorld } from './served-world.js';

const world = servedWorld({ page: openApp });

/**
 * How a screen reader would be told of a change to `element`'s text, as the browser works it out:
 * its nearest live region's politeness ('off' when none), or 'hidden' when it is hidden from them.
 */
const liveness = (element: Locator): Promise<string> =>
  element.evaluate((el) => {
    if (el.closest('[aria-hidden="true"]')) return 'hidden';
    const implicit: Record<string, string> = { alert: 'assertive', status: 'polite', log: 'polite', timer: 'off' };
    for (let node = el; node; node = node.parentElement) {
      const live = node.getAttribute('aria-live') ?? implicit[node.getAttribute('role') ?? ''];
      if (live) return live;
    }
    return 'off';
  });

/** The innermost element on the page whose text matches `pattern`. */
const innermost = (scope: Locator, pattern: RegExp): Locator =>
  scope.locator('*', { hasText: pattern }).filter({ hasNot: scope.page().locator('*', { hasText: pattern }) });

it('the time left on an approval card in the chat is not announced at each tick', async () => {
  const page = world.page;
  world.app.model.enqueue(
    { toolCalls: [{ name: 'execute_shell', arguments: '{"command":"echo countdown"}' }] },
    { content: 'Not run.' },
  );
  await sendInChat(page, 'Run it in the shell');
  const card = page.getByTestId('approval-card').last();
  await card.waitFor();
  const expiry = innermost(card, /Expires in \d+:\d\d/);
  await expect.poll(() => expiry.count()).toBe(1);
  expect(await liveness(expiry)).toBe('off');

  await card.getByTestId('reject-button').click();
  await turnsEnded(world.app);
});

it('the wait before reconnecting is not announced at each tick; the lost link is, once', async () => {
  const fresh = await serve({ noModel: true });
  const page = await openApp(world.browser, fresh);
  try {
    await fresh.stop();
    const banner = page.getByTestId('connection-banner');
    await banner.waitFor({ timeout: 15_000 });
    const countdown = innermost(banner, /Reconnecting in \d+ s/);
    await expect.poll(() => countdown.count()).toBe(1);
    expect(['off', 'hidden']).toContain(await liveness(countdown));
    const said = banner.getByRole('alert');
    expect(await said.textContent()).toBe('Connection to iAs lost. Reconnecting…');
  } finally {
    await page.context().close();
  }
});
