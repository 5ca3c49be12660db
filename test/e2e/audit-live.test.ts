/**
 * The Audit page follows new calls without Refresh: a call `ias chat` makes in another process (the
 * built CLI, against the served home and the same model server) and one a turn in another tab makes
 * come in at the top; a call awaiting approval shows its end in place and in the open drawer;
 * scrolled down, a pill counts the new calls and the view does not move until it is clicked. The
 * terminal's calls read as CLI (命令行 in 简体中文), the app's as Chat, and the source filter tells them apart.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { openStore } from '../../src/core/store/index.js';
import { iasAsync } from '../helpers/cli.js';
import { scriptSkill, tempDir, writeSkill } from '../helpers/temp.js';
import { servedWorld } from './served-world.js';

const SEEDED = 150;

let system: string;
/** The Audit page, open throughout; the chat in another tab of the same browser. */
let audit: Page;

/** Earlier calls, a minute apart: more than a page of them, to scroll. */
function seed(home: string): void {
  const store = openStore(path.join(home, 'ias.db'));
  const now = Date.now();
  store.atomically(() => {
    for (let i = 0; i < SEEDED; i++) {
      store.audit.record(
        { skill: 'earlier', source: 'chat', risk: 'low', params: { n: i }, startedAt: now - (SEEDED - i) * 60_000 },
        { status: 'done', durationMs: 5, resultSummary: `earlier ${i}`, finishedAt: now - (SEEDED - i) * 60_000 + 5 },
      );
    }
  });
  store.close();
}

const world = servedWorld({
  serve: () => {
    system = tempDir('ias-e2e-system-');
    writeSkill(system, 'lookup', scriptSkill({ description: 'Looks something up.', script: 'echo found it' }));
    writeSkill(
      system,
      'send_report',
      scriptSkill({ risk: 'High', description: 'Sends a report.', script: 'echo sent' }),
    );
    return { systemSkills: system, setup: seed };
  },
  page: async (browser, app) => {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
    const chat = await context.newPage();
    await chat.goto(app.url);
    await chat.waitForSelector('[data-testid="message-input"]');
    audit = await context.newPage();
    await audit.goto(`${app.origin}/#/audit`);
    await audit.locator('[data-testid="audit-row"]').first().waitFor();
    return chat;
  },
});

/** What another process wrote, or a turn in another tab, reaches the page within a second or two. */
const SOON = { timeout: 15_000 };

const firstRow = () => audit.locator('[data-testid="audit-row"]').first();
const firstSkill = async () => (await firstRow().locator('[role="cell"]').nth(1).textContent()) ?? '';
const sourceOf = (row: ReturnType<Page['locator']>) => row.locator('[role="cell"]').nth(2).textContent();
const scroller = () => audit.locator('[data-testid="audit-table"]');
/** The ids of the rows in the DOM (those in view, and a few past each edge), in order. */
const rendered = () =>
  audit.locator('[data-testid="audit-row"]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-id')));

async function send(text: string): Promise<void> {
  await world.page.fill('[data-testid="message-input"]', text);
  await world.page.click('[data-testid="send-button"]');
}

it('a call `ias chat` makes in another process comes in at the top, without Refresh', async () => {
  expect(await firstSkill()).toBe('earlier');
  world.app.model.enqueue({ toolCalls: [{ name: 'lookup', arguments: '{}' }] }, { content: 'Found it.' });
  const run = await iasAsync(['chat', 'look it up', '--json', '--system-skills', system], {
    IAS_HOME: world.app.home,
    IAS_LLM_BASE_URL: world.app.model.url,
    IAS_LLM_MODEL: 'test-model',
    IAS_LLM_API_KEY: 'test-key',
  });
  expect(run.status, run.stderr).toBe(0);
  await expect.poll(firstSkill, SOON).toBe('lookup');
  expect(await firstRow().getAttribute('data-status')).toBe('done');
  // Made at a terminal: not the app's chat.
  expect(await sourceOf(firstRow())).toBe('CLI');
  // Its own row, new: the seeded ones come first in the table's ids.
  expect(Number(await firstRow().getAttribute('data-id'))).toBeGreaterThan(SEEDED);
  expect(await audit.locator('[data-testid="audit-news"]').count()).toBe(0);
});

it('a call awaiting approval shows running, then its end in place and in the open drawer', async () => {
  world.app.model.enqueue({ toolCalls: [{ name: 'send_report', arguments: '{}' }] }, { content: 'Not sent, then.' });
  await send('send the report');
  await expect.poll(firstSkill, SOON).toBe('send_report');
  expect(await firstRow().getAttribute('data-status')).toBe('running');
  const id = await firstRow().getAttribute('data-id');
  await firstRow().click();
  const drawer = audit.locator('[data-testid="audit-drawer"]');
  await drawer.waitFor();
  expect(await drawer.textContent()).toContain('Running');

  const card = world.page.locator('[data-testid="approval-card"]').last();
  await card.waitFor(SOON);
  await card.locator('[data-testid="reject-button"]').click();
  const row = audit.locator(`[data-testid="audit-row"][data-id="${id}"]`);
  await expect.poll(() => row.getAttribute('data-status'), SOON).toBe('refused');
  await expect.poll(async () => (await drawer.textContent()) ?? '').toContain('Refused');
  expect(await drawer.textContent()).toContain('ApprovalRejected');
  await audit.keyboard.press('Escape');
  await drawer.waitFor({ state: 'detached' });
});

it('scrolled down, a pill counts the new calls and the view stays until it is clicked', async () => {
  await scroller().evaluate((el) => el.scrollTo({ top: 1500 }));
  // Every row is loaded by then (the next page comes as the end nears): nothing moves but the news.
  await expect.poll(() => audit.locator('[data-testid="audit-count"]').textContent()).toBe(`${SEEDED + 2} entries`);
  await audit.waitForTimeout(200);
  const readingAt = await scroller().evaluate((el) => el.scrollTop);
  const inView = await rendered();
  expect(inView).not.toContain(null);

  world.app.model.enqueue(
    { toolCalls: [{ name: 'lookup', arguments: '{"q":"again"}' }] },
    { content: 'Found it again.' },
  );
  await send('look it up again');
  const pill = audit.locator('[data-testid="audit-news"]');
  await pill.waitFor(SOON);
  expect(await pill.textContent()).toContain('1 new call');
  expect(await scroller().evaluate((el) => el.scrollTop)).toBe(readingAt);
  expect(await rendered()).toEqual(inView);
  expect(await audit.locator('[data-testid="audit-count"]').textContent()).toBe(`${SEEDED + 2} entries`);

  await pill.click();
  await expect.poll(() => scroller().evaluate((el) => el.scrollTop)).toBe(0);
  await expect.poll(firstSkill).toBe('lookup');
  expect(await sourceOf(firstRow())).toBe('Chat');
  expect(await audit.locator('[data-testid="audit-count"]').textContent()).toBe(`${SEEDED + 3} entries`);
  await pill.waitFor({ state: 'detached' });
});

it("the source filter tells the terminal's calls from the app's chat, in either language", async () => {
  const rows = audit.locator('[data-testid="audit-row"]');
  const filter = audit.locator('[data-testid="audit-filter-source"]');
  expect(await filter.locator('option[value="cli"]').textContent()).toBe('CLI');
  await filter.selectOption('cli');
  await expect.poll(() => rows.count()).toBe(1);
  expect(await firstSkill()).toBe('lookup');
  expect(await sourceOf(firstRow())).toBe('CLI');
  await filter.selectOption('chat');
  await expect.poll(() => rows.count()).toBeGreaterThan(1);
  const sources = await rows.evaluateAll((all) => all.map((r) => r.querySelectorAll('[role="cell"]')[2]?.textContent));
  expect(new Set(sources)).toEqual(new Set(['Chat']));
  await filter.selectOption('');

  const chinese = await world.browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 800 } });
  try {
    const page = await chinese.newPage();
    await page.goto(world.app.url);
    await page.waitForSelector('[data-testid="message-input"]');
    await page.goto(`${world.app.origin}/#/audit`);
    const zhFilter = page.locator('[data-testid="audit-filter-source"]');
    expect(await zhFilter.locator('option[value="cli"]').textContent()).toBe('命令行');
    await zhFilter.selectOption('cli');
    const zhRows = page.locator('[data-testid="audit-row"]');
    await expect.poll(() => zhRows.count()).toBe(1);
    expect(await sourceOf(zhRows.first())).toBe('命令行');
  } finally {
    await chinese.close();
  }
});
