/**
 * A chat message with 6 digits, sent while another iAs process's approval waits (its code cannot be
 * checked here, so the message is kept from the model: 'maybe-code-in-chat'), in Chromium against
 * `ias serve`. The owner is told to answer that approval first or write the number another way:
 * the message waits in the box for that, as one no model could take does, and once the approval
 * is answered the same text is sent. So does one with more numbers than an approval's budget of
 * compared ones ('numbers-held-for-approval').
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SkillCaller, type SkillCallOutcome } from '../../src/core/approval/call-skill.js';
import { ApprovalGate } from '../../src/core/approval/gate.js';
import { InProcessChannel } from '../../src/core/approval/in-process-channel.js';
import { SkillRegistry } from '../../src/core/skills/registry.js';
import { openStore, type Store } from '../../src/core/store/index.js';
import { CODE, codeIn, countingSkill } from '../helpers/gate.js';
import { tempDir, writeSkill } from '../helpers/temp.js';
import { lastError, launchBrowser, openApp, serve, type Served } from './harness.js';

let browser: Browser;
let app: Served;
/** The other iAs process's side: its store and gate on the same data folder, with a key of its own. */
let other: { store: Store; gate: ApprovalGate; wechat: InProcessChannel; caller: SkillCaller };
beforeAll(async () => {
  browser = await launchBrowser();
  app = await serve();
  const system = tempDir('ias-other-system-');
  writeSkill(system, 'send_mail', countingSkill({ home: app.home }, 'send_mail'));
  const registry = new SkillRegistry({ systemDir: system, userDir: path.join(app.home, 'skills') });
  registry.loadAll();
  const store = openStore(path.join(app.home, 'ias.db'));
  const wechat = new InProcessChannel({ name: 'wechat', owner: 'wxid_owner' });
  const gate = new ApprovalGate({
    approvals: store.approvals,
    key: randomBytes(32),
    channels: [wechat],
    currentSkill: (name) => registry.current(name),
    reviewMarks: store.skillSettings,
  });
  const caller = new SkillCaller({
    getSkill: (name) => registry.current(name),
    audit: store.audit,
    skillSettings: store.skillSettings,
    gate,
    execute: { scriptCacheDir: path.join(tempDir('ias-other-cache-'), 'cache') },
    atomically: store.atomically,
  });
  other = { store, gate, wechat, caller };
}, 60_000);
afterAll(async () => {
  other?.gate.close();
  await app?.stop();
  other?.store.close();
  await browser?.close();
});

const input = (page: Page) => page.locator('[data-testid="message-input"]');

/** The other process asks the owner in WeChat to mail `to`: the call, and the code sent. */
async function otherAsks(to: string): Promise<{ call: Promise<SkillCallOutcome>; code: string }> {
  const asked = other.wechat.nextSent(CODE);
  const call = other.caller.call({ name: 'send_mail', params: { to }, source: 'chat' });
  return { call, code: codeIn(await asked) };
}

describe("a chat message with 6 digits while another process's approval waits", () => {
  it('is not sent, and waits in the box; once that approval is answered it is sent', async () => {
    const { call, code } = await otherAsks('boss');

    const page = await openApp(browser, app);
    await expect.poll(() => input(page).isEnabled()).toBe(true);
    const text = 'Call me back at 13800138000, please.';
    await input(page).fill(text);
    await page.click('[data-testid="send-button"]');
    await expect.poll(() => lastError(page)).toMatch(/the 6 digits in this message may be its code/);
    expect(app.model.requests).toHaveLength(0);
    // Kept for the owner to send again, or to write the number another way.
    await expect.poll(() => input(page).inputValue()).toBe(text);

    // The approval answered where it was sent, the same text goes to the model.
    other.wechat.reply(code);
    expect((await call).status).toBe('done');
    expect(fs.readFileSync(path.join(app.home, 'send_mail.runs'), 'utf8')).toContain('boss');
    app.model.enqueue({ content: 'I will call you.' });
    await page.click('[data-testid="send-button"]');
    await expect
      .poll(async () => (await page.locator('[data-testid="assistant-message"]').last().textContent()) ?? '')
      .toContain('I will call you.');
    expect(JSON.stringify(app.model.requests.at(-1)!.body)).toContain('13800138000');
    await page.context().close();
  });

  it('past the budget of compared numbers, a message with numbers is held and waits in the box', async () => {
    const { call, code } = await otherAsks('team');

    const page = await openApp(browser, app);
    await expect.poll(() => input(page).isEnabled()).toBe(true);
    const before = app.model.requests.length;
    const text = `Orders: ${Array.from({ length: 30 }, (_, i) => String(400_000 + i * 7)).join(', then ')}`;
    await input(page).fill(text);
    await page.click('[data-testid="send-button"]');
    await expect.poll(() => lastError(page)).toMatch(/numbers of 6 digits or more are held/);
    expect(app.model.requests).toHaveLength(before);
    await expect.poll(() => input(page).inputValue()).toBe(text);

    other.wechat.reply(code);
    expect((await call).status).toBe('done');
    app.model.enqueue({ content: 'Orders noted.' });
    await page.click('[data-testid="send-button"]');
    await expect
      .poll(async () => (await page.locator('[data-testid="assistant-message"]').last().textContent()) ?? '')
      .toContain('Orders noted.');
    expect(JSON.stringify(app.model.requests.at(-1)!.body)).toContain('400203');
    await page.context().close();
  });
});
