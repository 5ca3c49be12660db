import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { markReviewed } from '../../../src/core/approval/review.js';
import { scriptSkill, writeSkill } from '../../helpers/temp.js';
import { CODE, codeIn, countingSkill, gateWorld, settle, type GateWorld } from '../../helpers/gate.js';

let world: GateWorld;
afterEach(() => world?.close());

const mail = { to: 'boss@example.com', body: 'hello' };

/** Starts a high-risk call and returns it with the code the owner received. */
async function ask(w: GateWorld, skill = 'send_mail', params: object = mail) {
  const sent = w.wechat.nextSent(CODE);
  const call = w.caller.call({ name: skill, params, source: 'chat', requestedBy: 'conv-1' });
  const message = await sent;
  return { call, message, code: codeIn(message) };
}

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('the approval gate', () => {
  it('runs a low-risk skill at once, with no message to the owner', async () => {
    world = gateWorld();
    const outcome = await world.caller.call({ name: 'read_only', params: {}, source: 'chat' });
    expect(outcome).toMatchObject({ status: 'done', result: { success: true, data: 'fine' } });
    expect(world.wechat.outbox).toEqual([]);
  });

  it('asks the owner with the skill, readable params, the code and how to answer; runs on the right code', async () => {
    world = gateWorld();
    const { call, message, code } = await ask(world);
    expect(message).toContain('send_mail');
    expect(message).toContain('to: boss@example.com');
    expect(message).toContain('body: hello');
    expect(message).toMatch(/回复确认码执行，回复 0 或 取消 以取消。5 分钟内有效，可尝试 3 次。/);
    expect(code).toMatch(/^\d{6}$/);
    expect(world.runs('send_mail')).toEqual([]);
    world.wechat.reply(code);
    const outcome = await call;
    expect(outcome).toMatchObject({ status: 'done', result: { success: true, data: 'sent' } });
    expect(world.runs('send_mail')).toEqual([JSON.stringify({ body: 'hello', to: 'boss@example.com' })]);
    const row = world.store.approvals.get(outcome.approvalId!)!;
    expect(row).toMatchObject({ status: 'done', skillName: 'send_mail', userId: 'owner', channel: 'wechat' });
    expect(row.consumedAt).toBeGreaterThan(0);
    expect(world.store.audit.get(outcome.auditId)).toMatchObject({
      status: 'done',
      risk: 'high',
      approvalOutcome: 'approved',
      approvalId: outcome.approvalId,
      source: 'chat',
    });
  });

  it('long parameters are shown whole over several numbered messages, the code only in the last', async () => {
    world = gateWorld();
    // A long mail body, with a line that must not be lost at a message boundary.
    const lines = Array.from({ length: 120 }, (_, i) => `line ${i + 1}: ${'正文 text '.repeat(4)}`);
    const body = lines.join('\n');
    const sent = world.wechat.nextSent(CODE);
    const call = world.caller.call({ name: 'send_mail', params: { to: 'boss@example.com', body }, source: 'chat' });
    const last = await sent;
    const messages = [...world.wechat.outbox];
    expect(messages.length).toBeGreaterThan(2);
    expect(messages.at(-1)).toBe(last);
    for (const [i, text] of messages.entries()) {
      expect(text.length).toBeLessThanOrEqual(1800);
      expect(text).toContain(`（${i + 1}/${messages.length}）`);
      // The code is in the last message only, after every parameter.
      if (i < messages.length - 1) expect(text).not.toMatch(CODE);
    }
    const shown = messages.join('\n');
    for (const line of lines) expect(shown).toContain(line);
    expect(shown).not.toContain('截断');
    world.wechat.reply(codeIn(last));
    expect(await call).toMatchObject({ status: 'done' });
    expect(JSON.parse(world.runs('send_mail')[0]!)).toEqual({ to: 'boss@example.com', body });
  });

  it('parameters too long to read before approving: refused before anyone is asked, nothing runs', async () => {
    world = gateWorld();
    const body = 'x'.repeat(13_000);
    const outcome = await world.caller.call({ name: 'send_mail', params: { to: 'a@b.c', body }, source: 'chat' });
    expect(outcome).toMatchObject({ status: 'error', result: { success: false } });
    expect(outcome.result.error).toMatch(
      /^the parameters are too long \(\d+ characters, at most 12000\); nothing was run/,
    );
    // The model is told to shorten them, never that an approval exists.
    expect(outcome.result.error).not.toMatch(/approv|owner/i);
    expect(world.wechat.outbox).toEqual([]);
    expect(world.runs('send_mail')).toEqual([]);
    expect(world.store.audit.get(outcome.auditId)).toMatchObject({ status: 'failed', risk: 'high' });
  });

  it('wrong codes: "确认码错误，还剩 N 次", and the third refuses in the seed\'s words', async () => {
    world = gateWorld();
    const { call, code } = await ask(world);
    const wrong = otherCode(code);
    world.wechat.reply(wrong);
    await settle();
    expect(world.wechat.outbox.at(-1)).toBe('确认码错误，还剩 2 次。Wrong code: 2 tries left.');
    world.wechat.reply(wrong);
    await settle();
    expect(world.wechat.outbox.at(-1)).toBe('确认码错误，还剩 1 次。Wrong code: 1 try left.');
    world.wechat.reply(wrong);
    const outcome = await call;
    expect(outcome).toMatchObject({
      status: 'refused',
      result: { success: false, error: '用户拒绝了你的调用：send_mail' },
    });
    // The right code after three wrong ones runs nothing.
    world.wechat.reply(code);
    await settle();
    expect(world.runs('send_mail')).toEqual([]);
    expect(world.store.approvals.get(outcome.approvalId!)!.status).toBe('rejected');
    // The audit row keeps what the model was told, and a code the app and `ias audit` say in their language.
    expect(world.store.audit.get(outcome.auditId)).toMatchObject({
      status: 'refused',
      approvalOutcome: 'rejected',
      error: '用户拒绝了你的调用：send_mail',
      errorCode: { code: 'call-refused' },
    });
  });

  it('0 and 取消 cancel; the model is told it was refused', async () => {
    for (const word of ['0', '取消']) {
      world = gateWorld();
      const { call, code } = await ask(world);
      world.wechat.reply(word);
      expect((await call).result.error).toBe('用户拒绝了你的调用：send_mail');
      world.wechat.reply(code);
      await settle();
      expect(world.runs('send_mail')).toEqual([]);
      world.close();
    }
  });

  it('five minutes without an answer: expired, "用户没有确认操作", and the code is dead', async () => {
    world = gateWorld({ ttlMs: 150 });
    const { call, code } = await ask(world);
    const outcome = await call;
    expect(outcome).toMatchObject({ status: 'unconfirmed', result: { error: '用户没有确认操作：send_mail' } });
    world.wechat.reply(code);
    await settle();
    expect(world.runs('send_mail')).toEqual([]);
    expect(world.store.approvals.get(outcome.approvalId!)!.status).toBe('expired');
    expect(world.store.audit.get(outcome.auditId)).toMatchObject({
      status: 'refused',
      approvalOutcome: 'expired',
      error: '用户没有确认操作：send_mail',
      errorCode: { code: 'call-unconfirmed' },
    });
  });

  it('a code used twice runs once', async () => {
    world = gateWorld();
    const { call, code } = await ask(world);
    world.wechat.reply(code);
    await call;
    world.wechat.reply(code);
    await settle();
    world.wechat.reply(code);
    await settle();
    expect(world.runs('send_mail')).toHaveLength(1);
    expect(world.wechat.outbox.at(-1)).toMatch(/没有等待确认的操作/);
  });

  it("approval A's code sent while B is pending is a wrong code for B", async () => {
    world = gateWorld();
    const a = await ask(world);
    world.wechat.reply(a.code);
    await a.call;
    const b = await ask(world, 'send_mail', { to: 'b@example.com' });
    if (b.code === a.code) return; // one chance in a million: the test says nothing then
    world.wechat.reply(a.code);
    await settle();
    expect(world.wechat.outbox.at(-1)).toBe('确认码错误，还剩 2 次。Wrong code: 2 tries left.');
    expect(world.runs('send_mail')).toHaveLength(1);
    world.wechat.reply(b.code);
    await b.call;
    expect(world.runs('send_mail')).toHaveLength(2);
  });

  it('only the owner in a direct chat counts: strangers and groups change nothing', async () => {
    world = gateWorld();
    const { call, code } = await ask(world);
    world.wechat.reply(code, { from: 'wxid_stranger' });
    world.wechat.reply(code, { direct: false });
    world.wechat.reply(code, { from: 'wxid_stranger', direct: false });
    world.wechat.reply('0', { from: 'wxid_stranger' });
    await settle();
    expect(world.runs('send_mail')).toEqual([]);
    const pending = world.store.approvals.activeForOwner('owner')!;
    expect(pending).toMatchObject({ status: 'pending', attemptsLeft: 3 });
    world.wechat.reply(code);
    expect((await call).status).toBe('done');
  });

  it('a message that merely contains the code is no answer, and is kept from the chat', async () => {
    world = gateWorld();
    const { call, code } = await ask(world);
    const grouped = [
      `${code.slice(0, 3)} ${code.slice(3)}`,
      `${code.slice(0, 3)}-${code.slice(3)}`,
      code.split('').join(' '),
      // A thousands separator, the Chinese comma (NFKC makes the full-width one ','), and 、.
      `${code.slice(0, 3)},${code.slice(3)}`,
      `验证码 ${code.slice(0, 3)}，${code.slice(3)}`,
      `${code.slice(0, 3)}、${code.slice(3)}`,
      `${code.slice(0, 3)}_${code.slice(3)}`,
      `${code.slice(0, 3)}/${code.slice(3)}`,
    ];
    for (const text of [`ok ${code}`, `${code} please`, `确认 ${code}`, `${code}0`, ...grouped]) {
      const consumed = await world.gate.handleMessage(world.wechat, { from: 'wxid_owner', direct: true, text });
      expect(consumed).toBe(true);
    }
    await settle();
    expect(world.runs('send_mail')).toEqual([]);
    expect(world.store.approvals.activeForOwner('owner')!.attemptsLeft).toBe(3);
    expect(world.wechat.outbox.at(-1)).toMatch(/6 位确认码本身/);
    // An ordinary message while waiting goes on to the chat.
    expect(
      await world.gate.handleMessage(world.wechat, { from: 'wxid_owner', direct: true, text: '天气怎么样？' }),
    ).toBe(false);
    world.wechat.reply(code);
    expect((await call).status).toBe('done');
  });

  it('a number alone that misses the code by a digit or a group is no answer, and is kept from the chat', async () => {
    world = gateWorld();
    const { call, code } = await ask(world);
    const wrong = otherCode(code);
    const typos = [
      code.slice(0, 5), // a digit dropped
      code.slice(1),
      `${code.slice(0, 3)}9${code.slice(3)}`, // a digit added
      `${wrong.slice(0, 3)} ${wrong.slice(3)}`, // in groups, one digit wrong
      `${code.slice(0, 3)}-${code.slice(3, 5)}`,
    ];
    for (const text of typos) {
      const consumed = await world.gate.handleMessage(world.wechat, { from: 'wxid_owner', direct: true, text });
      expect(consumed, text).toBe(true);
    }
    await settle();
    expect(world.runs('send_mail')).toEqual([]);
    expect(world.store.approvals.activeForOwner('owner')!.attemptsLeft).toBe(3);
    expect(world.wechat.outbox.at(-1)).toMatch(/6 位确认码本身/);
    // Numbers among words, or far from a code's length, go on to the chat.
    for (const text of ['2025 年的报告', '12']) {
      expect(await world.gate.handleMessage(world.wechat, { from: 'wxid_owner', direct: true, text }), text).toBe(
        false,
      );
    }
    world.wechat.reply(code);
    expect((await call).status).toBe('done');
  });

  it('full-width digits from a Chinese keyboard are the same code', async () => {
    world = gateWorld();
    const { call, code } = await ask(world);
    world.wechat.reply(code.replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d))));
    expect((await call).status).toBe('done');
  });

  it('runs exactly the params stored at request time', async () => {
    world = gateWorld();
    const params = { to: 'a@example.com', body: 'original' };
    const { call, code } = await ask(world, 'send_mail', params);
    params.to = 'attacker@example.com'; // the caller's object changes after the request
    params.body = 'changed';
    world.wechat.reply(code);
    await call;
    expect(world.runs('send_mail')).toEqual([JSON.stringify({ body: 'original', to: 'a@example.com' })]);
  });

  it('params changed in the database behind the gate: the code no longer matches', async () => {
    world = gateWorld();
    const { call, code } = await ask(world);
    world.store.db
      .prepare("UPDATE pending_approvals SET params = ? WHERE status = 'pending'")
      .run(JSON.stringify({ body: 'hello', to: 'attacker@example.com' }));
    for (let i = 0; i < 3; i++) {
      world.wechat.reply(code);
      await settle();
    }
    expect((await call).status).toBe('refused');
    expect(world.runs('send_mail')).toEqual([]);
  });

  it('the skill edited while waiting: asked again, and the new version runs on the new code', async () => {
    world = gateWorld();
    writeSkill(world.user, 'editable', scriptSkill({ risk: 'High', script: 'echo version-one' }));
    world.registry.loadAll();
    markReviewed(world.registry.get('editable')!, world.store.skillSettings);
    const first = world.wechat.nextSent(CODE);
    const call = world.caller.call({ name: 'editable', params: {}, source: 'chat' });
    const oldCode = codeIn(await first);
    writeSkill(world.user, 'editable', scriptSkill({ risk: 'High', script: 'echo version-two' }));
    world.registry.reload('user', ['editable']);
    const again = world.wechat.nextSent(CODE);
    world.wechat.reply(oldCode);
    const message = await again;
    expect(message).toMatch(/重新确认/);
    const newCode = codeIn(message);
    if (newCode !== oldCode) {
      world.wechat.reply(oldCode);
      await settle();
      expect(world.wechat.outbox.at(-1)).toBe('确认码错误，还剩 2 次。Wrong code: 2 tries left.');
    }
    world.wechat.reply(newCode);
    expect((await call).result).toMatchObject({ success: true, data: 'version-two' });
  });

  it('two parallel high-risk calls: one pending at a time, the other queued behind it', async () => {
    world = gateWorld();
    const firstSent = world.wechat.nextSent(CODE);
    const one = world.caller.call({ name: 'send_mail', params: { to: 'one' }, source: 'chat' });
    const two = world.caller.call({ name: 'run_shell', params: { to: 'two' }, source: 'job' });
    const firstCode = codeIn(await firstSent);
    await settle();
    expect(world.wechat.outbox).toHaveLength(1);
    expect(world.store.approvals.list({ status: 'queued' })).toHaveLength(1);
    const secondSent = world.wechat.nextSent(CODE);
    world.wechat.reply(firstCode);
    expect((await one).status).toBe('done');
    const secondMessage = await secondSent;
    expect(secondMessage).toContain('run_shell');
    world.wechat.reply(codeIn(secondMessage));
    expect((await two).status).toBe('done');
    expect(world.runs('send_mail')).toHaveLength(1);
    expect(world.runs('run_shell')).toHaveLength(1);
  });

  it('without WeChat: the in-app card approves by id (no code is sent); a WeChat approval cannot be', async () => {
    world = gateWorld({ wechatConnected: false });
    const sent = world.inApp.nextSent();
    const call = world.caller.call({ name: 'send_mail', params: mail, source: 'chat' });
    const card = await sent;
    expect(card).not.toMatch(/\d{6}/);
    const [open] = world.gate.openApprovals();
    expect(open).toMatchObject({ skillName: 'send_mail', status: 'pending', channel: 'in-app' });
    expect(JSON.stringify(open)).not.toMatch(/code/i);
    expect(await world.gate.decideInApp(open!.id, true)).toBe(true);
    expect((await call).status).toBe('done');

    world.wechat.connected = true;
    const viaWechat = await ask(world);
    const pending = world.store.approvals.activeForOwner('owner')!;
    expect(await world.gate.decideInApp(pending.id, true)).toBe(false);
    world.inApp.reply(viaWechat.code);
    await settle();
    expect(world.runs('send_mail')).toHaveLength(1);
    world.wechat.reply('取消');
    expect((await viaWechat.call).status).toBe('refused');
  });

  it('a user skill added outside the app runs as High until reviewed', async () => {
    world = gateWorld();
    writeSkill(world.user, 'my_tool', scriptSkill({ risk: 'Low', script: 'echo mine' }));
    world.registry.loadAll();
    const sent = world.wechat.nextSent(CODE);
    const call = world.caller.call({ name: 'my_tool', params: {}, source: 'chat' });
    const code = codeIn(await sent);
    world.wechat.reply(code);
    expect(await call).toMatchObject({ status: 'done', risk: 'high' });
    markReviewed(world.registry.get('my_tool')!, world.store.skillSettings);
    expect(await world.caller.call({ name: 'my_tool', params: {}, source: 'chat' })).toMatchObject({ risk: 'low' });
    fs.appendFileSync(path.join(world.user, 'my_tool', 'SKILL.md'), '\n<!-- edited outside the app -->\n');
    world.registry.reload('user', ['my_tool']);
    const resent = world.wechat.nextSent(CODE);
    const again = world.caller.call({ name: 'my_tool', params: {}, source: 'chat' });
    await resent;
    world.wechat.reply('0');
    expect(await again).toMatchObject({ status: 'refused', risk: 'high' });
  });

  it('bad arguments and unknown tools run nothing and ask nobody', async () => {
    world = gateWorld();
    writeSkill(
      world.system,
      'strict',
      countingSkill(world, 'strict').replace('"properties"', '"additionalProperties": false, "properties"'),
    );
    world.registry.loadAll();
    const bad = await world.caller.call({ name: 'strict', params: { nope: 1 }, source: 'chat' });
    expect(bad).toMatchObject({ status: 'error', result: { error: expect.stringMatching(/invalid arguments/) } });
    const unknown = await world.caller.call({ name: 'no_such', params: {}, source: 'chat' });
    expect(unknown.result.error).toBe('unknown tool "no_such"');
    expect(world.wechat.outbox).toEqual([]);
    expect(world.store.audit.get(bad.auditId)!.status).toBe('failed');
  });

  it('a stopped turn cancels its approval, and the code then runs nothing', async () => {
    world = gateWorld();
    const controller = new AbortController();
    const sent = world.wechat.nextSent(CODE);
    const call = world.caller.call({ name: 'send_mail', params: mail, source: 'chat', signal: controller.signal });
    const code = codeIn(await sent);
    controller.abort();
    expect((await call).status).toBe('cancelled');
    world.wechat.reply(code);
    await settle();
    expect(world.runs('send_mail')).toEqual([]);
  });

  it('a request stopped while its parts are being sent: the rest, and its code, are never sent', async () => {
    world = gateWorld();
    const body = Array.from({ length: 120 }, (_, i) => `line ${i + 1}: ${'正文 text '.repeat(4)}`).join('\n');
    // WeChat holds the first part until the test lets it go.
    const send = world.wechat.sendToOwner.bind(world.wechat);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let firstPart!: () => void;
    const sending = new Promise<void>((resolve) => (firstPart = resolve));
    let parts = 0;
    world.wechat.sendToOwner = async (text) => {
      if (parts++ === 0) {
        firstPart();
        await held;
      }
      return send(text);
    };
    const controller = new AbortController();
    const call = world.caller.call({
      name: 'send_mail',
      params: { to: 'boss@example.com', body },
      source: 'chat',
      signal: controller.signal,
    });
    await sending;
    controller.abort();
    expect((await call).status).toBe('cancelled');
    release();
    await settle();
    const sent = world.wechat.outbox;
    expect(sent.filter((text) => text.includes('（1/'))).toHaveLength(1);
    expect(sent).toContain('已取消：send_mail 不会执行。Cancelled: send_mail will not run.');
    // No part after the first: least of all the code of a call that will not run.
    expect(sent.filter((text) => /（[2-9]\//.test(text))).toEqual([]);
    expect(sent.some((text) => CODE.test(text))).toBe(false);
  });

  it('a call whose turn already stopped opens no approval and asks nobody', async () => {
    world = gateWorld();
    const asked = world.wechat.nextSent().then((text) => ({ asked: text }));
    const decision = world.gate.request({
      skill: world.registry.current('send_mail')!,
      params: mail,
      source: 'chat',
      signal: AbortSignal.abort(),
    });
    // Asked anyway, the request would wait for an answer that never comes: the message is what the test sees.
    expect(await Promise.race([decision, asked])).toEqual({
      status: 'cancelled',
      reason: 'the call was stopped',
      cause: 'stopped',
    });
    await settle();
    expect(world.store.approvals.list({ limit: 10 })).toEqual([]);
    expect(world.wechat.outbox).toEqual([]);
  });

  it('sending fails on WeChat: the approval goes to the in-app card instead, and says where it is', async () => {
    world = gateWorld();
    world.wechat.sendToOwner = async () => {
      throw new Error('WeChat send failed');
    };
    const card = world.inApp.nextSent();
    const call = world.caller.call({ name: 'send_mail', params: mail, source: 'chat' });
    expect(await card).toContain('send_mail');
    const [open] = world.gate.openApprovals();
    expect(open).toMatchObject({ channel: 'in-app', status: 'pending' });
    expect(await world.gate.decideInApp(open!.id, true)).toBe(true);
    expect((await call).status).toBe('done');
  });

  it('WeChat logs out while an approval waits: it moves to the desktop, the owner is told, the old code is dead', async () => {
    world = gateWorld();
    const { call, code } = await ask(world);
    world.wechat.connected = false;
    const moved = world.inApp.nextSent();
    await world.gate.channelDown('wechat');
    expect(await moved).toMatch(/微信 已断开.*moved here/s);
    const [open] = world.gate.openApprovals();
    expect(open).toMatchObject({ channel: 'in-app', status: 'pending', attemptsLeft: 3 });
    // The WeChat code no longer approves anything, even if WeChat comes back.
    world.wechat.connected = true;
    world.wechat.reply(code);
    await settle();
    expect(world.runs('send_mail')).toEqual([]);
    expect(await world.gate.decideInApp(open!.id, false)).toBe(true);
    const outcome = await call;
    expect(outcome.result.error).toBe('用户拒绝了你的调用：send_mail');
    // Refused on the card: the audit row says so, not "cancel or 3 wrong codes".
    expect(world.store.audit.get(outcome.auditId)).toMatchObject({
      status: 'refused',
      approvalOutcome: 'rejected',
      errorCode: { code: 'call-refused-in-app' },
    });
  });

  it('no channel can reach the owner: the call is cancelled, never left waiting', async () => {
    world = gateWorld({ wechatConnected: false });
    world.inApp.connected = false;
    const outcome = await world.caller.call({ name: 'send_mail', params: mail, source: 'chat' });
    expect(outcome.status).toBe('cancelled');
    expect(outcome.result.error).toMatch(/no approval channel/);
  });
});
