/**
 * The Audit page's new calls belong to the filter they were read under: a filter changed while
 * some wait (the drawer open) drops them, so that closing the drawer before the filtered page
 * comes in shows that page, not the calls read before it under the old filter.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { openStore } from '../../src/core/store/index.js';
import { holdAnswers } from './harness.js';
import { servedWorld } from './served-world.js';

const database = (home: string) => path.join(home, 'ias.db');

/** Fewer calls than a page: the newest page read again is all there is. */
function seed(home: string): void {
  const store = openStore(database(home));
  const now = Date.now();
  for (const [i, status] of (['done', 'failed', 'done'] as const).entries()) {
    const startedAt = now - (10 - i) * 60_000;
    store.audit.record(
      { skill: 'earlier', source: 'chat', risk: 'low', params: { n: i }, startedAt },
      { status, durationMs: 5, finishedAt: startedAt + 5, ...(status === 'failed' ? { error: 'no' } : {}) },
    );
  }
  store.close();
}

const world = servedWorld({ serve: { noModel: true, setup: seed } });

it('a filter changed while new calls wait: closing the drawer before its page comes shows that page', async () => {
  const context = await world.browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  // The real socket, relayed: the answers to the failed calls' query wait, once asked to, for `release`.
  let hold = false;
  const { held, release } = await holdAnswers(
    page,
    (call) => hold && call.method === 'queryAudit' && (call.params?.[0] as { status?: string })?.status === 'failed',
  );
  await page.goto(world.app.url);
  await page.goto(`${world.app.origin}/#/audit`);
  const rows = page.locator('[data-testid="audit-row"]');
  await expect.poll(() => rows.count()).toBe(3);

  // A call is read: new ones wait, counted.
  await rows.first().click();
  const drawer = page.locator('[data-testid="audit-drawer"]');
  await drawer.waitFor();
  const other = openStore(database(world.app.home));
  other.audit.record({ skill: 'later', source: 'chat', risk: 'low', params: {} }, { status: 'done', durationMs: 1 });
  other.close();
  await page.locator('[data-testid="audit-news"]').waitFor({ timeout: 15_000 });

  // The filter changes; its page is under way when the drawer closes.
  hold = true;
  await page.selectOption('[data-testid="audit-filter-status"]', 'failed');
  await expect.poll(held, { timeout: 15_000 }).toBe(1);
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'detached' });
  await page.waitForTimeout(200);
  hold = false;
  release();

  await expect.poll(() => rows.evaluateAll((all) => all.map((r) => r.getAttribute('data-status')))).toEqual(['failed']);
  await expect.poll(() => page.locator('[data-testid="audit-count"]').textContent()).toBe('1 entry');
  expect(await page.locator('[data-testid="audit-news"]').count()).toBe(0);
  await context.close();
}, 60_000);
