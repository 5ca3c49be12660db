/**
 * The toast asking for an approval, in Chromium against `ias serve`, goes once the approval is
 * answered instead of asking on for its seconds: rejected in the chat's approval card, approved by
 * another client of the app (as another window would). The toast saying how it was decided shows,
 * and by then the one asking is gone.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ApprovalInfo } from '../../src/shared/contract.js';
import { openApp } from './harness.js';
import { servedWorld } from './served-world.js';

const world = servedWorld({ serve: { script: (model) => model.fallback(() => ({ content: 'Done.' })) }, other: true });

/** A chat turn that calls execute_shell: the card and the toast asking for it are up. */
async function askForShell(page: Page) {
  world.app.model.enqueue({ toolCalls: [{ name: 'execute_shell', arguments: '{"command":"echo hello"}' }] });
  await page.fill('[data-testid="message-input"]', 'say hello in the shell');
  await page.keyboard.press('Enter');
  const card = page.locator('[data-testid="approval-card"]').last();
  await card.waitFor({ timeout: 15_000 });
  const asking = page.locator('[data-testid="toast"]', { hasText: 'Approval needed' });
  await asking.waitFor();
  expect(await asking.textContent()).toContain('execute_shell');
  return { card, asking };
}

describe('the toast asking for an approval', () => {
  it('goes when the approval is rejected in the chat’s card', async () => {
    const page = await openApp(world.browser, world.app);
    const { card, asking } = await askForShell(page);
    await card.locator('[data-testid="reject-button"]').click();
    await page.locator('[data-testid="toast"]', { hasText: 'Refused: execute_shell will not run.' }).waitFor();
    expect(await asking.count()).toBe(0);
    await page.context().close();
  });

  it('goes when the approval is approved elsewhere', async () => {
    const page = await openApp(world.browser, world.app);
    const { asking } = await askForShell(page);
    const approvals = await world.other.call<ApprovalInfo[]>('listApprovals');
    const open = approvals.find((a) => a.status === 'pending' && a.skillName === 'execute_shell');
    expect(await world.other.call('decideApproval', open!.id, true)).toBe(true);
    await page.locator('[data-testid="toast"]', { hasText: 'Approved, running execute_shell.' }).waitFor();
    expect(await asking.count()).toBe(0);
    await page.context().close();
  });
});
