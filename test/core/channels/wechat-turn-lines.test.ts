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
    expect(reply.text).toBe(`[iAs: ${said}]`);
  });

  it('a reply the provider’s filter stopped: its text, then the notice', async () => {
    const w = await chatWechatWorld();
    w.model.enqueue({ content: 'The answer begins', finishReason: 'content_filter' });
    await w.wx.say(w.wx.owner, 'tell me');
    const reply = await w.wx.waitForSent((m) => m.to === MOCK_IDS.owner && m.text.startsWith('The answer begins'));
    expect(reply.text).toBe("The answer begins\n\n[iAs: The provider's content filter stopped this reply.]");
  });
});
