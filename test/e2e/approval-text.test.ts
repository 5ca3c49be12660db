/**
 * The in-app approval card is where the owner decides what runs: the parameters must read there as
 * they are. Marks that reorder text (a right-to-left override) or control characters would let a
 * model's arguments show one command and run another; they are shown as \uXXXX, as WeChat shows them.
 */
import { describe, expect, it } from 'vitest';
import { scriptSkill, tempDir, writeSkill } from '../helpers/temp.js';
import { servedWorld } from './served-world.js';

const world = servedWorld({
  serve: () => {
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
    return { systemSkills: system };
  },
  page: async (browser, app) => {
    const page = await browser.newPage();
    await page.goto(app.url);
    await page.waitForSelector('[data-testid="message-input"]');
    return page;
  },
});

describe('the approval card in Chromium', () => {
  it('shows reordering marks and control characters in the parameters for what they are', async () => {
    // Read as "echo hello # txt.exe"-like text, it would hide what comes after the override.
    const command = 'rm -rf ~/work \u202e# olleh ohce\u202c\u0007';
    world.app.model.enqueue(
      { toolCalls: [{ name: 'run_command', arguments: JSON.stringify({ command }) }] },
      { content: 'Done.' },
    );
    await world.page.fill('[data-testid="message-input"]', 'clean up');
    await world.page.click('[data-testid="send-button"]');
    const card = world.page.locator('[data-testid="approval-card"]').last();
    await card.waitFor();
    const shown = (await card.locator('dd').first().textContent()) ?? '';
    expect(shown).toBe('rm -rf ~/work \\u202e# olleh ohce\\u202c\\u0007');

    // The Approvals page lists the same approval the same way.
    await world.page.goto(`${world.app.origin}/#/approvals`);
    const item = world.page.locator('dd', { hasText: 'rm -rf ~/work' }).first();
    await item.waitFor();
    expect(await item.textContent()).toBe('rm -rf ~/work \\u202e# olleh ohce\\u202c\\u0007');
  });
});
