/**
 * Toasts in Chromium against `ias serve` keep clear of the controls in use as news comes in: on
 * the audit log a task's result leaves every filter and header button in sight and clickable (the
 * point at a control's centre is the control, and no toast overlaps it), in English and 简体中文, in a
 * wide and a narrow window; in the chat an approval's toast leaves the approval card's buttons and
 * the message box alone. A toast goes with its close button, and a failure is an alert. A long
 * result makes a short toast, and a pile of them never reaches the message box. In the chat they
 * cover nothing that is read: with a one-message conversation open, no toast meets the message, the
 * header or the message box, in a wide, a narrow and the tray's compact window (the chat keeps room
 * for them under its header, with no anchor positioning to fall back from), and the compact window's
 * conversations list, opened while one shows, is drawn over it.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dataPaths } from '../../src/core/paths.js';
import { openStore } from '../../src/core/store/index.js';
import { morningReport } from '../helpers/morning-report.js';
import { openApp, screenshot, turnsEnded } from './harness.js';
import { servedWorld } from './served-world.js';

const WIDE = { width: 1280, height: 800 };
const NARROW = { width: 800, height: 600 };

const world = servedWorld({
  serve: {
    setup(home) {
      const store = openStore(dataPaths(home).database);
      const now = Date.now();
      store.conversations.create('short', 'A short one', now - 60_000);
      store.conversations.append('short', 'user', 'Where shall we go this summer?', {}, now - 60_000);
      store.tasks.insert(morningReport(now, 'Asia/Shanghai'));
      for (let i = 0; i < 3; i++) {
        const startedAt = now - (10 - i) * 60_000;
        store.audit.record(
          { skill: 'get_current_datetime', source: 'chat', risk: 'low', params: { n: i }, startedAt },
          { status: 'done', durationMs: 5, finishedAt: startedAt + 5 },
        );
      }
      store.close();
    },
    script: (model) => model.fallback(() => ({ content: 'All quiet this morning.' })),
  },
  other: true,
});

/** Each of `controls` that a toast overlaps, or whose centre is not itself to the pointer. */
async function coveredControls(controls: Locator): Promise<string[]> {
  return controls.evaluateAll((elements) => {
    // The page's document (this file is type-checked without the DOM's globals).
    const document = elements[0]!.ownerDocument;
    // What shows of each toast: the list cuts off those it has no room for.
    const toasts = [...document.querySelectorAll('[data-testid="toast"]')].map((t) => {
      const box = t.getBoundingClientRect();
      const list = t.parentElement!.getBoundingClientRect();
      return { ...box.toJSON(), top: Math.max(box.top, list.top), bottom: Math.min(box.bottom, list.bottom) } as {
        left: number;
        right: number;
        top: number;
        bottom: number;
      };
    });
    const covered: string[] = [];
    for (const element of elements) {
      const box = element.getBoundingClientRect();
      const name =
        element.getAttribute('data-testid') ??
        element.getAttribute('aria-label') ??
        element.textContent?.trim() ??
        element.tagName;
      const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      if (!hit || !element.contains(hit)) covered.push(`${name}: under ${hit?.className ?? 'nothing'}`);
      const overlapping = toasts.some(
        (t) => t.left < box.right && box.left < t.right && t.top < box.bottom && box.top < t.bottom,
      );
      if (overlapping) covered.push(`${name}: a toast over it`);
    }
    return covered;
  });
}

describe.each([
  ['en', WIDE],
  ['en', NARROW],
  ['zh-CN', WIDE],
  ['zh-CN', NARROW],
] as const)('in %s, %o', (language, viewport) => {
  it('a task’s toast on the audit log leaves its filters and buttons in sight and clickable', async () => {
    await world.other.call('saveSettings', { language });
    const page = await openApp(world.browser, world.app, { viewport });
    await page.goto(`${world.app.origin}/#/audit`);
    await expect.poll(() => page.locator('[data-testid="audit-row"]').count()).toBeGreaterThan(0);
    const before = await page.locator('[data-testid="toast"]').count();
    await world.other.call('runTaskNow', 'report01');
    const toast = page.locator('[data-testid="toast"]', { hasText: 'Morning report' });
    await toast.first().waitFor({ timeout: 20_000 });
    expect(await page.locator('[data-testid="toast"]').count()).toBe(before + 1);

    const controls = page.locator('.audit-filters :is(input, select, button), .page-head button');
    expect(await controls.count()).toBeGreaterThanOrEqual(8);
    await screenshot(page, `toast-audit-${language}-${viewport.width}`);
    expect(await coveredControls(controls)).toEqual([]);
    // Still a filter's: picking a status narrows the log with the toast there.
    await page.selectOption('[data-testid="audit-filter-status"]', 'failed');
    await page.locator('[data-testid="audit-empty"]').waitFor();

    // Said to screen readers politely; gone with its close button.
    expect(await page.locator('[data-testid="toasts"]').getAttribute('role')).toBe('status');
    expect(await toast.first().getAttribute('role')).toBeNull();
    await toast.first().getByRole('button').click();
    await expect.poll(() => toast.count()).toBe(0);
    await page.context().close();
  });

  it('an approval’s toast in the chat leaves the card’s buttons and the message box alone', async () => {
    await world.other.call('saveSettings', { language });
    const page = await openApp(world.browser, world.app, { viewport });
    world.app.model.enqueue({ toolCalls: [{ name: 'execute_shell', arguments: '{"command":"echo hello"}' }] });
    await page.fill('[data-testid="message-input"]', 'say hello in the shell');
    await page.keyboard.press('Enter');
    const card = page.locator('[data-testid="approval-card"]').last();
    await card.waitFor({ timeout: 15_000 });
    await page.locator('[data-testid="toast"]', { hasText: 'execute_shell' }).first().waitFor();

    const controls = page.locator(
      '[data-testid="approval-card"] button, [data-testid="message-input"], .composer button, .chat-head :is(a, button)',
    );
    await screenshot(page, `toast-chat-${language}-${viewport.width}`);
    expect(await coveredControls(controls)).toEqual([]);
    await card.locator('[data-testid="reject-button"]').click();
    // The refusal's toast takes the place of the one asking.
    await page.locator('[data-testid="toast"]', { hasText: /Refused: execute_shell|已拒绝：execute_shell/ }).waitFor();
    // The model told of the refusal before a later test scripts an answer (a task's failure): this turn takes none.
    await turnsEnded(world.app);
    await page.context().close();
  });
});

it('a failed run’s toast is an alert', async () => {
  await world.other.call('saveSettings', { language: 'en' });
  const page = await openApp(world.browser, world.app);
  world.app.model.enqueue({ status: 401, errorMessage: 'Incorrect API key provided' });
  await world.other.call('runTaskNow', 'report01');
  const toast = page.locator('[data-testid="toast"]', { hasText: 'Incorrect API key provided' });
  await toast.waitFor({ timeout: 20_000 });
  expect(await toast.getAttribute('class')).toContain('toast-error');
  expect(await toast.getAttribute('role')).toBe('alert');
  await page.context().close();
});

it('long results make short toasts, and a pile of them never reaches the message box', async () => {
  await world.other.call('saveSettings', { language: 'en' });
  const page = await openApp(world.browser, world.app, { viewport: NARROW });
  const long = Array.from({ length: 60 }, (_, i) => `Line ${i} of the morning report.`).join('\n');
  const toasts = page.locator('[data-testid="toast"]', { hasText: 'Line 0 of the morning report.' });
  for (let run = 1; run <= 3; run++) {
    world.app.model.enqueue({ content: long });
    await world.other.call('runTaskNow', 'report01');
    await expect.poll(() => toasts.count(), { timeout: 20_000 }).toBe(run);
  }
  await screenshot(page, 'toasts-long-results');
  const heights = await toasts.evaluateAll((all) => all.map((t) => t.getBoundingClientRect().height));
  for (const height of heights) expect(height).toBeLessThan(NARROW.height / 3);
  const controls = page.locator('[data-testid="message-input"], .composer button, .chat-head :is(a, button)');
  expect(await coveredControls(controls)).toEqual([]);
  await page.context().close();
});

/** What of the chat a toast overlaps, and each message whose centre is not itself to the pointer. */
async function coveredInChat(page: Page): Promise<string[]> {
  return page.locator('[data-testid="message"], .composer, .chat-head').evaluateAll((readable) => {
    const document = readable[0]!.ownerDocument;
    const toasts = [...document.querySelectorAll('[data-testid="toast"]')].map((t) => t.getBoundingClientRect());
    const found: string[] = [];
    for (const element of readable) {
      const box = element.getBoundingClientRect();
      const name = element.getAttribute('data-role') ?? element.className;
      if (toasts.some((t) => t.left < box.right && box.left < t.right && t.top < box.bottom && box.top < t.bottom))
        found.push(`${name}: a toast over it`);
      if (element.matches('[data-testid="message"]')) {
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        if (!hit || !element.contains(hit)) found.push(`${name}: under ${hit?.className ?? 'nothing'}`);
      }
    }
    return found;
  });
}

describe.each([
  ['wide', WIDE, ''],
  ['narrow', NARROW, ''],
  ['compact', { width: 380, height: 560 }, '?compact=1'],
] as const)('in a %s window', (name, viewport, query) => {
  it('a toast leaves a one-message conversation, its header and the message box in sight', async () => {
    await world.other.call('saveSettings', { language: 'en' });
    const page = await openApp(world.browser, world.app, { viewport });
    await page.goto(`${world.app.origin}/${query}#/chat/short`);
    await page.locator('[data-testid="message"]', { hasText: 'Where shall we go this summer?' }).waitFor();
    expect(await page.locator('[data-testid="message"]').count()).toBe(1);

    await world.other.call('runTaskNow', 'report01');
    const toast = page.locator('[data-testid="toast"]', { hasText: 'Morning report' });
    await toast.waitFor({ timeout: 20_000 });
    await screenshot(page, `toast-short-chat-${name}`);
    expect(await coveredInChat(page)).toEqual([]);

    // Gone with its close button, and the room it took goes with it.
    await toast.getByRole('button').click();
    await expect.poll(() => toast.count()).toBe(0);
    const [head, scroller] = await Promise.all(
      ['.chat-head', '.message-scroller'].map((selector) => page.locator(selector).boundingBox()),
    );
    expect(scroller!.y - (head!.y + head!.height)).toBeLessThan(1);
    await page.context().close();
  });
});

it('in the compact window, the conversations list opened while a toast shows is drawn over the toast', async () => {
  await world.other.call('saveSettings', { language: 'en' });
  const page = await openApp(world.browser, world.app, { viewport: { width: 420, height: 620 } });
  await page.goto(`${world.app.origin}/?compact=1#/chat/short`);
  await page.locator('[data-testid="message"]').first().waitFor();
  await world.other.call('runTaskNow', 'report01');
  const toast = page.locator('[data-testid="toast"]', { hasText: 'Morning report' });
  await toast.waitFor({ timeout: 20_000 });
  await page.click('.chat-head button[aria-expanded]');
  const list = page.locator('.conv-popover');
  await list.waitFor();
  await screenshot(page, 'toast-under-compact-conversations');
  // Toasts let clicks through, so the pointer is made to meet them too: what it finds is what is drawn on top.
  await page.addStyleTag({ content: '[data-testid="toast"] { pointer-events: auto !important; }' });
  const hidden = await list.evaluate((popover) => {
    const document = popover.ownerDocument;
    const box = popover.getBoundingClientRect();
    const found: string[] = [];
    for (const toast of document.querySelectorAll('[data-testid="toast"]')) {
      const t = toast.getBoundingClientRect();
      const left = Math.max(t.left, box.left);
      const right = Math.min(t.right, box.right);
      const top = Math.max(t.top, box.top);
      const bottom = Math.min(t.bottom, box.bottom);
      if (left >= right || top >= bottom) continue;
      const hit = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
      if (!hit || !popover.contains(hit))
        found.push(`under ${hit?.closest('[data-testid]')?.getAttribute('data-testid')}`);
    }
    return found;
  });
  expect(hidden).toEqual([]);
  // The toast and the list do meet here, so the check above had something to look at.
  const [t, l] = [await toast.boundingBox(), await list.boundingBox()];
  expect(t!.x < l!.x + l!.width && t!.y < l!.y + l!.height && l!.y < t!.y + t!.height).toBe(true);
  await page.context().close();
});
