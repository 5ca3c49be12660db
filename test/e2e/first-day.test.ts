/**
 * What an owner meets on a first day with the app, in Chromium against the real `ias serve`: the
 * message box, a narrow window, the audit log's words and the approval's, in English and 简体中文.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, serve, type Served } from './harness.js';

let app: Served;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  app = await serve();
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' })).newPage();
  await page.goto(app.url);
  await page.waitForSelector('[data-testid="message-input"]');
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('a first day with the app', () => {
  it('the message box shows no scroll bar until its text is taller than the box may grow', async () => {
    const input = page.locator('[data-testid="message-input"]');
    const box = () =>
      input.evaluate((el) => ({ overflows: el.scrollHeight > el.clientHeight, height: el.offsetHeight }));
    await expect.poll(box).toMatchObject({ overflows: false });
    const empty = (await box()).height;

    await input.fill('one\ntwo\nthree');
    await expect.poll(box).toMatchObject({ overflows: false });
    expect((await box()).height).toBeGreaterThan(empty);

    // Past its tallest (200 px) the box scrolls.
    await input.fill(Array.from({ length: 30 }, (_, i) => `line ${i}`).join('\n'));
    await expect.poll(box).toEqual({ overflows: true, height: 200 });
    await input.fill('');
    await expect.poll(box).toEqual({ overflows: false, height: empty });
  });
});
