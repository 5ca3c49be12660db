/**
 * With its language set to follow the system, the UI follows the browser's preferred language when
 * it changes while the page is open (the browser then tells the page, as it does of a theme change).
 */
import { expect, it } from 'vitest';
import { servedWorld } from './served-world.js';

const world = servedWorld();

it('switches to Chinese, and back, as the browser’s language changes', async () => {
  const context = await world.browser.newContext({ locale: 'en-US' });
  // The browser's preferred language, changed as its settings would change it: what the page
  // reads (navigator.language) changes, and the page is told with a languagechange event.
  await context.addInitScript(`(() => {
    let language = 'en-US';
    Object.defineProperty(Navigator.prototype, 'language', { configurable: true, get: () => language });
    Object.defineProperty(Navigator.prototype, 'languages', { configurable: true, get: () => [language] });
    window.preferLanguage = (next) => {
      language = next;
      window.dispatchEvent(new Event('languagechange'));
    };
  })()`);
  const page = await context.newPage();
  await page.goto(world.app.url);
  await page.waitForSelector('[data-testid="message-input"]');
  const chat = page.getByTestId('nav-chat');
  await expect.poll(() => chat.textContent()).toBe('Chat');

  await page.evaluate("window.preferLanguage('zh-CN')");
  await expect.poll(() => chat.textContent()).toBe('对话');
  expect(await page.locator('html').getAttribute('lang')).toBe('zh-CN');

  await page.evaluate("window.preferLanguage('en-GB')");
  await expect.poll(() => chat.textContent()).toBe('Chat');
  await context.close();
});
