/**
 * The Audit page in Chromium against `ias serve`, over a log of the largest rows: the list comes
 * with a line of each row (a page of them small), and a row opened shows its whole text (params,
 * result, error), which Copy copies whole; a search finds a row by words past what the list holds.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dataPaths } from '../../src/core/paths.js';
import { openStore } from '../../src/core/store/index.js';
import { openHolding, screenshot } from './harness.js';
import { servedWorld } from './served-world.js';

const ids: { done?: number; failed?: number } = {};
const command = `start ${'lorem ipsum '.repeat(600)}params-end`;
const result = `${'r'.repeat(1980)} result-end`;
const failure = `${'e'.repeat(3980)} error-end`;

function seed(home: string): void {
  const store = openStore(dataPaths(home).database);
  try {
    // A page and more of the largest rows the log keeps: their text capped, full of quotes.
    const quotes = '"'.repeat(5000);
    const now = Date.now();
    store.atomically(() => {
      for (let i = 0; i < 150; i++) {
        store.audit.record(
          { skill: 'shell', source: 'chat', risk: 'high', params: { command: quotes, i }, startedAt: now - 60_000 + i },
          { status: 'failed', durationMs: i, resultSummary: quotes, error: quotes },
        );
      }
      ids.done = store.audit.record(
        { skill: 'write_note', source: 'chat', risk: 'low', params: { command }, startedAt: now - 1000 },
        { status: 'done', durationMs: 5, resultSummary: result },
      );
      ids.failed = store.audit.record(
        { skill: 'send_mail', source: 'chat', risk: 'high', params: { to: 'a@example.com' }, startedAt: now - 500 },
        { status: 'failed', durationMs: 5, error: failure },
      );
    });
  } finally {
    store.close();
  }
}

const world = servedWorld({ serve: { setup: seed } });

/** A page of the app, its clipboard readable, with the length of every answer to queryAudit it receives. */
async function auditPage(): Promise<{ page: Page; answers: number[] }> {
  const context = await world.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: world.app.origin });
  const page = await context.newPage();
  const answers: number[] = [];
  const asked = new Set<unknown>();
  page.on('websocket', (socket) => {
    socket.on('framesent', ({ payload }) => {
      const call = JSON.parse(String(payload)) as { id?: unknown; method?: string };
      if (call.method === 'queryAudit') asked.add(call.id);
    });
    socket.on('framereceived', ({ payload }) => {
      const text = String(payload);
      const frame = JSON.parse(text) as { id?: unknown };
      if (asked.has(frame.id)) answers.push(text.length);
    });
  });
  await page.goto(world.app.url);
  await page.waitForSelector('[data-testid="message-input"]');
  await page.goto(`${world.app.origin}/#/audit`);
  await page.locator('[data-testid="audit-row"]').first().waitFor();
  return { page, answers };
}

const drawer = (page: Page) => page.locator('[data-testid="audit-drawer"]');
const block = (page: Page, label: string) => drawer(page).locator(`pre[aria-label="${label}"]`);

async function open(page: Page, id: number): Promise<void> {
  await page.locator(`[data-testid="audit-row"][data-id="${id}"]`).click();
  await drawer(page)
    .locator('h2', { hasText: `#${id}` })
    .waitFor();
}

describe('a large row of the audit log, opened', () => {
  it('comes in the list as a line, and opened shows its whole text, copied whole', async () => {
    const { page, answers } = await auditPage();
    // A page of a hundred of the largest rows: about 3 M characters whole, a line of each here.
    await expect.poll(() => answers.length).toBeGreaterThan(0);
    expect(Math.max(...answers)).toBeLessThan(400_000);

    await open(page, ids.done!);
    await expect.poll(() => block(page, 'Result').textContent()).toBe(result);
    expect(await block(page, 'Parameters').textContent()).toBe(JSON.stringify({ command }, null, 2));
    await screenshot(page, 'audit-row-whole');
    await drawer(page).locator('pre[aria-label="Result"] + button').click();
    await expect.poll(() => page.evaluate('navigator.clipboard.readText()')).toBe(result);

    await open(page, ids.failed!);
    await expect.poll(() => block(page, 'Error').textContent()).toBe(failure);
    await drawer(page).locator('pre[aria-label="Error"] + button').click();
    await expect.poll(() => page.evaluate('navigator.clipboard.readText()')).toBe(failure);
    await page.context().close();
  });

  it('shows nothing of its cut text while it is read whole', async () => {
    const holding = await openHolding(world.browser, world.app, (call) => call.method === 'getAuditRow');
    const { page } = holding;
    await page.goto(`${world.app.origin}/#/audit`);
    await open(page, ids.done!);
    await expect.poll(holding.held).toBe(1);
    await page.getByTestId('audit-drawer-reading').waitFor();
    expect(await drawer(page).locator('pre').count()).toBe(0);
    holding.release();
    await expect.poll(() => block(page, 'Result').textContent()).toBe(result);
    expect(await page.getByTestId('audit-drawer-reading').count()).toBe(0);
    await page.context().close();
  });

  it('is found by words past what the list holds of it', async () => {
    const { page } = await auditPage();
    await page.getByTestId('audit-search').fill('result-end');
    await expect.poll(() => page.locator('[data-testid="audit-row"]').count()).toBe(1);
    expect(await page.locator('[data-testid="audit-row"]').getAttribute('data-id')).toBe(String(ids.done));
    await open(page, ids.done!);
    await expect.poll(() => block(page, 'Result').textContent()).toBe(result);
    await page.context().close();
  });
});
