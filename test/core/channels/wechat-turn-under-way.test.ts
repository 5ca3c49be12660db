/**
 * The owner messages iAs on WeChat while a turn typed in the app runs a call in WeChat's
 * conversation: WeChat's agent does not begin a second turn there (its message would come between
 * the call and its result). The owner is told, in their language, and the message, sent again once
 * that turn has ended, is answered.
 */
import { describe, expect, it } from 'vitest';
import { APP_SETTINGS } from '../../../src/core/owner-locale.js';
import { testAgent } from '../../helpers/agent.js';
import { heldCallSkill } from '../../helpers/held-call.js';
import { MOCK_IDS } from '../../helpers/wechat-mock.js';
import { chatWechatWorld } from '../../helpers/wechat-world.js';

describe('WeChat: a message while another turn runs in its conversation', () => {
  it('is answered with "a reply is still coming", stores nothing, and goes through after', async () => {
    const w = await chatWechatWorld();
    w.store.settings.set(APP_SETTINGS, { language: 'zh-CN' });
    const held = heldCallSkill(w.system, w.home);
    w.registry.loadAll();
    w.model.enqueue({ content: 'Hi.' });
    await w.wx.say(w.wx.owner, 'hi');
    await w.wx.waitForSent((m) => m.text === 'Hi.');
    const conversationId = w.service.settings.conversation()!;

    // The app's chat (an agent of its own) runs a call in WeChat's conversation.
    const app = testAgent(w, w.model.url, { toolTimeoutMs: 120_000 });
    w.model.enqueue(
      { toolCalls: [{ id: 'call_slow', name: 'slow_report', arguments: '{}' }] },
      { content: 'The report is ready.' },
    );
    const turn = app.send('make the report', { conversationId });
    await held.running();
    const before = w.store.conversations.messages(conversationId);

    await w.wx.say(w.wx.owner, 'and email it');
    const busy = '这个对话还在回复中：请先停止，或等它回复完。';
    await w.wx.waitForSent((m) => m.to === MOCK_IDS.owner && m.text === busy);
    await w.service.router.idle();
    expect(w.store.conversations.messages(conversationId)).toEqual(before);
    expect(w.model.requests).toHaveLength(2);

    held.finish();
    expect((await turn).reply).toBe('The report is ready.');
    w.model.enqueue({ content: 'Sent.' });
    await w.wx.say(w.wx.owner, 'and email it');
    await w.wx.waitForSent((m) => m.text === 'Sent.');
    expect(w.store.conversations.messages(conversationId).map((m) => [m.role, m.content])).toEqual([
      ['user', 'hi'],
      ['assistant', 'Hi.'],
      ['user', 'make the report'],
      ['assistant', ''],
      ['tool', expect.stringContaining('report-ready')],
      ['assistant', 'The report is ready.'],
      ['user', 'and email it'],
      ['assistant', 'Sent.'],
    ]);
  });
});
