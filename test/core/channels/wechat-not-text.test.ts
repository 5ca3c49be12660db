/**
 * What the owner sends on WeChat that iAs cannot read (a voice message, a picture, a file) is
 * answered with how to say it, never met with silence: a code said in a voice message would
 * otherwise leave the approval to lapse without a word. Nobody else is answered.
 */
import { FileBox } from 'file-box';
import { describe, expect, it } from 'vitest';
import { APP_SETTINGS } from '../../../src/core/owner-locale.js';
import { settle } from '../../helpers/gate.js';
import { MOCK_IDS } from '../../helpers/wechat-mock.js';
import { chatWechatWorld } from '../../helpers/wechat-world.js';

const voice = () => FileBox.fromBase64(Buffer.from('#!SILK_V3').toString('base64'), 'voice.sil');
const picture = () => FileBox.fromBase64(Buffer.from('not really a png').toString('base64'), 'photo.png');

describe('WeChat: a message iAs cannot read', () => {
  it('from the owner: told, in the owner’s language, to type it; nothing goes to the model', async () => {
    const w = await chatWechatWorld();
    w.store.settings.set(APP_SETTINGS, { language: 'zh-CN' });
    w.wx.owner.say(voice()).to(w.wx.self);
    const told = await w.wx.waitForSent((m) => m.to === MOCK_IDS.owner);
    expect(told.text).toMatch(/文字/);
    w.store.settings.set(APP_SETTINGS, { language: 'en' });
    w.wx.owner.say(picture()).to(w.wx.self);
    await w.wx.waitForSent((m) => m.to === MOCK_IDS.owner && /text/.test(m.text));
    await w.service.router.idle();
    expect(w.model.requests).toHaveLength(0);
  });

  it('from a stranger, in a group, or the owner’s own files in 文件传输助手: no answer', async () => {
    const w = await chatWechatWorld();
    w.wx.stranger.say(voice()).to(w.wx.self);
    w.wx.owner.say(picture()).to(w.wx.group);
    await settle();
    await w.service.router.idle();
    const self = await chatWechatWorld({ owner: 'self' });
    self.wx.self.say(picture()).to(self.wx.filehelper);
    await settle();
    await self.service.router.idle();
    expect(w.wx.sent).toEqual([]);
    // The owner's own picture is all 文件传输助手 got (the mock counts the account's sends as the bot's).
    expect(self.wx.sent.map((m) => m.file ?? m.text)).toEqual(['photo.png']);
  });
});
