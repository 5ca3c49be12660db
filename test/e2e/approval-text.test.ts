/**
 * The in-app approval card is where the owner decides what runs: the parameters must read there as
 * they are. Marks that reorder text (a right-to-left override) or control characters would let a
 * model's arguments show one command and run another; they are shown as \uXXXX, as WeChat shows them.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptSkill, tempDir, writeSkill } from '../helpers/temp.js';
import { launchBrowser, serve, type Served } from './harness.js';

let browser: Browser;
let app: Served;
let page: Page;

beforeAll(async () => {
  const system = tempDir('ias-e2e-system-');
  writeSkill(
    system,
    'run_command',
    scriptSkill({
      risk: 'High',
      description: 'Runs a command.',
      parameters: { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] },
      script: 'echo ran',
    }),
  );
  app = await serve({ systemSkills: system });
  browser = await launchBrowser();
  page = await browser.newPage();
  await page.goto(app.url);
  await page.waitForSelector('[data-testid="message-input"]');
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('the approval card in Chromium', () => {
  it('shows reordering marks and control characters in the parameters for what they are', async () => {
    // Read as "echo hello # txt.exe"-like text, it would hide what comes after the override.
    const command = 'rm -rf ~/work \u202e# olleh ohce\u202c\u0007';
    app.model.enqueue(
      { toolCalls: [{ name: 'run_command', arguments: JSON.stringify({ command }) }] },
      { content: 'Done.' },
    );
    await page.fill('[data-testid="message-input"]', 'clean up');
    await page.click('[data-testid="send-button"]');
    const card = page.locator('[data-testid="approval-card"]').last();
    await card.waitFor({ timeout: 8000 });
    const shown = (await card.locator('dd').first().textContent()) ?? '';
    expect(shown).toBe('rm -rf ~/work \\u202e# olleh ohce\\u202c\\u0007');

    // The Approvals page lists the same approval the same way.
    await page.goto(`${app.origin}/#/approvals`);
    const item = page.locator('dd', { hasText: 'rm -rf ~/work' }).first();
    await item.waitFor({ timeout: 8000 });
    expect(await item.textContent()).toBe('rm -rf ~/work \\u202e# olleh ohce\\u202c\\u0007');
  });
});
