/**
 * A reply whose connection drops mid-way (the server gone, a proxy cutting it), in Chromium against
 * `ias serve`: the chat says so in the UI's language, and nothing else; before, it added the HTTP
 * layer's own English word for it ("terminated"), in the Chinese UI too.
 */
import { describe, expect, it } from 'vitest';
import { lastError, openApp, sendInChat, turnsEnded } from './harness.js';
import { servedWorld } from './served-world.js';

const world = servedWorld();

describe.each([
  { locale: 'zh-CN', said: '与模型的连接在回复中途断开了。' },
  { locale: 'en-US', said: 'The connection to the model dropped mid-reply.' },
])('a reply cut off, with the UI in $locale', ({ locale, said }) => {
  it('says the connection dropped, in the UI’s language alone', async () => {
    const page = await openApp(world.browser, world.app, { locale });
    world.app.model.enqueue({
      content: 'This reply will be cut somewhere in the middle',
      chunkSize: 5,
      cutAfterChunks: 3,
    });
    await sendInChat(page, 'Tell me a story');
    await turnsEnded(world.app);
    await expect.poll(() => lastError(page)).toBe(said);
    await page.context().close();
  });
});
