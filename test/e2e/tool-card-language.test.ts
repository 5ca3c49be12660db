/**
 * A tool call iAs answered without running it (arguments that are no JSON, an unknown tool,
 * arguments its schema refuses, a skill not set up), in Chromium against `ias serve` in a Chinese
 * UI: its card says why in Chinese, live and once the conversation is read back; the model is still
 * told the English.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openApp, screenshot, sendInChat, turnsEnded } from './harness.js';
import { servedWorld } from './served-world.js';

const world = servedWorld({ page: (browser, app) => openApp(browser, app, { locale: 'zh-CN' }) });

const whys = (page: Page) =>
  page.locator('[data-testid="tool-card"]').evaluateAll((cards) =>
    cards.map((card) => ({
      name: card.getAttribute('data-name'),
      status: card.getAttribute('data-status'),
      why: card.querySelector('[data-testid="tool-why"]')?.textContent ?? null,
    })),
  );

const EXPECTED = [
  {
    name: 'query_weather',
    status: 'error',
    why: expect.stringMatching(/^参数无效：不是有效的 JSON（.+）；没有运行任何东西$/),
  },
  { name: 'nope_tool', status: 'error', why: '没有名为“nope_tool”的工具；没有运行任何东西' },
  { name: 'query_weather', status: 'error', why: 'query_weather 的参数无效：缺少必需的参数“place”' },
  {
    name: 'search_web',
    status: 'error',
    why:
      'search_web 还没有设置好：请在“技能 → search_web → 设置”中设置 TAVILY_API_KEY 或 SEARXNG_URL，' +
      '或运行 `ias skills config search_web TAVILY_API_KEY=-`（它会在终端中询问机密值且不显示，或从标准输入读取）',
  },
];

describe('a tool call iAs did not run, in a Chinese UI', () => {
  it('says why in Chinese on its card, and tells the model in English', async () => {
    const page = world.page;
    world.app.model.enqueue(
      {
        toolCalls: [
          { name: 'query_weather', arguments: '{"location": ' },
          { name: 'nope_tool', arguments: '{}' },
          { name: 'query_weather', arguments: '{}' },
          { name: 'search_web', arguments: '{"query": "杭州"}' },
        ],
      },
      { content: '好的。' },
    );
    await sendInChat(page, '杭州天气');
    await turnsEnded(world.app);
    await expect.poll(() => whys(page)).toEqual(EXPECTED);
    await screenshot(page, 'tool-card-why-zh');

    // The model was told the English, word for word.
    const told = (world.app.model.requests.at(-1)!.body.messages as { role: string; content: string }[])
      .filter((m) => m.role === 'tool')
      .map((m) => JSON.parse(m.content).error as string);
    expect(told).toHaveLength(4);
    expect(told).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^invalid arguments: not valid JSON \(.+\); nothing was run$/),
        'unknown tool "nope_tool"; nothing was run',
        'invalid arguments for query_weather: "place" is required',
        'search_web is not configured yet: set TAVILY_API_KEY or SEARXNG_URL in Skills → search_web → Settings, ' +
          'or run `ias skills config search_web TAVILY_API_KEY=-` (it asks for the secret unseen, or reads it from stdin)',
      ]),
    );

    // Read back from the store: the same.
    await page.reload();
    await expect.poll(() => whys(page)).toEqual(EXPECTED);
  });
});
