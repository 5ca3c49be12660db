/**
 * The served page's Content-Security-Policy, in Chromium against `ias serve`: the page's meta tag
 * holds nothing a browser ignores there (it would log an error on every load), and the header still
 * refuses framing.
 */
import type { ConsoleMessage } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { servedWorld } from './served-world.js';

const world = servedWorld({ timeout: 30_000 });

describe('the served page’s CSP', () => {
  it('loads with no CSP error in the console, and the header still refuses framing', async () => {
    const context = await world.browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    const console: ConsoleMessage[] = [];
    page.on('console', (message) => console.push(message));
    const response = await page.goto(world.app.url);
    await page.waitForSelector('[data-testid="message-input"]');

    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toMatch(/(^|; )frame-ancestors 'none'(;|$)/);
    expect(response?.headers()['x-frame-options']).toBe('DENY');
    const meta = await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', 'content');
    expect(meta).toMatch(/default-src 'self'/);
    expect(meta).not.toMatch(/frame-ancestors/);
    const errors = console.filter((m) => m.type() === 'error').map((m) => m.text());
    expect(errors.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
    await context.close();
  });
});
