/**
 * The access link in Chromium against the real `ias serve`: the token comes in the fragment, stays
 * in the origin's localStorage, leaves the address bar and never goes in a cookie, so another web
 * server on 127.0.0.1 (another port) receives nothing. A page without the token, or with a wrong
 * one, says which link to open, in the UI's language; a wrong one leaves the saved token alone.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSocket } from '../server/helpers.js';
import { launchBrowser, screenshot, serve, type Served } from './harness.js';

let browser: Browser;
let app: Served;
/** Another local web server, as a dev server on another port would be. */
let other: http.Server;
let otherOrigin: string;
const seenByOther: http.IncomingHttpHeaders[] = [];

beforeAll(async () => {
  app = await serve();
  browser = await launchBrowser();
  other = http.createServer((req, res) => {
    seenByOther.push(req.headers);
    res.setHeader('Content-Type', 'text/html');
    res.end('<!doctype html><title>another server</title><link rel="icon" href="data:,">');
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherOrigin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await new Promise((resolve) => other?.close(resolve));
});

const contexts: BrowserContext[] = [];
async function freshPage(locale = 'en-US'): Promise<Page> {
  const context = await browser.newContext({ locale });
  contexts.push(context);
  return context.newPage();
}
afterAll(async () => {
  for (const context of contexts) await context.close();
});

const storedToken = (page: Page) => page.evaluate<string | null>('localStorage.getItem("ias.serveToken")');
const notice = (page: Page) => page.locator('[data-testid="sign-in-notice"]');

/** The skills page lists skills only when its call went through the socket. */
async function apiWorks(page: Page): Promise<void> {
  await page.goto(`${app.origin}/#/skills`);
  await page.locator('[data-testid="skill-row"]').first().waitFor();
}

/** What the other server has been sent so far carries no token. */
async function otherSeesNoToken(page: Page): Promise<void> {
  const before = seenByOther.length;
  await page.goto(`${otherOrigin}/`);
  expect(seenByOther.length).toBeGreaterThan(before);
  expect(JSON.stringify(seenByOther)).not.toContain(app.token);
}

/** Opens `link` in a fresh context: signed in, the token in localStorage only, the API working. */
async function signIn(link: string): Promise<Page> {
  const page = await freshPage();
  await page.goto(link);
  await page.locator('[data-testid="message-input"]').waitFor();
  expect(page.url()).toBe(`${app.origin}/`);
  expect(await storedToken(page)).toBe(app.token);
  expect(await page.context().cookies()).toEqual([]);
  await apiWorks(page);
  return page;
}

describe('signing in to ias serve in Chromium', () => {
  it('the printed link: the token goes to localStorage, out of the address bar, into no cookie', async () => {
    expect(app.url).toBe(`${app.origin}/#token=${app.token}`);
    const page = await signIn(app.url);
    await otherSeesNoToken(page);
    // Back without the link: still signed in, from localStorage.
    await page.goto(`${app.origin}/`);
    await apiWorks(page);
    expect(await notice(page).count()).toBe(0);
  });

  it('an old ?token= link is redirected to the fragment form and signs in the same way', async () => {
    await otherSeesNoToken(await signIn(`${app.origin}/?token=${app.token}`));
  });

  it('a page without the token says which link to open, in English or Chinese', async () => {
    const page = await freshPage();
    await page.goto(`${app.origin}/`);
    await notice(page).waitFor();
    expect(await notice(page).getAttribute('data-reason')).toBe('missing');
    const text = (await notice(page).textContent()) ?? '';
    expect(text).toContain('This page needs its access link');
    expect(text).toContain('ias serve');
    expect(await page.locator('[data-testid="app"]').count()).toBe(0);
    await screenshot(page, 'sign-in-missing-en');

    const zh = await freshPage('zh-CN');
    await zh.goto(`${app.origin}/`);
    await notice(zh).waitFor();
    expect(await notice(zh).textContent()).toContain('此页面需要通过访问链接打开');
    expect(await notice(zh).textContent()).toContain('ias serve');
    await screenshot(zh, 'sign-in-missing-zh');
  });

  it('a wrong token says the link is no longer valid; the right link then opens the app in the same tab', async () => {
    const page = await freshPage();
    await page.goto(`${app.origin}/#token=not-the-token`);
    await notice(page).waitFor();
    expect(await notice(page).getAttribute('data-reason')).toBe('refused');
    expect(await notice(page).textContent()).toContain('This access link is no longer valid');
    expect(page.url()).toBe(`${app.origin}/`);
    expect(await storedToken(page)).toBeNull();

    // Only the fragment changes: the page starts over with the new token.
    await page.goto(app.url);
    await page.locator('[data-testid="message-input"]').waitFor();
    expect(await notice(page).count()).toBe(0);
    expect(await storedToken(page)).toBe(app.token);
  });

  it('an old link opened in a new tab is refused there alone: the saved token stays, other tabs stay in', async () => {
    const page = await signIn(app.url);
    // A link from before `ias serve --new-token`, opened in a new tab of the same browser.
    const tab = await page.context().newPage();
    await tab.goto(`${app.origin}/#token=${'0'.repeat(43)}`);
    await notice(tab).waitFor();
    expect(await notice(tab).getAttribute('data-reason')).toBe('refused');
    expect(tab.url()).toBe(`${app.origin}/`);
    expect(await storedToken(tab)).toBe(app.token);

    // The tab that worked, reloaded, still does; so does the new tab opened again without the link.
    await page.reload();
    await apiWorks(page);
    expect(await notice(page).count()).toBe(0);
    await tab.reload();
    await apiWorks(tab);
    expect(await notice(tab).count()).toBe(0);
    // The same old link in a signed-in tab (only the fragment changes) signs that tab out, no other.
    await tab.goto(`${app.origin}/#token=${'0'.repeat(43)}`);
    await notice(tab).waitFor();
    expect(await storedToken(page)).toBe(app.token);
    await page.reload();
    await apiWorks(page);
  });

  it("a new link's token replaces the one saved before once the server has accepted it", async () => {
    const page = await freshPage();
    await page.goto(`${app.origin}/`);
    await notice(page).waitFor();
    // A token of before `ias serve --new-token`, saved by an earlier visit.
    await page.evaluate('localStorage.setItem("ias.serveToken", "an-old-token")');
    await page.goto(app.url);
    await page.locator('[data-testid="message-input"]').waitFor();
    await expect.poll(() => storedToken(page)).toBe(app.token);
    await page.reload();
    await apiWorks(page);
    expect(await notice(page).count()).toBe(0);
  });

  it('the cookie of older versions signs nothing in, and the browser is told to forget it', async () => {
    const page = await freshPage();
    await page.context().addCookies([{ name: 'ias_token', value: app.token, url: `${app.origin}/` }]);
    await page.goto(`${app.origin}/`);
    await notice(page).waitFor();
    expect(await notice(page).getAttribute('data-reason')).toBe('missing');
    expect(await page.context().cookies()).toEqual([]);

    const ws = `${app.origin.replace('http', 'ws')}/ws`;
    expect(await openSocket(ws, { origin: app.origin })).toEqual({ status: 401 });
    expect(await openSocket(ws, { origin: app.origin, cookie: `ias_token=${app.token}` })).toEqual({ status: 401 });
  });
});
