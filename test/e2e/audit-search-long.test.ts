/**
 * The audit log's search box takes no more than a search may hold: a long text pasted in (a
 * result, an error) is cut to that length and searched, not refused with the core's check in English.
 */
import { expect, it } from 'vitest';
import { answersTakenIn, holdAnswers } from './harness.js';
import { servedWorld } from './served-world.js';

const world = servedWorld();

it('a search longer than a search may be is cut to its length and searched', async () => {
  const context = await world.browser.newContext({ locale: 'zh-CN' });
  const page = await context.newPage();
  // The search's answer is held, to be let through once asked, and then read as the page took it.
  const searched = (params: unknown) => JSON.stringify(params ?? []).includes('the disk is full');
  const { held, release } = await holdAnswers(page, (call) => call.method === 'queryAudit' && searched(call.params));
  await page.goto(world.app.url);
  await page.waitForSelector('[data-testid="message-input"]');
  await page.goto(`${world.app.origin}/#/audit`);
  const search = page.getByTestId('audit-search');
  await search.focus();
  await page.keyboard.insertText('error: the disk is full '.repeat(30));
  await expect.poll(held).toBe(1);
  release();
  await answersTakenIn(world.app, page);

  expect(await page.locator('.audit-main .notice-error').count()).toBe(0);
  expect(await page.getByTestId('audit-empty').textContent()).toBe('没有匹配的技能调用。');
  expect((await search.inputValue()).length).toBe(500);
  await context.close();
});
