/**
 * The API key field's hint for each provider on a first run, in Chromium against `ias serve`: a
 * provider that needs a key says so, Ollama that it needs none, and a custom OpenAI-compatible
 * server (LM Studio, vLLM, a proxy) that a key is for a server that asks for one; before, a custom
 * server was said to require one.
 */
import { describe, expect, it } from 'vitest';
import { openApp } from './harness.js';
import { servedWorld } from './served-world.js';

const world = servedWorld({ serve: { noModel: true } });

describe.each([
  {
    locale: 'en-US',
    hints: {
      openai: 'Required by this provider',
      ollama: 'Not needed for this provider',
      '': 'Only if your server asks for one',
    },
  },
  {
    locale: 'zh-CN',
    hints: { openai: '此服务商需要密钥', ollama: '此服务商不需要密钥', '': '仅在你的服务需要密钥时填写' },
  },
])('with the UI in $locale', ({ locale, hints }) => {
  it('the key field says whether the chosen provider needs a key', async () => {
    const page = await openApp(world.browser, world.app, { locale });
    await page.goto(`${world.app.origin}/#/settings`);
    const key = page.getByTestId('provider-key');
    for (const [preset, hint] of Object.entries(hints)) {
      await page.getByTestId('provider-preset').selectOption(preset);
      expect(await key.getAttribute('placeholder')).toBe(hint);
    }
    await page.context().close();
  });
});
