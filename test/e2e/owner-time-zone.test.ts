/**
 * Every time the app shows reads in the owner's time zone (Settings), not the computer's: in
 * Chromium against `ias serve`, the browser in Berlin and the owner in Shanghai, the audit log's
 * rows and entry panel, its custom time range, a task's next and last run and an approval's time
 * all read Shanghai's clock and calendar. A task in a zone of its own still says so.
 */
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dataPaths } from '../../src/core/paths.js';
import { openStore } from '../../src/core/store/index.js';
import { TIME_ZONE } from '../../src/core/time-zone.js';
import { openApp, screenshot } from './harness.js';
import { servedWorld } from './served-world.js';

const OWNER = 'Asia/Shanghai';
const COMPUTER = 'Europe/Berlin';

/** 15 January 2025, 21:02:03 in Berlin: already 16 January, 04:02:03, in Shanghai. */
const LATE = Date.UTC(2025, 0, 15, 20, 2, 3);
/** 16 January 2025, 18:00 in Berlin: 17 January, 01:00, in Shanghai. */
const EVENING = Date.UTC(2025, 0, 16, 17, 0, 0);
/** A one-off in New York's zone: 15 January 2099, 3:02 PM there; 16 January, 4:02 AM in Shanghai. */
const FAR = Date.UTC(2099, 0, 15, 20, 2);

const ids: Record<'late' | 'evening', number> = { late: 0, evening: 0 };

/** The next 04:02 in Shanghai (20:02 UTC): when the daily task below runs. */
function nextDailyRun(now = Date.now()): number {
  const today = new Date(now);
  const at = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), 20, 2);
  return at > now ? at : at + 86_400_000;
}

function seed(home: string): void {
  const store = openStore(dataPaths(home).database);
  try {
    store.settings.set(TIME_ZONE, OWNER);
    ids.late = store.audit.record(
      { skill: 'lookup', source: 'cli', requestedBy: 'terminal', risk: 'low', params: {}, startedAt: LATE },
      { status: 'done', durationMs: 2000, resultSummary: 'found', finishedAt: LATE + 2000 },
    );
    ids.evening = store.audit.record(
      { skill: 'lookup', source: 'cli', requestedBy: 'terminal', risk: 'low', params: {}, startedAt: EVENING },
      { status: 'done', durationMs: 5, resultSummary: 'found', finishedAt: EVENING + 5 },
    );
    const task = { prompt: 'Say hello', allowlist: [], enabled: true, createdBy: 'cli' as const, createdAt: LATE };
    store.tasks.insert({
      ...task,
      id: 'daily01',
      name: 'Daily hello',
      cron: '2 4 * * *',
      runAt: null,
      timeZone: OWNER,
      nextRunAt: nextDailyRun(),
    });
    store.tasks.claimNow('daily01', LATE);
    store.tasks.finish('daily01', 'done', 'Hello', LATE + 2000);
    store.tasks.insert({
      ...task,
      id: 'newyork1',
      name: 'Hello from New York',
      cron: null,
      runAt: FAR,
      timeZone: 'America/New_York',
      nextRunAt: FAR,
    });
    store.approvals.insert({
      id: 'b7d1c2e4-0000-4000-8000-000000000001',
      createdAt: LATE,
      userId: 'owner',
      skillName: 'send_mail',
      params: '{"to":"boss"}',
      paramsHash: 'sha256-params',
      skillHash: 'sha256-skill',
      status: 'rejected',
      decidedAt: LATE + 30_000,
      runId: 'an-earlier-run',
    });
  } finally {
    store.close();
  }
}

const world = servedWorld({
  serve: { setup: seed },
  page: (browser, app) => openApp(browser, app, { timezoneId: COMPUTER }),
});

/** ICU puts a narrow no-break space before AM/PM in some versions: spaces are spaces here. */
const text = async (locator: Locator) => (await locator.textContent())?.replace(/\s/g, ' ');

/** `ms`'s date as the owner's calendar has it, MM/DD/YYYY (read with Intl, not the app's formatters). */
const ownerDate = (ms: number) =>
  new Intl.DateTimeFormat('en-US', { timeZone: OWNER, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);

const auditRow = (id: number) => world.page.locator(`[data-testid="audit-row"][data-id="${id}"]`);
const shownRows = () =>
  world.page
    .locator('[data-testid="audit-row"]')
    .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-id'))));

describe("times in the owner's zone, the computer in another", () => {
  it('the page runs in a zone other than the owner’s', async () => {
    expect(await world.page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(COMPUTER);
  });

  it('the audit log: its rows, its entry panel and its custom time range', async () => {
    await world.page.goto(`${world.app.origin}/#/audit`);
    await auditRow(ids.late).waitFor();
    expect(await text(auditRow(ids.late).locator('[role="cell"]').first())).toBe('01/16/2025, 04:02:03');
    expect(await text(auditRow(ids.evening).locator('[role="cell"]').first())).toBe('01/17/2025, 01:00:00');

    await auditRow(ids.late).click();
    const fields = world.page.locator('[data-testid="audit-drawer"] .field-row dd');
    await fields.first().waitFor();
    expect(await text(fields.nth(0))).toBe('01/16/2025, 4:02:03 AM');
    expect(await text(fields.nth(1))).toBe('01/16/2025, 4:02:05 AM');
    await screenshot(world.page, 'owner-time-zone-audit');
    await world.page.keyboard.press('Escape');

    // 16 January in Shanghai: the late call (the 15th in Berlin), not the evening one (the 17th there).
    await world.page.selectOption('[data-testid="audit-filter-time"]', 'custom');
    await world.page.fill('[data-testid="audit-filter-from"]', '2025-01-16T00:00');
    await world.page.fill('[data-testid="audit-filter-to"]', '2025-01-16T23:59');
    await expect.poll(shownRows).toEqual([ids.late]);
    await world.page.fill('[data-testid="audit-filter-from"]', '2025-01-17T00:00');
    await world.page.fill('[data-testid="audit-filter-to"]', '2025-01-17T23:59');
    await expect.poll(shownRows).toEqual([ids.evening]);
  });

  it('a task’s next and last run; a task in a zone of its own says so', async () => {
    await world.page.goto(`${world.app.origin}/#/tasks`);
    const daily = world.page.locator('[data-testid="task-item"][data-id="daily01"]');
    await daily.waitFor();
    const next = nextDailyRun();
    expect(await text(daily.locator('[data-testid="task-next"]'))).toContain(`${ownerDate(next)}, 4:02 AM`);
    expect(await text(daily.locator('[data-testid="task-last"]'))).toContain('01/16/2025, 4:02 AM');
    // In the owner's zone: nothing more to say.
    expect(await daily.locator('[data-testid="task-next"] [title]').count()).toBe(0);

    const newYork = world.page.locator('[data-testid="task-item"][data-id="newyork1"]');
    // Its schedule in its own zone, named; its next run in the owner's, with its own on hover.
    expect(await text(newYork.locator('[data-testid="task-schedule"]'))).toContain('01/15/2099, 3:02 PM');
    expect(await text(newYork.locator('[data-testid="task-schedule"]'))).toContain('America/New_York');
    const nextRun = newYork.locator('[data-testid="task-next"] > span');
    expect(await text(nextRun)).toContain('01/16/2099, 4:02 AM');
    expect((await nextRun.getAttribute('title'))?.replace(/\s/g, ' ')).toBe('01/15/2099, 3:02 PM (America/New_York)');
    await screenshot(world.page, 'owner-time-zone-tasks');
  });

  it('an approval’s time', async () => {
    await world.page.goto(`${world.app.origin}/#/approvals`);
    const created = world.page.locator('[data-testid="approval-item"] [data-testid="approval-created"]');
    await created.waitFor();
    expect(await text(created)).toBe('01/16/2025, 4:02 AM');
  });
});
