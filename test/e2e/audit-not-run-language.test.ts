/**
 * A call iAs answered without running it (arguments its skill's schema refuses, a skill not set up)
 * in the audit log, in Chromium against `ias serve`: its row and its entry say why in the UI's
 * language, as its card in the chat does (简体中文, then English); the model is still told the English.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { inLanguage, openApp, screenshot, sendInChat, turnsEnded } from './harness.js';
import { servedWorld } from './served-world.js';

const world = servedWorld({ page: (browser, app) => openApp(browser, app, { locale: 'zh-CN' }) });

const ARGS_ZH = 'query_weather 的参数无效：缺少必需的参数“place”';
const UNSET_ZH =
  'search_web 还没有设置好：请在“技能 → search_web → 设置”中设置 TAVILY_API_KEY 或 SEARXNG_URL，' +
  '或运行 `ias skills config search_web TAVILY_API_KEY=-`（它会在终端中询问机密值且不显示，或从标准输入读取）';
const ARGS_EN = 'invalid arguments for query_weather: "place" is required';
const UNSET_EN =
  'search_web is not configured yet: set TAVILY_API_KEY or SEARXNG_URL in Skills → search_web → Settings, ' +
  'or run `ias skills config search_web TAVILY_API_KEY=-` (it asks for the secret unseen, or reads it from stdin)';

/** Each audit row's skill and what its result column says, newest first. */
const rows = (page: Page) =>
  page.locator('[data-testid="audit-row"]').evaluateAll((els) =>
    els.map((el) => ({
      skill: el.querySelector('.mono')?.textContent,
      said: el.querySelector('.col-result')?.textContent,
    })),
  );

/** What the entry of the row of `skill` says under Error (`label`, in the UI's language). */
async function entryError(page: Page, skill: string, label: string): Promise<string> {
  await page.locator('[data-testid="audit-row"]', { hasText: skill }).click();
  const drawer = page.getByTestId('audit-drawer');
  await drawer.locator('h2', { hasText: skill }).waitFor();
  const text = await drawer.locator(`pre[aria-label="${label}"]`).textContent();
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'detached' });
  return text ?? '';
}

it('says why a call did not run in the UI’s language, in its row and its entry', async () => {
  const page = world.page;
  world.app.model.enqueue(
    {
      toolCalls: [
        { name: 'query_weather', arguments: '{}' },
        { name: 'search_web', arguments: '{"query": "杭州"}' },
      ],
    },
    { content: '好的。' },
  );
  await sendInChat(page, '杭州天气');
  await turnsEnded(world.app);
  const told = (world.app.model.requests.at(-1)!.body.messages as { role: string; content: string }[])
    .filter((m) => m.role === 'tool')
    .map((m) => JSON.parse(m.content).error as string);
  expect(told.sort()).toEqual([ARGS_EN, UNSET_EN].sort());

  await page.goto(`${world.app.origin}/#/audit`);
  await expect.poll(() => rows(page)).toHaveLength(2);
  expect((await rows(page)).sort((a, b) => a.skill!.localeCompare(b.skill!))).toEqual([
    { skill: 'query_weather', said: ARGS_ZH },
    { skill: 'search_web', said: UNSET_ZH },
  ]);
  await screenshot(page, 'audit-not-run-zh');
  expect(await entryError(page, 'query_weather', '错误')).toBe(ARGS_ZH);

  await inLanguage(page, world.app, 'en', async () => {
    await page.goto(`${world.app.origin}/#/audit`);
    await expect.poll(() => rows(page)).toHaveLength(2);
    expect((await rows(page)).sort((a, b) => a.skill!.localeCompare(b.skill!))).toEqual([
      { skill: 'query_weather', said: ARGS_EN },
      { skill: 'search_web', said: UNSET_EN },
    ]);
    expect(await entryError(page, 'search_web', 'Error')).toBe(UNSET_EN);
  });
});
