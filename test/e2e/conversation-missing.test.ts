/**
 * A conversation that is no more (deleted, here or in another window; a link to it kept in the
 * browser's history), opened by its link or shown when it goes, in Chromium against `ias serve`:
 * the chat says it no longer exists and leads to a new one; before, it showed an empty
 * conversation called Untitled whose message box took a message only to refuse it ("no such
 * conversation").
 */
import { expect, it } from 'vitest';
import { openApp, turnsEnded } from './harness.js';
import { servedWorld } from './served-world.js';

const world = servedWorld({
  serve: { script: (model) => model.fallback({ content: '你好。' }) },
  other: true,
});

async function storedConversation(text: string): Promise<string> {
  const { conversationId } = await world.other.call<{ conversationId: string }>('sendMessage', { text });
  await turnsEnded(world.app);
  return conversationId;
}

it('opened by its link once deleted, it says it no longer exists, in the UI’s language', async () => {
  const id = await storedConversation('很快就删');
  await world.other.call('deleteConversation', id);
  const page = await openApp(world.browser, world.app, { locale: 'zh-CN' });
  await page.goto(`${world.app.origin}/#/chat/${id}`);
  const missing = page.getByTestId('conversation-missing');
  await missing.waitFor();
  expect(await page.locator('.chat-title').textContent()).toBe('找不到对话');
  expect(await missing.locator('p').textContent()).toBe('这个对话已不存在：它已被删除，或者指向它的链接已过时。');
  expect(await page.getByTestId('message-input').isDisabled()).toBe(true);
  await missing.getByRole('link').click();
  await expect.poll(() => page.evaluate('location.hash')).toBe('#/chat');
  expect(await page.getByTestId('message-input').isEnabled()).toBe(true);
  await page.context().close();
});

it('shown while another window deletes it, it says so', async () => {
  const id = await storedConversation('Delete me elsewhere');
  const page = await openApp(world.browser, world.app);
  await page.goto(`${world.app.origin}/#/chat/${id}`);
  await page.getByText('Delete me elsewhere').first().waitFor();
  await world.other.call('deleteConversation', id);
  const missing = page.getByTestId('conversation-missing');
  await missing.waitFor();
  expect(await missing.locator('p').textContent()).toBe(
    'This conversation no longer exists: it was deleted, or the link to it is out of date.',
  );
  expect(await page.getByText('Delete me elsewhere').count()).toBe(0);
  await page.context().close();
});
