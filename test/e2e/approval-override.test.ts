/**
 * An approval for a user skill that overrides a shipped one by name, not reviewed: the in-app card,
 * the Approvals page and the toast say it is not the built-in skill (in the UI's language), so the
 * owner does not approve it for the shipped one. The shipped skill's own card says nothing of it.
 * The owner's own Low skill, not reviewed, is asked about as High: its card says why, and how to
 * review it. The owner's own High skill, not reviewed at this version, says so too, and its card
 * shows parameters as WeChat does (look-alike letters as \uXXXX, long blank runs counted).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { scriptSkill, tempDir, writeSkill } from '../helpers/temp.js';
import { turnsEnded } from './harness.js';
import { servedWorld } from './served-world.js';

const high = (script: string) =>
  scriptSkill({
    risk: 'High',
    description: 'Sends a report.',
    parameters: { type: 'object', properties: { to: { type: 'string' } } },
    script,
  });

const world = servedWorld({
  serve: () => {
    const system = tempDir('ias-e2e-system-');
    writeSkill(system, 'send_report', high('echo shipped'));
    writeSkill(system, 'archive', high('echo archived'));
    return {
      systemSkills: system,
      // Written straight into the skills folder (not through the app's editor): not reviewed.
      setup: (home) => {
        fs.mkdirSync(path.join(home, 'skills'), { recursive: true });
        writeSkill(path.join(home, 'skills'), 'send_report', high('echo mine'));
        // The owner's own High skill, likewise not reviewed at this version.
        writeSkill(path.join(home, 'skills'), 'deploy', high('echo deployed'));
        // The owner's own Low skill, likewise not reviewed: asked about as High until reviewed.
        writeSkill(
          path.join(home, 'skills'),
          'greet',
          scriptSkill({
            risk: 'Low',
            parameters: { type: 'object', properties: { to: { type: 'string' } } },
            script: 'echo hi',
          }),
        );
      },
    };
  },
});

async function open(locale: string): Promise<Page> {
  const context = await world.browser.newContext({ viewport: { width: 1280, height: 860 }, locale });
  const page = await context.newPage();
  await page.goto(world.app.url);
  await page.waitForSelector('[data-testid="message-input"]');
  return page;
}

async function ask(page: Page, skill: string) {
  world.app.model.enqueue({ toolCalls: [{ name: skill, arguments: '{"to":"boss"}' }] }, { content: 'Declined, then.' });
  await page.fill('[data-testid="message-input"]', `use ${skill}`);
  await page.click('[data-testid="send-button"]');
  const card = page.locator('[data-testid="approval-card"]').last();
  await card.waitFor();
  return card;
}

const NOT_BUILT_IN_EN =
  "Not the built-in send_report: an unreviewed skill of that name in your skills folder, given the built-in one's settings and secrets.";
const NOT_BUILT_IN_ZH =
  '这不是内置的 send_report：是技能文件夹里一个未经你审核的同名技能，它会拿到内置 send_report 的设置和密钥。';

describe('approving a user skill in a shipped skill’s name, in Chromium', () => {
  it('the card, the toast and the Approvals page say it is not the built-in one; rejected, nothing runs', async () => {
    const page = await open('en-US');
    const card = await ask(page, 'send_report');
    const origin = card.locator('[data-testid="approval-origin"]');
    expect(await origin.textContent()).toBe(NOT_BUILT_IN_EN);
    expect(await origin.getAttribute('data-origin')).toBe('user-override-unreviewed');
    await page.locator('[data-testid="toast"]', { hasText: NOT_BUILT_IN_EN }).waitFor();

    await page.goto(`${world.app.origin}/#/approvals`);
    const item = page.locator('[data-testid="approval-item"][data-status="pending"]');
    await item.waitFor();
    expect(await item.locator('[data-testid="approval-origin"]').textContent()).toBe(NOT_BUILT_IN_EN);
    await item.getByRole('button', { name: 'Reject' }).click();
    await page.locator('[data-testid="approval-item"][data-status="rejected"]').waitFor();
    await expect
      .poll(() => JSON.stringify(world.app.model.requests.at(-1)?.body.messages ?? []))
      .toContain('用户拒绝了你的调用：send_report');
    await page.context().close();
  });

  it('in Chinese too; and a shipped skill’s card has no such line', async () => {
    const page = await open('zh-CN');
    const card = await ask(page, 'send_report');
    expect(await card.locator('[data-testid="approval-origin"]').textContent()).toBe(NOT_BUILT_IN_ZH);
    await card.getByRole('button', { name: '拒绝' }).click();
    await page.locator('[data-testid="approval-card"]').waitFor({ state: 'detached' });

    const shipped = await ask(page, 'archive');
    expect(await shipped.locator('[data-testid="approval-origin"]').count()).toBe(0);
    await shipped.getByRole('button', { name: '拒绝' }).click();
    // The model told of the refusal before the next test scripts its answers: this turn takes none of them.
    await turnsEnded(world.app);
    await page.context().close();
  });
});

const UNREVIEWED_EN =
  'greet is a low-risk skill you have not reviewed, so it runs as high risk (each call asks you) until you do: review it on the Skills page, or with ias skills review greet.';
const UNREVIEWED_ZH =
  'greet 是低风险技能，但你还没有审核它，所以审核之前按高风险运行、每次都要你确认：在“技能”页面审核，或运行 ias skills review greet。';

describe('approving the owner’s own Low skill, not reviewed, in Chromium', () => {
  it('the card and the Approvals page say why it asks and how to review it, in English and in Chinese', async () => {
    const page = await open('en-US');
    const card = await ask(page, 'greet');
    const origin = card.locator('[data-testid="approval-origin"]');
    expect(await origin.textContent()).toBe(UNREVIEWED_EN);
    expect(await origin.getAttribute('data-origin')).toBe('user-unreviewed');
    await page.goto(`${world.app.origin}/#/approvals`);
    const item = page.locator('[data-testid="approval-item"][data-status="pending"]');
    await item.waitFor();
    expect(await item.locator('[data-testid="approval-origin"]').textContent()).toBe(UNREVIEWED_EN);
    await item.getByRole('button', { name: 'Reject' }).click();
    await page.locator('[data-testid="approval-item"][data-status="pending"]').waitFor({ state: 'detached' });
    // The model told of the refusal before the next page asks: this turn takes none of its answers.
    await turnsEnded(world.app);
    await page.context().close();

    const zh = await open('zh-CN');
    const zhCard = await ask(zh, 'greet');
    expect(await zhCard.locator('[data-testid="approval-origin"]').textContent()).toBe(UNREVIEWED_ZH);
    await zhCard.getByRole('button', { name: '拒绝' }).click();
    await zh.locator('[data-testid="approval-card"]').waitFor({ state: 'detached' });
    await zh.context().close();
  });
});

const HIGH_UNREVIEWED_EN =
  'You have not reviewed deploy at this version: it was put in your skills folder or changed outside iAs, so look at what it does before you approve it: review it on the Skills page, or with ias skills review deploy.';

describe('approving the owner’s own High skill, not reviewed at this version, in Chromium', () => {
  it('the card says so, and shows a look-alike letter as \\uXXXX and a long run of blank lines counted', async () => {
    const page = await open('en-US');
    const to = `boss@ex\u0430mple.com${'\n'.repeat(30)}and more`;
    world.app.model.enqueue(
      { toolCalls: [{ name: 'deploy', arguments: JSON.stringify({ to }) }] },
      { content: 'Declined, then.' },
    );
    await page.fill('[data-testid="message-input"]', 'deploy');
    await page.click('[data-testid="send-button"]');
    const card = page.locator('[data-testid="approval-card"]').last();
    await card.waitFor();
    const origin = card.locator('[data-testid="approval-origin"]');
    expect(await origin.textContent()).toBe(HIGH_UNREVIEWED_EN);
    expect(await origin.getAttribute('data-origin')).toBe('user-high-unreviewed');
    expect(await card.locator('.params dd').textContent()).toBe(
      'boss@ex\\u0430mple.com\n[29 个空行 blank lines]\nand more',
    );
    await card.getByRole('button', { name: 'Reject' }).click();
    await card.waitFor({ state: 'detached' });
    await turnsEnded(world.app);
    await page.context().close();
  });
});
