/**
 * A tool call iAs answered without running it (arguments that are no JSON, an unknown tool,
 * arguments its schema refuses), in Chromium against `ias serve` in a Chinese UI: its card says why
 * in Chinese, live and once the conversation is read back; the model is still told the English.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openApp, sendInChat, turnsEnded } from './harness.js';
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
        ],
      },
      { content: '好的。' },
    );
    await sendInChat(page, '杭州天气');
    await turnsEnded(world.app);
    await expect.poll(() => whys(page)).toEqual(EXPECTED);

    // The model was told the English, word for word.
    const told = (world.app.model.requests.at(-1)!.body.messages as { role: string; content: string }[])
      .filter((m) => m.role === 'tool')
      .map((m) => JSON.parse(m.content).error as string);
    expect(told).toHaveLength(3);
    expect(told).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^invalid arguments: not valid JSON \(.+\); nothing was run$/),
        'unknown tool "nope_tool"; nothing was run',
        'invalid arguments for query_weather: "place" is required',
      ]),
    );

    // Read back from the store: the same.
    await page.reload();
    await expect.poll(() => whys(page)).toEqual(EXPECTED);
  });
});
