/**
 * A Settings choice shows at once, in Chromium against `ias serve`: while the core's answer is
 * still on its way the control keeps the owner's choice (and the theme applies), instead of
 * snapping back to the old value until the answer comes, and a choice made while an earlier one's
 * answer is on its way stays shown when that answer comes. A save the core refuses puts the saved
 * value back and says why. The real socket is relayed, so that answers can wait or be refused.
 */
import { expect, it } from 'vitest';
import type { AppSettings } from '../../src/shared/contract.js';
import { openServedPage } from './harness.js';
import { servedWorld } from './served-world.js';

const SOON = { timeout: 15_000 };

/** What happens to the page's saves: passed on, their answers held until released, or refused. */
let answers: 'pass' | 'hold' | 'refuse' | 'hold-news' = 'pass';
const held: { frame: { id?: unknown }; send: () => void }[] = [];
let heldSaves = 0;
/** The ids of the page's saves, in order. */
const saveIds: unknown[] = [];

const world = servedWorld({
  serve: { noModel: true },
  page: (browser, app) =>
    openServedPage(browser, app, {
      beforeOpen: async (opened) => {
        await opened.routeWebSocket(/\/ws$/, (ws) => {
          const server = ws.connectToServer();
          ws.onMessage((message) => {
            const frame = JSON.parse(String(message)) as { id?: unknown; method?: string };
            const save = frame.method === 'saveSettings' || frame.method === 'setHighRiskPaused';
            if (save && answers === 'refuse') ws.send(JSON.stringify({ id: frame.id, error: 'The disk is full.' }));
            else server.send(message);
            if (save && answers === 'hold') heldSaves++;
            if (save) saveIds.push(frame.id);
          });
          // While held, nothing from the core reaches the page: neither the answer nor the change
          // event ('hold-news': the change events alone).
          server.onMessage((message) => {
            const frame = JSON.parse(String(message)) as { id?: unknown };
            if (answers === 'hold' || (answers === 'hold-news' && frame.id === undefined))
              held.push({ frame, send: () => ws.send(message) });
            else ws.send(message);
          });
        });
      },
    }),
  other: true,
});

const theme = () => world.page.locator('[data-testid="settings-theme"]');
const htmlTheme = () => world.page.locator('html').getAttribute('data-theme');
const paused = () => world.page.locator('[data-testid="settings-pause-high-risk"]');

it('keeps the choice while the answer is on its way, and puts the saved value back when the save is refused', async () => {
  await world.page.goto(`${world.app.origin}/#/settings`);
  await theme().waitFor();
  expect(await theme().inputValue()).toBe('system');

  // The answer waits: the choice shows, and applies, all the same.
  answers = 'hold';
  await world.page.selectOption('[data-testid="settings-theme"]', 'dark');
  await expect.poll(async () => (await world.other.call<AppSettings>('getSettings')).theme, SOON).toBe('dark');
  expect(heldSaves).toBe(1);
  await world.page.waitForTimeout(300);
  expect(await theme().inputValue()).toBe('dark');
  expect(await htmlTheme()).toBe('dark');
  await paused().click();
  await expect.poll(async () => (await world.other.call<AppSettings>('getSettings')).highRiskPaused, SOON).toBe(true);
  expect(heldSaves).toBe(2);
  await world.page.waitForTimeout(300);
  expect(await paused().isChecked()).toBe(true);
  answers = 'pass';
  for (const { send } of held.splice(0)) send();
  expect(await theme().inputValue()).toBe('dark');
  await expect.poll(() => paused().isChecked(), SOON).toBe(true);
  expect(await world.page.locator('[data-testid="toast"]').count()).toBe(0);

  // The core refuses: the saved value comes back, and a toast says why.
  answers = 'refuse';
  await world.page.selectOption('[data-testid="settings-theme"]', 'light');
  const toast = world.page.locator('[data-testid="toast"]');
  await toast.first().waitFor(SOON);
  expect(await toast.first().textContent()).toContain('The disk is full.');
  await expect.poll(() => theme().inputValue(), SOON).toBe('dark');
  await expect.poll(htmlTheme, SOON).toBe('dark');
  await paused().click();
  await expect.poll(() => toast.count(), SOON).toBe(2);
  await expect.poll(() => paused().isChecked(), SOON).toBe(true);
});

it("a choice made while an earlier one's answer is on its way stays shown when that answer comes", async () => {
  await world.page.goto(`${world.app.origin}/#/settings`);
  const language = world.page.locator('[data-testid="settings-language"]');
  await language.waitFor();
  const core = async () => (await world.other.call<AppSettings>('getSettings')).language;
  answers = 'hold';
  const firstSave = saveIds.length;
  await language.selectOption('zh-CN');
  await expect.poll(core, SOON).toBe('zh-CN');
  await language.selectOption('en');
  await expect.poll(core, SOON).toBe('en');

  // The first choice's answer (and what came before it) arrives; the second's is still on its way.
  const first = held.findIndex(({ frame }) => frame.id === saveIds[firstSave]);
  expect(first).toBeGreaterThanOrEqual(0);
  for (const { send } of held.splice(0, first + 1)) send();
  await world.page.waitForTimeout(300);
  expect(await world.page.locator('html').getAttribute('lang')).toBe('en');
  expect(await language.inputValue()).toBe('en');

  answers = 'pass';
  for (const { send } of held.splice(0)) send();
  await expect.poll(() => world.page.locator('html').getAttribute('lang'), SOON).toBe('en');
  await language.selectOption('system');
  await expect.poll(core, SOON).toBe('system');
});

it('a choice answered with nothing stays shown before the news of the change comes', async () => {
  await world.page.goto(`${world.app.origin}/#/settings`);
  await paused().waitFor();
  const was = await paused().isChecked();
  answers = 'hold-news';
  const before = held.length;
  await paused().click();
  await expect.poll(async () => (await world.other.call<AppSettings>('getSettings')).highRiskPaused, SOON).toBe(!was);
  // The news of it is held: it comes after the answer, which the page has had some time to take in.
  await expect.poll(() => held.length, SOON).toBeGreaterThan(before);
  await world.page.waitForTimeout(300);
  expect(await paused().isChecked()).toBe(!was);
  answers = 'pass';
  for (const { send } of held.splice(0)) send();
  await expect.poll(() => paused().isChecked(), SOON).toBe(!was);
});
