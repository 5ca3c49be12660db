/**
 * What the app shows under the owner's message besides the model's text — a notice of how the turn
 * was answered (an empty reply, one cut by the provider's filter) — reaches WeChat too: the owner
 * there sees nothing else of the turn.
 */
import { describe, expect, it } from 'vitest';
import { APP_SETTINGS } from '../../../src/core/owner-locale.js';
import { chineseTurnMessages } from '../../../src/shared/turn-messages-zh-CN.js';
import { MOCK_IDS } from '../../helpers/wechat-mock.js';
import { chatWechatWorld } from '../../helpers/wechat-world.js';

describe('WeChat: how a turn was answered reaches the owner', () => {
  it('an empty reply is said, in the owner’s language, not left unanswered', async () => {
    const w = await chatWechatWorld();
    w.store.settings.set(APP_SETTINGS, { language: 'zh-CN' });
    w.model.enqueue({ content: '  \n' });
    await w.wx.say(w.wx.owner, '你好');
    const said = chineseTurnMessages['reply-empty']({});
    const reply = await w.wx.waitForSent((m) => m.to === MOCK_IDS.owner && m.text.includes(said));
    expect(reply.text).toBe(`[iAs：${said}]`);
  });

  it('a reply the provider’s filter stopped: its text, then the notice', async () => {
    const w = await chatWechatWorld();
    w.model.enqueue({ content: 'The answer begins', finishReason: 'content_filter' });
    await w.wx.say(w.wx.owner, 'tell me');
    const reply = await w.wx.waitForSent((m) => m.to === MOCK_IDS.owner && m.text.startsWith('The answer begins'));
    expect(reply.text).toBe("The answer begins\n\n[iAs: The provider's content filter stopped this reply.]");
  });

  it('a reply cut mid-way by a failure: the text that came, then what went wrong', async () => {
    const w = await chatWechatWorld();
    const whole = 'This reply will be cut somewhere in the middle';
    w.model.enqueue({ content: whole, chunkSize: 5, cutAfterChunks: 3 });
    await w.wx.say(w.wx.owner, 'long answer please');
    const failure = await w.wx.waitForSent((m) => m.to === MOCK_IDS.owner && m.text.startsWith('Sorry'));
    await w.service.router.idle();
    const stored = w.store.conversations.messages(w.service.settings.conversation()!);
    const text = stored.find((m) => m.role === 'assistant')!.content;
    expect(text.length).toBeGreaterThan(0);
    expect(w.wx.sent.filter((m) => m.to === MOCK_IDS.owner).map((m) => m.text)).toEqual([text, failure.text]);
    expect(failure.text).toMatch(/dropped mid-reply/);
  });
});
