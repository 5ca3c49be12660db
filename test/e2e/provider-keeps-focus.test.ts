/**
 * Save and Test connection on the Settings page, pressed from the keyboard, keep the focus on the
 * button once its work is over (each is disabled meanwhile, which takes the focus away): the owner
 * goes on from there, and a screen reader is not left on the page's body.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { openApp } from './harness.js';
import { servedWorld } from './served-world.js';

const world = servedWorld({ page: openApp });

/** The focused control's test id (null when the focus is on the page's body). */
const focused = (page: Page) =>
  page.evaluate<string | null>(`document.activeElement?.getAttribute('data-testid') ?? null`);

it('Test connection and Save from the keyboard leave the focus on their button', async () => {
  const page = world.page;
  await page.goto(`${world.app.origin}/#/settings`);
  await page.locator('[data-testid="provider-test"]').waitFor();

  world.app.model.enqueue({ content: 'pong', delayMs: 300 });
  await page.focus('[data-testid="provider-test"]');
  await page.keyboard.press('Enter');
  await expect.poll(() => page.locator('[data-testid="provider-test-result"]').textContent()).toMatch(/^Connected\./);
  await expect.poll(() => focused(page)).toBe('provider-test');

  await page.fill('[data-testid="provider-model"]', 'test-model-2');
  await page.focus('[data-testid="provider-save"]');
  await page.keyboard.press('Enter');
  await page.locator('[data-testid="toast"]', { hasText: 'Model settings saved' }).waitFor();
  await expect.poll(() => focused(page)).toBe('provider-save');
});
