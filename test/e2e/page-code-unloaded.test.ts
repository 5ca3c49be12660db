/**
 * A page whose code cannot be loaded (the served iAs stopped or was updated since the window
 * opened), in Chromium against `ias serve`: the page says so in the UI's language and offers to
 * reload; before, it showed the browser's own English ("Failed to fetch dynamically imported
 * module: http://…/assets/SkillsPage-….js"), in the Chinese UI too.
 */
import { describe, expect, it } from 'vitest';
import { openApp } from './harness.js';
import { servedWorld } from './served-world.js';

const world = servedWorld();

describe.each([
  { locale: 'zh-CN', said: '无法从 iAs 载入此页面：它可能已停止运行或已更新。请在它运行时重新加载。' },
  {
    locale: 'en-US',
    said: 'Its code could not be loaded from iAs: it may have stopped or been updated. Reload once it runs.',
  },
])('with the UI in $locale', ({ locale, said }) => {
  it('a page whose code does not load says why in the UI’s language', async () => {
    const page = await openApp(world.browser, world.app, { locale });
    await page.route(/\/assets\/SkillsPage-[^/]*\.js$/, (route) => route.abort());
    await page.goto(`${world.app.origin}/#/skills`);
    const failure = page.getByTestId('page-error');
    await failure.waitFor();
    expect(await failure.locator('.hint').textContent()).toBe(said);
    await page.context().close();
  });
});
