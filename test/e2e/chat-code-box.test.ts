/**
 * Six digits typed into the chat while an approval waits, in Chromium against `ias serve`: never
 * sent. When they may be the code of another iAs process's approval (its code cannot be checked
 * here), the message goes back into the box for the owner to write the number another way; when
 * they are the waiting approval's own code, or a number alone that misses it by a digit, the box
 * is cleared (the code belongs in WeChat).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeHmac } from '../../src/core/approval/code.js';
import { sha256Hex } from '../../src/core/approval/canonical.js';
import { dataPaths } from '../../src/core/paths.js';
import { openStore } from '../../src/core/store/index.js';
import { openApp, screenshot } from './harness.js';
import { servedWorld } from './served-world.js';

const CODE = '424242';

/**
 * An approval waiting in WeChat, as another iAs process on the same data folder (this test's
 * process, alive) left it: its code hashed with the folder's approval key.
 */
function waitingApproval(home: string): void {
  const key = fs.readFileSync(path.join(dataPaths(home).secrets, 'approval-hmac.key'));
  const store = openStore(dataPaths(home).database);
  try {
    const id = randomUUID();
    const params = '{"to":"boss"}';
    const binding = { approvalId: id, skillName: 'send_mail', paramsHash: sha256Hex(params), skillHash: 'sha256-x' };
    store.approvals.insert({
      id,
      createdAt: Date.now(),
      expiresAt: Date.now() + 3_600_000,
      userId: 'owner',
      skillName: binding.skillName,
      params,
      paramsHash: binding.paramsHash,
      skillHash: binding.skillHash,
      codeHash: codeHmac(key, binding, CODE),
      status: 'pending',
      runId: 'other-process',
      channel: 'wechat',
    });
  } finally {
    store.close();
  }
}

const world = servedWorld({
  page: async (browser, app) => {
    waitingApproval(app.home);
    return openApp(browser, app);
  },
});

const input = () => world.page.locator('[data-testid="message-input"]');

async function send(text: string): Promise<void> {
  await input().fill(text);
  await world.page.locator('[data-testid="send-button"]').click();
}

describe('six digits typed while an approval waits', () => {
  it('that may be another process’s code go back into the box, unsent', async () => {
    const text = 'call the plumber on 135790 tomorrow';
    await send(text);
    await world.page.getByText('may be its code, so it was not sent to the model').waitFor();
    await expect.poll(() => input().inputValue()).toBe(text);
    expect(world.app.model.requests).toHaveLength(0);
    await screenshot(world.page, 'chat-maybe-code-kept');
  });

  it('that are the waiting approval’s code are not kept in the box', async () => {
    await send(`the code is ${CODE}`);
    await world.page.getByText('That is an approval code').waitFor();
    await expect.poll(() => input().inputValue()).toBe('');
    expect(world.app.model.requests).toHaveLength(0);
  });

  it('that miss the waiting approval’s code by a digit, alone, are not sent nor kept in the box', async () => {
    await send(` ${CODE.slice(0, 3)} ${CODE.slice(3, 5)} `);
    await world.page.getByText('a number alone looks like a try at its code').waitFor();
    await expect.poll(() => input().inputValue()).toBe('');
    expect(world.app.model.requests).toHaveLength(0);
  });
});
