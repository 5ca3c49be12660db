/**
 * What the core reports as a code reads in 简体中文 in a Chinese UI, in Chromium against the real
 * `ias serve`: a broken SKILL.md's problem in the skills manager and in the editor, an API error
 * (a message sent to a conversation another window deleted), and what a skill still needs. The
 * English words stay on the wire.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { holdAnswers, openApp, screenshot, writeNewSkill } from './harness.js';
import { servedWorld } from './served-world.js';
import { BROKEN_SKILL, writeBrokenSkill } from './broken-skill.js';

const world = servedWorld({
  serve: {
    setup: (home) => void writeBrokenSkill(home),
  },
  page: (browser, app) => openApp(browser, app, { viewport: { width: 1280, height: 860 }, locale: 'zh-CN' }),
  other: true,
});

const RISK_ZH = '无法识别的风险等级“medium”（front matter 的“risk”）：请写 Low 或 High';
const RISK_EN = 'unknown risk level "medium" in front matter "risk": write Low or High';

describe('in the Chinese UI', () => {
  it('a broken SKILL.md’s problem reads in Chinese in the skills manager and the editor', async () => {
    await world.page.goto(`${world.app.origin}/#/skills`);
    const problem = world.page.locator('[data-testid="skill-problem"]').first();
    await problem.waitFor();
    expect(await problem.locator('.problem-path').textContent()).toBe(
      `${path.join(world.app.home, 'skills', 'greet', 'SKILL.md')}:3`,
    );
    expect(await problem.locator('.problem-reason').textContent()).toBe(RISK_ZH);
    await screenshot(world.page, 'skill-problem-zh');

    // What the core sends is still English, with the code beside it.
    const state = await world.other.call<{ problems: { message: string; messageCode?: unknown }[] }>('listSkills');
    expect(state.problems[0]).toMatchObject({ message: RISK_EN, messageCode: { code: 'risk-unknown' } });

    // The editor checks as the owner types: a new skill given the same mistake.
    await writeNewSkill(world.page, 'greet_again', BROKEN_SKILL);
    const checked = world.page.locator('[data-testid="validation-problem"]').first();
    await expect.poll(async () => (await checked.count()) && (await checked.textContent())).toBe(`第 3 行${RISK_ZH}`);
    await screenshot(world.page, 'skill-validation-zh');
    // The new skill is left unsaved: leaving it by its address asks first, and Discard goes.
    await world.page.goto(`${world.app.origin}/#/chat`);
    await world.page.getByTestId('confirm-ok').click();
    await world.page.getByTestId('message-input').waitFor();
  });

  it('an API error reads in Chinese: a message sent to a conversation deleted in another window, before this one knew', async () => {
    world.app.model.enqueue({ content: 'Hello.' });
    const { conversationId, turnId } = await world.other.call<{ conversationId: string; turnId: string }>(
      'sendMessage',
      {
        text: 'Hi',
      },
    );
    await world.other.socket.event((e) => e.type === 'chat' && e.turnId === turnId && e.event.kind === 'done');
    // A window that has not yet heard of the deletion (its news held back): it still offers the box.
    const context = await world.browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'zh-CN' });
    const page = await context.newPage();
    await holdAnswers(
      page,
      () => false,
      undefined,
      (event) => event.type === 'conversations-changed',
    );
    await page.goto(world.app.url);
    await page.goto(`${world.app.origin}/#/chat/${conversationId}`);
    await page.getByText('Hello.').waitFor();
    await world.other.call('deleteConversation', conversationId);

    await page.fill('[data-testid="message-input"]', 'Are you there?');
    await page.click('[data-testid="send-button"]');
    const error = page.locator('[data-testid="chat-error"]').last();
    await error.waitFor();
    expect((await error.textContent())?.trim()).toBe(`没有这个对话（${conversationId}）。`);
    await screenshot(page, 'api-error-zh');
    await context.close();
  });

  it('what a skill still needs reads in Chinese: a group of alternatives joined with 或', async () => {
    await world.page.goto(`${world.app.origin}/#/skills`);
    const badge = world.page.locator(
      '[data-testid="skill-row"][data-name="search_web"] [data-testid="skill-needs-setup"]',
    );
    await badge.waitFor();
    expect(await badge.getAttribute('title')).toBe('缺少：TAVILY_API_KEY 或 SEARXNG_URL');
    await world.page.goto(`${world.app.origin}/#/skills/search_web`);
    const missing = world.page.locator('[data-testid="skill-missing-item"]');
    await missing.first().waitFor();
    expect(await missing.allTextContents()).toEqual(['TAVILY_API_KEY 或 SEARXNG_URL']);
    // On the wire: the names, for each surface to join in its language.
    const state = await world.other.call<{ skills: { name: string; needsConfig: string[][] }[] }>('listSkills');
    expect(state.skills.find((s) => s.name === 'search_web')!.needsConfig).toEqual([['TAVILY_API_KEY', 'SEARXNG_URL']]);
  });
});
