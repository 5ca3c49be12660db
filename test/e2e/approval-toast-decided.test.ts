/**
 * The toast asking for an approval, in Chromium against `ias serve`, goes once the approval is
 * answered instead of asking on for its seconds: rejected in the chat's approval card, approved by
 * another client of the app (as another window would). The toast saying how it was decided shows,
 * and by then the one asking is gone. It goes with its own approval and no other: the next call of
 * the same skill keeps its toast while the first's news goes on.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ApprovalInfo } from '../../src/shared/contract.js';
import { openApp, turnsEnded } from './harness.js';
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
    // The model told of the decision before the next test scripts its calls: this turn takes none.
    await turnsEnded(world.app);
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
    // The model told of the decision before the next test scripts its calls: this turn takes none.
    await turnsEnded(world.app);
    await page.context().close();
  });

  it('goes with its own approval only: the next one of the same skill keeps its toast', async () => {
    const page = await openApp(world.browser, world.app);
    world.app.model.enqueue({
      toolCalls: [
        { name: 'execute_shell', arguments: '{"command":"echo one"}' },
        { name: 'execute_shell', arguments: '{"command":"echo two"}' },
      ],
    });
    await page.fill('[data-testid="message-input"]', 'say one and two in the shell');
    await page.keyboard.press('Enter');
    const asking = page.locator('[data-testid="toast"]', { hasText: 'Approval needed' });
    await asking.waitFor({ timeout: 15_000 });
    // One is asked for, the other waits its turn: which one first is the gate's choice.
    const approvals = await world.other.call<ApprovalInfo[]>('listApprovals');
    const first = approvals.find((a) => a.status === 'pending' && a.skillName === 'execute_shell')!;
    const [firstWords, nextWords] =
      (first.params as { command: string }).command === 'echo one'
        ? ['echo one', 'echo two']
        : ['echo two', 'echo one'];
    expect(await asking.textContent({ timeout: 5_000 })).toContain(firstWords);

    // The first is approved elsewhere and runs to its end; the second is asked for meanwhile.
    expect(await world.other.call('decideApproval', first.id, true)).toBe(true);
    const next = page.locator('[data-testid="toast"]', { hasText: nextWords });
    await next.waitFor({ timeout: 15_000 });
    // The first approval's last news (done) has come: the second's toast stays. (Its card may wait
    // for the second call: results are shown in the order of the calls.)
    const status = async () =>
      (await world.other.call<ApprovalInfo[]>('listApprovals')).find((a) => a.id === first.id)?.status;
    await expect.poll(status, { timeout: 15_000 }).toBe('done');
    expect(await asking.count()).toBe(1);
    expect(await asking.textContent({ timeout: 5_000 })).toContain(nextWords);

    // The second refused in its card: its toast goes too.
    await page.locator('[data-testid="approval-card"]').last().locator('[data-testid="reject-button"]').click();
    await page.locator('[data-testid="toast"]', { hasText: 'Refused: execute_shell will not run.' }).waitFor();
    expect(await asking.count()).toBe(0);
    await page.context().close();
  });
});
