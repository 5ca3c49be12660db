/**
 * The web UI in Chromium when `ias serve` refuses its WebSocket as busy (all the sockets it takes
 * are open, held by other clients): the server opens it only to close it with 1013, the page reads
 * that (it asks nothing more, sends nothing on it) and its connection banner says the server is
 * busy, in English or Chinese; the banner goes once a socket is free and the page is connected.
 */
import type { Page, WebSocket } from 'playwright-core';
import { afterAll, expect, it } from 'vitest';
import { SERVE_LIMITS } from '../../src/server/limits.js';
import type { TestSocket } from '../server/helpers.js';
import { appSocket, openServedPage, screenshot } from './harness.js';
import { servedWorld } from './served-world.js';

const held: TestSocket[] = [];

const world = servedWorld();

afterAll(async () => {
  for (const socket of held) socket.close();
});

const banner = (page: Page) => page.locator('[data-testid="connection-banner"]');
const busyBanner = (page: Page) => page.locator('[data-testid="connection-banner"][data-reason="busy"]');

it('says the server is busy while its sockets are all taken, in both languages, and no more once connected', async () => {
  for (let i = 0; i < SERVE_LIMITS.maxWsClients; i++) held.push(await appSocket(world.app));

  // What the page does while refused: which sockets it opened, what it sent, whether it asked the session.
  const sockets: WebSocket[] = [];
  const sent: string[] = [];
  let sessionChecks = 0;
  const page = await openServedPage(world.browser, world.app, {
    beforeOpen: async (p) => {
      p.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/session') sessionChecks++;
      });
      p.on('websocket', (socket) => {
        sockets.push(socket);
        socket.on('framesent', (frame) => sent.push(String(frame.payload)));
      });
    },
  });
  await busyBanner(page).waitFor();
  expect(await busyBanner(page).textContent()).toContain('The iAs server is busy: too many connections. Retrying');
  // The socket said it (opened as `ias-busy`, closed with 1013), not a session check after it; and
  // the page sent nothing on it: its calls wait.
  expect(sockets.length).toBeGreaterThan(0);
  expect(sessionChecks).toBe(0);
  expect(sent).toEqual([]);
  await screenshot(page, 'server-busy-en');

  const zh = await openServedPage(world.browser, world.app, { locale: 'zh-CN' });
  await busyBanner(zh).waitFor();
  expect(await busyBanner(zh).textContent()).toContain('iAs 服务器正忙：连接太多。');
  await screenshot(zh, 'server-busy-zh');
  await zh.context().close();

  // A socket comes free: the next attempt connects, and the banner goes.
  const freed = held.pop()!;
  freed.close();
  await freed.closed;
  // Retry now, unless the page's own next attempt has connected first.
  await page
    .locator('[data-testid="connection-banner"] button')
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await banner(page).waitFor({ state: 'detached', timeout: 20_000 });
  await page.goto(`${world.app.origin}/#/skills`);
  await page.locator('[data-testid="skill-row"]').first().waitFor();
  expect(await banner(page).count()).toBe(0);
  await page.context().close();
}, 60_000);
