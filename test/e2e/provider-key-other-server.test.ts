/**
 * The Settings page, in Chromium against `ias serve`, when IAS_LLM_BASE_URL names another server than
 * the one the saved API key was saved for: it says whose the key is and that it is not sent here, in
 * English and in 简体中文; Test connection reaches that server with no key, and its 401 says why.
 * Never a part of the key on the page.
 */
import { expect, it } from 'vitest';
import { saveModelSettings, screenshot } from './harness.js';
import { servedWorld } from './served-world.js';

const KEY = 'sk-SECRET-e2e-other';

const world = servedWorld({
  serve: () => {
    const env: Record<string, string> = { IAS_LLM_MODEL: 'test-model' };
    return {
      noModel: true,
      env,
      setup(home, model) {
        env.IAS_LLM_BASE_URL = model.url;
        saveModelSettings(home, { baseUrl: 'https://api.deepseek.com/v1', model: 'deepseek-chat', apiKey: KEY });
      },
      script(model) {
        model.fallback((request) =>
          request.headers.authorization === `Bearer ${KEY}`
            ? { content: 'p' }
            : { status: 401, errorMessage: 'Missing API key.' },
        );
      },
    };
  },
});

it.each([
  [
    'en-US',
    'The saved API key is for https://api.deepseek.com, so it is not sent to this server.',
    'for https://api.deepseek.com, so it is not sent to',
  ],
  [
    'zh-CN',
    '已保存的 API 密钥属于 https://api.deepseek.com，因此不会发送给这个服务。',
    '已保存的密钥属于 https://api.deepseek.com，因此不会发送给',
  ],
])('says the saved key is another server’s and is not sent (%s)', async (locale, note, refused) => {
  const context = await world.browser.newContext({ viewport: { width: 1100, height: 800 }, locale });
  const page = await context.newPage();
  await page.goto(world.app.url);
  await page.waitForSelector('[data-testid="message-input"]');
  await page.goto(`${world.app.origin}/#/settings`);
  const said = page.locator('[data-testid="provider-key-other-server"]');
  await said.waitFor();
  expect(await said.textContent()).toContain(note);
  await screenshot(page, `settings-key-other-server-${locale}`);

  const before = world.app.model.requests.length;
  await page.locator('[data-testid="provider-test"]').click();
  const result = page.locator('[data-testid="provider-test-result"]');
  await expect.poll(() => result.textContent()).toContain(refused);
  expect(world.app.model.requests.length).toBe(before + 1);
  expect(world.app.model.requests.at(-1)!.headers.authorization).toBe('Bearer not-needed');
  expect(await page.locator('body').textContent()).not.toContain('SECRET');
  await context.close();
});
