/**
 * The Approvals page says nothing is waiting only once it knows: while the list is on its way it
 * shows that it is loading, and a list that could not be read says so, not that there are none.
 */
import { expect, it } from 'vitest';
import { answersTakenIn, openHolding } from './harness.js';
import { servedWorld } from './served-world.js';

const world = servedWorld();

it('while the approvals are on their way, it does not say there are none', async () => {
  const { page, held, release } = await openHolding(
    world.browser,
    world.app,
    (call) => call.method === 'listApprovals',
  );
  await page.goto(`${world.app.origin}/#/approvals`);
  await page.locator('.page-head h1').waitFor();
  await expect.poll(held).toBe(1);
  const main = page.locator('main');
  expect(await main.textContent()).not.toContain('Nothing is waiting for your approval.');
  expect(await main.textContent()).not.toContain('No approvals decided yet.');
  expect(await main.textContent()).not.toContain('Waiting 0');
  expect(await page.locator('.page-head [role="progressbar"]').count()).toBe(1);

  release();
  await answersTakenIn(world.app, page);
  const list = page.getByTestId('approvals-list');
  await expect
    .poll(async () => (await list.count()) && (await list.textContent()))
    .toContain('Nothing is waiting for your approval.');
  expect(await list.textContent()).toContain('No approvals decided yet.');
  await page.context().close();
});
