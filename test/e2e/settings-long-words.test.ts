/**
 * Words too long for a line (a long model name, a URL, a token in a server's error) in what the
 * Settings page says of the model provider — the model in use above the form, a connection test's
 * answer — wrap inside the provider's section instead of running past it, in English and 简体中文.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { openApp } from './harness.js';
import { servedWorld } from './served-world.js';

/** A model named by an id, without a place a line could break. */
const MODEL = `deployments/${'a1b2c3d4'.repeat(14)}`;

const world = servedWorld({ serve: { env: { IAS_LLM_MODEL: MODEL } } });

/** How far the element of `testId` runs past the right edge of its section (0: inside). */
const pastSection = (page: Page, testId: string) =>
  page.locator(`[data-testid="${testId}"]`).evaluate((el) => {
    const section = el.closest('.settings-section')!.getBoundingClientRect();
    const range = el.ownerDocument.createRange();
    range.selectNodeContents(el);
    return Math.max(0, Math.round(range.getBoundingClientRect().right - section.right));
  });

it.each([
  ['en-US', 'Failed:'],
  ['zh-CN', '失败：'],
])('in %s, the model in use and a test answer with a long word stay inside the section', async (locale, failed) => {
  const page = await openApp(world.browser, world.app, { viewport: { width: 760, height: 800 }, locale });
  await page.goto(`${world.app.origin}/#/settings`);
  await expect.poll(() => page.locator('[data-testid="provider-effective"]').textContent()).toContain(MODEL);
  world.app.model.enqueue({ status: 404, errorMessage: `The model ${MODEL} does not exist or you have no access` });
  await page.click('[data-testid="provider-test"]');
  await expect.poll(() => page.locator('[data-testid="provider-test-result"]').textContent()).toContain(failed);
  expect(await pastSection(page, 'provider-effective')).toBe(0);
  expect(await pastSection(page, 'provider-test-result')).toBe(0);
  await page.context().close();
});
