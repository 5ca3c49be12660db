/**
 * A user skill in a shipped skill's name runs with the shipped one's settings and secrets, so every
 * approval request for it says it is not the shipped one (unreviewed), or the owner's own version
 * (reviewed): on WeChat (a real wechaty bot on the mock puppet), and in what the app's card reads.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { requestCode, requestTexts } from '../../../src/core/approval/messages.js';
import { markReviewed } from '../../../src/core/approval/review.js';
import { CODE, codeIn, countingSkill } from '../../helpers/gate.js';
import { writeSkill } from '../../helpers/temp.js';
import { MOCK_IDS } from '../../helpers/wechat-mock.js';
import { wechatWorld, type WechatWorld } from '../../helpers/wechat-world.js';

let w: WechatWorld | undefined;
afterEach(async () => {
  await w?.shutdown();
  w = undefined;
});

const NOT_BUILT_IN =
  '⚠ 这不是内置的 send_mail：是技能文件夹里一个未经你审阅的同名技能，它会拿到内置 send_mail 的设置和密钥。Not the built-in send_mail: an unreviewed skill of that name in your skills folder, given the built-in one’s settings and secrets.'.replace(
    '’',
    "'",
  );
const OWN_VERSION =
  '这是你自己的 send_mail 版本（已审阅，替代内置的 send_mail）。Your own version of send_mail (reviewed; it replaces the built-in one).';

/** A user `send_mail` beside the shipped one (written outside the app: not reviewed). */
function overrideSendMail(world: WechatWorld) {
  writeSkill(world.user, 'send_mail', countingSkill(world, 'send_mail', 'echo mine >&2\n'));
  world.registry.loadAll();
  const skill = world.registry.get('send_mail')!;
  expect(skill).toMatchObject({ source: 'user', overrides: true, risk: 'high' });
  return skill;
}

/** Starts a send_mail call; the WeChat request that carries its code. */
async function ask(world: WechatWorld) {
  const call = world.caller.call({ name: 'send_mail', params: { to: 'boss@example.com' }, source: 'chat' });
  const message = await world.wx.waitForSent((m) => m.to === MOCK_IDS.owner && CODE.test(m.text));
  return { call, text: message.text, code: codeIn(message.text) };
}

describe('approving a user skill that overrides a shipped one', () => {
  it('unreviewed: the WeChat request says, under the skill, that it is not the built-in one', async () => {
    w = await wechatWorld();
    overrideSendMail(w);
    const { call, text, code } = await ask(w);
    const lines = text.split('\n');
    expect(lines[lines.findIndex((line) => line.startsWith('技能 Skill：send_mail')) + 1]).toBe(NOT_BUILT_IN);
    expect(w.gate.openApprovals()).toMatchObject([{ skillName: 'send_mail', skillOrigin: 'user-override-unreviewed' }]);
    expect(w.store.approvals.list({ limit: 1 })[0]?.skillOrigin).toBe('user-override-unreviewed');
    await w.wx.say(w.wx.owner, code);
    expect((await call).status).toBe('done');
    expect(w.runs('send_mail')).toHaveLength(1);
  });

  it('reviewed and still High: the request calls it the owner’s own version', async () => {
    w = await wechatWorld();
    markReviewed(overrideSendMail(w), w.store.skillSettings);
    const { call, text } = await ask(w);
    expect(text.split('\n')).toContain(OWN_VERSION);
    expect(text).not.toContain('Not the built-in');
    expect(w.gate.openApprovals()[0]?.skillOrigin).toBe('user-override');
    await w.wx.say(w.wx.owner, '取消');
    expect((await call).status).toBe('refused');
  });

  it('the shipped skill itself: no such line', async () => {
    w = await wechatWorld();
    const { call, text } = await ask(w);
    expect(text).not.toMatch(/Not the built-in|Your own version/);
    expect(w.gate.openApprovals()[0]?.skillOrigin).toBe('system');
    await w.wx.say(w.wx.owner, '取消');
    await call;
  });
});

describe('the words of a request for the app', () => {
  it('carry the origin of an override in the code, and nothing for other skills', () => {
    const base = { skill: 'email', title: 'email', params: {} };
    expect(requestCode({ ...base, origin: 'user-override-unreviewed' }).params).toMatchObject({
      origin: 'user-override-unreviewed',
    });
    expect(requestCode({ ...base, origin: 'user-override' }).params).toMatchObject({ origin: 'user-override' });
    expect(requestCode({ ...base, origin: 'system' }).params).not.toHaveProperty('origin');
    expect(requestCode({ ...base, origin: 'user' }).params).not.toHaveProperty('origin');
    // The in-app card's text (no code) says it too.
    expect(requestTexts({ ...base, origin: 'user-override-unreviewed' })[0]).toMatch(/Not the built-in email/);
  });
});
