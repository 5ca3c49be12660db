/**
 * What a file of browser tests shares: the app `ias serve` serves (harness `serve`), Chromium, and,
 * if asked, a signed-in page and another client of the API. Made in the file's beforeAll, in that
 * order; shut down in its afterAll, the last made first, whatever the making got to.
 */
import { afterAll, beforeAll } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, otherClient, serve, type OtherClient, type Served } from './harness.js';

type ServeOptions = Parameters<typeof serve>[0];

/** Filled in by the file's beforeAll: read the fields in tests and hooks, not before. */
export interface ServedWorld {
  app: Served;
  browser: Browser;
  /** The page `page` opened (only with that option). */
  page: Page;
  /** Another client of the served API (only with `other`). */
  other: OtherClient;
}

export interface ServedWorldOptions {
  /** What `serve` is given; a function is called in beforeAll (for what it makes there first). */
  serve?: ServeOptions | (() => ServeOptions);
  /** Opens the page, once the app and the browser are there (`openApp`, say). */
  page?: (browser: Browser, app: Served) => Promise<Page>;
  /** Opens another client of the API, last. */
  other?: boolean;
  /** The beforeAll's timeout; 60 s unless said. */
  timeout?: number;
}

export function servedWorld(options: ServedWorldOptions = {}): ServedWorld {
  const made: Partial<ServedWorld> = {};
  beforeAll(async () => {
    const app = (made.app = await serve(typeof options.serve === 'function' ? options.serve() : options.serve));
    const browser = (made.browser = await launchBrowser());
    if (options.page) made.page = await options.page(browser, app);
    if (options.other) made.other = await otherClient(app);
  }, options.timeout ?? 60_000);
  afterAll(async () => {
    made.other?.socket.close();
    try {
      await made.browser?.close();
    } finally {
      await made.app?.stop();
    }
  });
  return made as ServedWorld;
}
