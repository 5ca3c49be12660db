/**
 * An approval decided from the keyboard, in Chromium against `ias serve`: its card goes, and the
 * focus its Approve or Reject button had goes on with the owner, not to the page's body. In the
 * chat, to the message box (the reply comes there); on the Approvals page, to the next approval
 * that can be decided, else to the heading of the waiting ones (now none).
 */
import { expect, it } from 'vitest';
import { openApp, turnsEnded } from './harness.js';
import { servedWorld } from './served-world.js';

const world = servedWorld({ page: openApp });

/** What has the focus: its test id, else its tag and id ('BODY' when no control has it). */
const focused = () =>
  world.page.evaluate<string>(`(() => {
    const el = document.activeElement;
    return el?.getAttribute('data-testid') ?? (el ? el.tagName + (el.id ? '#' + el.id : '') : '');
  })()`);

/** Asks for `command` to be run in the chat and waits for its approval's buttons. */
async function askToRun(command: string): Promise<void> {
  world.app.model.enqueue(
    { toolCalls: [{ name: 'execute_shell', arguments: JSON.stringify({ command }) }] },
    { content: 'Done.' },
  );
  await world.page.goto(`${world.app.origin}/#/chat`);
  await world.page.getByTestId('message-input').fill(`Run ${command}`);
  await world.page.keyboard.press('Enter');
  await world.page.getByTestId('approve-button').waitFor();
}

it.each(['approve-button', 'reject-button'])('%s in the chat leaves the focus in the message box', async (button) => {
  await askToRun('echo decided in the chat');
  await world.page.getByTestId(button).focus();
  await world.page.keyboard.press('Enter');
  await world.page.getByTestId('approval-card').waitFor({ state: 'detached' });
  await expect.poll(focused).toBe('message-input');
  await turnsEnded(world.app);
});

it('Approve on the Approvals page leaves the focus on the waiting ones’ heading', async () => {
  await askToRun('echo decided on the page');
  await world.page.goto(`${world.app.origin}/#/approvals`);
  const open = world.page.locator('[data-testid="approval-item"][data-status="pending"]');
  await open.getByTestId('approve-button').focus();
  await world.page.keyboard.press('Enter');
  await open.waitFor({ state: 'detached' });
  await expect.poll(focused).toBe('H2#approvals-open');
  await turnsEnded(world.app);
});
