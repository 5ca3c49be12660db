/**
 * The Approvals page with one approval waiting and none decided yet, in Chromium against `ias
 * serve`: the recent ones say none has been decided, in English and 简体中文; before, they said
 * "No approvals yet." under the one waiting.
 */
import { expect, it } from 'vitest';
import { inLanguage, openApp, sendInChat, turnsEnded } from './harness.js';
import { servedWorld } from './served-world.js';

const world = servedWorld({ page: openApp });

it('says no approval has been decided yet, under one waiting', async () => {
  const page = world.page;
  world.app.model.enqueue(
    { toolCalls: [{ name: 'execute_shell', arguments: '{"command":"echo waiting"}' }] },
    { content: 'Not run.' },
  );
  await sendInChat(page, 'Run echo waiting');
  await page.getByTestId('approve-button').waitFor();
  const recent = page.locator('section[aria-labelledby="approvals-recent"] .empty-line');

  await page.goto(`${world.app.origin}/#/approvals`);
  await page.locator('[data-testid="approval-item"][data-status="pending"]').waitFor();
  expect(await recent.textContent()).toBe('No approvals decided yet.');
  await inLanguage(page, world.app, 'zh-CN', async () => {
    await page.goto(`${world.app.origin}/#/approvals`);
    await expect.poll(() => recent.textContent()).toBe('还没有已处理的审批。');
    await page.getByTestId('reject-button').click();
  });
  await turnsEnded(world.app);
});
