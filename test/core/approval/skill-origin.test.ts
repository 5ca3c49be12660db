/**
 * A user skill in a shipped skill's name runs with the shipped one's settings and secrets, so every
 * approval request for it says it is not the shipped one (unreviewed), or the owner's own version
 * (reviewed): on WeChat (a real wechaty bot on the mock puppet), and in what the app's card reads.
 */
import { describe, expect, it } from 'vitest';
import { requestCode, requestTexts } from '../../../src/core/approval/messages.js';
import { markReviewed } from '../../../src/core/approval/review.js';
import { CODE, codeIn, countingSkill, readRuns } from '../../helpers/gate.js';
import { writeSkill } from '../../helpers/temp.js';
import { MOCK_IDS } from '../../helpers/wechat-mock.js';
import { wechatWorld, type WechatWorld } from '../../helpers/wechat-world.js';

const NOT_BUILT_IN =
  '⚠ 这不是内置的 send_mail：是技能文件夹里一个未经你审核的同名技能，它会拿到内置 send_mail 的设置和密钥。Not the built-in send_mail: an unreviewed skill of that name in your skills folder, given the built-in one’s settings and secrets.'.replace(
    '’',
    "'",
  );
const OWN_VERSION =
  '这是你自己的 send_mail 版本（已审核，替代内置的 send_mail）。Your own version of send_mail (reviewed; it replaces the built-in one).';

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
    const w = await wechatWorld();
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
    const w = await wechatWorld();
    markReviewed(overrideSendMail(w), w.store.skillSettings);
    const { call, text } = await ask(w);
    expect(text.split('\n')).toContain(OWN_VERSION);
    expect(text).not.toContain('Not the built-in');
    expect(w.gate.openApprovals()[0]?.skillOrigin).toBe('user-override');
    await w.wx.say(w.wx.owner, '取消');
    expect((await call).status).toBe('refused');
  });

  it('the shipped skill itself: no such line', async () => {
    const w = await wechatWorld();
    const { call, text } = await ask(w);
    expect(text).not.toMatch(/Not the built-in|Your own version/);
    expect(w.gate.openApprovals()[0]?.skillOrigin).toBe('system');
    await w.wx.say(w.wx.owner, '取消');
    await call;
  });
});

const UNREVIEWED_LOW =
  '⚠ greet 是低风险技能，但你还没有审核它，所以审核之前按高风险运行、每次都要你确认。审核：ias skills review greet，或在 iAs 的“技能”页面。greet is a low-risk skill you have not reviewed, so it runs as high risk (each call asks you) until you do: ias skills review greet, or the Skills page in iAs.';

/** The owner's own Low `greet` (written outside the app: not reviewed, so asked about as High). */
function ownGreet(world: WechatWorld) {
  const low = countingSkill(world, 'greet').replace('## Risk Level\n\nHigh', '## Risk Level\n\nLow');
  writeSkill(world.user, 'greet', low);
  world.registry.loadAll();
  const skill = world.registry.get('greet')!;
  expect(skill).toMatchObject({ source: 'user', overrides: false, risk: 'low' });
  return skill;
}

describe('approving the owner’s own Low skill, not reviewed', () => {
  it('the WeChat request says it runs as High only until reviewed, and how to review it', async () => {
    const w = await wechatWorld();
    ownGreet(w);
    const call = w.caller.call({ name: 'greet', params: { to: 'Ada' }, source: 'chat' });
    const { text } = await w.wx.waitForSent((m) => m.to === MOCK_IDS.owner && CODE.test(m.text));
    const lines = text.split('\n');
    expect(lines[lines.findIndex((line) => line.startsWith('技能 Skill：greet')) + 1]).toBe(UNREVIEWED_LOW);
    expect(w.gate.openApprovals()).toMatchObject([{ skillName: 'greet', skillOrigin: 'user-unreviewed' }]);
    expect(w.store.approvals.list({ limit: 1 })[0]?.skillOrigin).toBe('user-unreviewed');
    await w.wx.say(w.wx.owner, '取消');
    expect((await call).status).toBe('refused');
    expect(readRuns(w.home, 'greet')).toEqual([]);
  });

  it('reviewed, it runs at once: nobody is asked', async () => {
    const w = await wechatWorld();
    markReviewed(ownGreet(w), w.store.skillSettings);
    expect((await w.caller.call({ name: 'greet', params: { to: 'Ada' }, source: 'chat' })).status).toBe('done');
    expect(readRuns(w.home, 'greet')).toHaveLength(1);
    expect(w.wx.sent.some((m) => m.text.includes('greet'))).toBe(false);
  });
});

describe('the words of a request for the app', () => {
  it('carry the origin of an override in the code, and nothing for other skills', () => {
    const base = { skill: 'email', title: 'email', params: {} };
    expect(requestCode({ ...base, origin: 'user-override-unreviewed' }, 'a-1').params).toMatchObject({
      origin: 'user-override-unreviewed',
    });
    expect(requestCode({ ...base, origin: 'user-override' }, 'a-1').params).toMatchObject({ origin: 'user-override' });
    expect(requestCode({ ...base, origin: 'system' }, 'a-1').params).not.toHaveProperty('origin');
    expect(requestCode({ ...base, origin: 'user' }, 'a-1').params).not.toHaveProperty('origin');
    expect(requestCode({ ...base, origin: 'user-unreviewed' }, 'a-1').params).toMatchObject({
      origin: 'user-unreviewed',
    });
    expect(requestTexts({ ...base, origin: 'user-unreviewed' })[0]).toMatch(
      /runs as high risk .* ias skills review email/,
    );
    // The in-app card's text (no code) says it too.
    expect(requestTexts({ ...base, origin: 'user-override-unreviewed' })[0]).toMatch(/Not the built-in email/);
  });
});

const UNREVIEWED_HIGH =
  '⚠ 你没有审核过这个版本的 deploy：它是新放进技能文件夹的，或在 iAs 之外改过，批准之前先看看它会做什么。审核：ias skills review deploy，或在 iAs 的“技能”页面。You have not reviewed deploy at this version: it was put in your skills folder or changed outside iAs, so look at what it does before you approve it: ias skills review deploy, or the Skills page in iAs.';

/** The owner's own High `deploy`, written outside the app (not reviewed at this version). */
function ownDeploy(world: WechatWorld, extra = '') {
  writeSkill(world.user, 'deploy', countingSkill(world, 'deploy', extra));
  world.registry.loadAll();
  const skill = world.registry.get('deploy')!;
  expect(skill).toMatchObject({ source: 'user', overrides: false, risk: 'high' });
  return skill;
}

describe('approving the owner’s own High skill, not reviewed at this version', () => {
  it('edited outside the app since its review: the WeChat request says so, and how to review it', async () => {
    const w = await wechatWorld();
    markReviewed(ownDeploy(w), w.store.skillSettings);
    // Someone who can write to the skills folder changes what it does; its name and risk stay.
    ownDeploy(w, 'echo changed >&2\n');
    const call = w.caller.call({ name: 'deploy', params: { to: 'prod' }, source: 'chat' });
    const { text } = await w.wx.waitForSent((m) => m.to === MOCK_IDS.owner && CODE.test(m.text));
    const lines = text.split('\n');
    expect(lines[lines.findIndex((line) => line.startsWith('技能 Skill：deploy')) + 1]).toBe(UNREVIEWED_HIGH);
    expect(w.gate.openApprovals()).toMatchObject([{ skillName: 'deploy', skillOrigin: 'user-high-unreviewed' }]);
    expect(
      requestCode({ skill: 'deploy', title: 'deploy', params: {}, origin: 'user-high-unreviewed' }, 'a-1').params,
    ).toMatchObject({ origin: 'user-high-unreviewed' });
    await w.wx.say(w.wx.owner, '取消');
    expect((await call).status).toBe('refused');
    expect(readRuns(w.home, 'deploy')).toEqual([]);
  });

  it('reviewed at this version: no such line', async () => {
    const w = await wechatWorld();
    markReviewed(ownDeploy(w), w.store.skillSettings);
    const call = w.caller.call({ name: 'deploy', params: { to: 'prod' }, source: 'chat' });
    const { text } = await w.wx.waitForSent((m) => m.to === MOCK_IDS.owner && CODE.test(m.text));
    expect(text).not.toContain('not reviewed');
    expect(w.gate.openApprovals()[0]?.skillOrigin).toBe('user');
    await w.wx.say(w.wx.owner, '取消');
    await call;
  });
});
