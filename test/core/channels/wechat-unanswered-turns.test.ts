/**
 * The owner's WeChat message whose turn gives no reply of the model — kept from it, or failed before
 * it began — is still answered: with why, in the owner's language, as the app would say it.
 */
import { describe, expect, it } from 'vitest';
import { FileSecretStore } from '../../../src/core/approval/key-store.js';
import { CHAT_CODE_BUDGET } from '../../../src/core/approval/chat-code-budget.js';
import { codeCandidates } from '../../../src/core/approval/code.js';
import { resolveProvider } from '../../../src/core/agent/providers.js';
import { APP_SETTINGS } from '../../../src/core/owner-locale.js';
import { chineseApiErrors } from '../../../src/shared/api-errors-zh-CN.js';
import { chineseTurnMessages } from '../../../src/shared/turn-messages-zh-CN.js';
import { testAgent } from '../../helpers/agent.js';
import { refuseToolResult } from '../../helpers/chat-world.js';
import { CODE, codeIn } from '../../helpers/gate.js';
import { scriptSkill, tempDir, writeSkill } from '../../helpers/temp.js';
import { MOCK_IDS } from '../../helpers/wechat-mock.js';
import { chatWechatWorld, wechatWorld } from '../../helpers/wechat-world.js';

/** A run of digits with more distinct 6-digit windows than the budget, none of them `code`. */
function numbersPastTheBudget(code: string): string {
  const absent = [...'0123456789'].filter((d) => !code.includes(d));
  // Counting in the base of the digits left, written with those digits.
  const counted = Array.from({ length: 40 }, (_, n) => n.toString(absent.length).padStart(3, '0')).join('');
  const digits = [...counted].map((d) => absent[parseInt(d, absent.length)]).join('');
  expect(codeCandidates(digits).length).toBeGreaterThan(CHAT_CODE_BUDGET);
  return digits;
}

describe('WeChat: a message that gets no reply of the model is still answered', () => {
  it('numbers held while an approval waits: told so in the owner’s language, and nothing goes to the model', async () => {
    const w = await chatWechatWorld();
    w.store.settings.set(APP_SETTINGS, { language: 'zh-CN' });
    const call = w.caller.call({ name: 'send_mail', params: { to: 'boss@example.com' }, source: 'chat' });
    const code = codeIn((await w.wx.waitForSent((m) => m.to === MOCK_IDS.owner && CODE.test(m.text))).text);

    await w.wx.say(w.wx.owner, `my order ${numbersPastTheBudget(code)} — where is it?`);
    const held = chineseApiErrors['numbers-held-for-approval']({});
    await w.wx.waitForSent((m) => m.to === MOCK_IDS.owner && m.text === held);
    await w.service.router.idle();
    expect(w.model.requests).toHaveLength(0);
    expect(w.service.settings.conversation()).toBeUndefined();

    await w.wx.say(w.wx.owner, '取消');
    expect((await call).status).toBe('refused');
  });

  it('refused by the agent: its words say why', async () => {
    const why = 'Not sent to the model: it names a secret.';
    const w = await chatWechatWorld({
      agent: { refuseMessage: (t) => (t.includes('secret') ? why : undefined) },
    });
    await w.wx.say(w.wx.owner, 'the secret is out');
    await w.wx.waitForSent((m) => m.to === MOCK_IDS.owner && m.text === why);
    await w.service.router.idle();
    expect(w.model.requests).toHaveLength(0);
  });

  it('too long to send: told so in the owner’s language, and nothing is stored or sent', async () => {
    const w = await chatWechatWorld();
    w.store.settings.set(APP_SETTINGS, { language: 'zh-CN' });
    await w.wx.say(w.wx.owner, '长'.repeat(100_001));
    const tooLong = chineseApiErrors['message-too-long']({ max: 100_000 });
    await w.wx.waitForSent((m) => m.to === MOCK_IDS.owner && m.text === tooLong);
    await w.service.router.idle();
    expect(w.model.requests).toHaveLength(0);
    expect(w.service.settings.conversation()).toBeUndefined();
    expect(w.store.conversations.list()).toEqual([]);
  });

  it('failed in iAs: said as the line the turn stored for it reads in the app', async () => {
    const w = await chatWechatWorld();
    writeSkill(w.system, 'look_up', scriptSkill({ risk: 'Low', description: 'Looks up.', script: 'echo found-it' }));
    w.registry.loadAll();
    // The database refuses the call's result (as a full disk would).
    refuseToolResult(w.home, 'found-it');
    w.model.enqueue({ toolCalls: [{ name: 'look_up', arguments: '{}' }] });
    await w.wx.say(w.wx.owner, 'look it up');
    const reply = 'Sorry, something went wrong: This turn failed in iAs and was not finished: the disk is full';
    await w.wx.waitForSent((m) => m.to === MOCK_IDS.owner && m.text === reply);
    await w.service.router.idle();

    // The failure is stored in WeChat's new conversation, and the next message goes on with it.
    const failedIn = w.service.settings.conversation();
    expect(failedIn).toBeDefined();
    expect(w.store.conversations.messages(failedIn!).map((m) => m.content)).toContain('look it up');
    w.model.enqueue({ content: 'Found nothing new.' });
    await w.wx.say(w.wx.owner, 'anything else?');
    await w.wx.waitForSent((m) => m.to === MOCK_IDS.owner && m.text === 'Found nothing new.');
    await w.service.router.idle();
    expect(w.service.settings.conversation()).toBe(failedIn);
    const sent = w.model.requests.at(-1)!.body.messages as { role: string; content: string }[];
    const asked = sent.filter((m) => m.role === 'user').map((m) => m.content);
    expect(asked).toEqual(['look it up', 'anything else?']);
  });

  it('no model set: what to set, in the owner’s language', async () => {
    const secrets = new FileSecretStore(tempDir());
    const w = await wechatWorld({
      agent: (world) => testAgent(world, '', { provider: () => resolveProvider(world.store.settings, secrets, {}) }),
    });
    w.store.settings.set(APP_SETTINGS, { language: 'zh-CN' });
    await w.wx.say(w.wx.owner, '你好');
    const reply = `抱歉，出错了：${chineseTurnMessages['no-model-configured']({})}`;
    await w.wx.waitForSent((m) => m.to === MOCK_IDS.owner && m.text === reply);
  });
});
