/**
 * An approval code never reaches the model. The owner may type the code from WeChat into the app's
 * chat by mistake (the app is in front of them): that message is refused before anything is stored
 * or sent, with a word on where the code goes; the code still works in WeChat.
 * That refusal tells whether a number was the code (a message of 100,000 digits would try 100,000
 * codes at once), so past an approval's budget of compared numbers a message with 6 digits or more
 * is held ('numbers-held-for-approval') without comparing, with the same words whether the code is
 * among them or not, in the app's chat as in `ias chat`; a few numbers still go to the model.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCoreApi, type CoreApi } from '../../../src/core/api/create-api.js';
import { ApiError } from '../../../src/core/api/api-error.js';
import { InProcessChannel } from '../../../src/core/approval/in-process-channel.js';
import { numbersHeldText } from '../../../src/core/approval/messages.js';
import { openRuntime, type Runtime } from '../../../src/core/runtime.js';
import { CODE, codeIn, countingSkill, otherProcessApproval, readRuns, type GateWorld } from '../../helpers/gate.js';
import { startModelServer, type ModelServer } from '../../helpers/model-server.js';
import { tempDir, writeSkill } from '../../helpers/temp.js';

let runtime: Runtime | undefined;
let core: CoreApi | undefined;
let model: ModelServer | undefined;
let other: GateWorld | undefined;
afterEach(async () => {
  await core?.close();
  await runtime?.close();
  await model?.close();
  other?.close();
  runtime = core = model = other = undefined;
});

/** A core whose approvals go to the owner's WeChat (`send_mail` is high-risk), and a model server. */
async function withWechat(): Promise<{ home: string; wechat: InProcessChannel; core: CoreApi; model: ModelServer }> {
  const home = tempDir('ias-code-chat-');
  const system = path.join(home, 'system');
  fs.mkdirSync(system);
  writeSkill(system, 'send_mail', countingSkill({ home }, 'send_mail'));
  const wechat = new InProcessChannel({ name: 'wechat', owner: 'wxid_owner' });
  const desktop = new InProcessChannel({ name: 'desktop', inApp: true });
  runtime = await openRuntime({ home, systemSkills: system, channels: [wechat, desktop], recover: true });
  core = createCoreApi(runtime, { version: '0.0.0', schedule: false });
  model = await startModelServer();
  await core.api.saveProvider({ baseUrl: model.url, model: 'test-model', apiKey: 'k' });
  return { home, wechat, core, model };
}

/** How many numbers one message of a search holds: as many as fit in a message (90,000 characters). */
const FLOOD = 10_000;

/** FLOOD six-digit numbers from `start` up (the first 60,000 digits of a search), as one message. */
const flood = (start: number) =>
  Array.from({ length: FLOOD }, (_, i) => String((start + i) % 1_000_000).padStart(6, '0')).join(' x ');

/** How a refused message was answered: its words and its code. */
const refusal = async (sent: Promise<unknown>) => {
  const err = await sent.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  const { message, messageCode } = err as ApiError;
  return { message, messageCode };
};

describe('an approval code typed into the app chat', () => {
  it('is refused before it is stored or sent to the model, and still approves in WeChat', async () => {
    const { home, wechat, core, model } = await withWechat();

    model.enqueue({ toolCalls: [{ name: 'send_mail', arguments: '{"to":"boss@example.com"}' }] }, { content: 'Sent.' });
    const asked = wechat.nextSent(/确认码 Code：/);
    const first = await core.api.sendMessage({ text: 'mail the boss' });
    const code = /确认码 Code：(\d{6})/.exec(await asked)![1]!;

    const requestsBefore = model.requests.length;
    for (const text of [code, `the code is ${code}`, `${code.slice(0, 3)} ${code.slice(3)}`]) {
      await expect(core.api.sendMessage({ text })).rejects.toThrow(/approval code.*WeChat/);
      await expect(core.api.sendMessage({ conversationId: first.conversationId, text })).rejects.toThrow(
        /approval code/,
      );
    }
    expect(model.requests.length).toBe(requestsBefore);
    expect(JSON.stringify(model.requests.map((r) => r.body))).not.toContain(code);
    const conversations = await core.api.listConversations();
    expect(conversations.map((c) => c.id)).toEqual([first.conversationId]);
    expect(JSON.stringify(runtime!.store.conversations.messages(first.conversationId))).not.toContain(code);

    // The owner answers where the code was sent: it runs.
    wechat.reply(code);
    await expect.poll(() => readRuns(home, 'send_mail').length).toBe(1);
    // Six digits with no approval waiting are an ordinary message.
    await expect.poll(() => runtime!.gate.openApprovals().length).toBe(0);
    model.enqueue({ content: 'A number.' });
    await expect(core.api.sendMessage({ text: code })).resolves.toMatchObject({ turnId: expect.any(String) });
  });

  it("keeps any 6 digits from the model while another process's approval, whose code it cannot check, waits", async () => {
    // `ias serve` (or `ias chat`) on the data folder, its key unknown to the app, asks in WeChat.
    const waiting = await otherProcessApproval();
    other = waiting.world;
    const { call, code } = waiting;

    const desktop = new InProcessChannel({ name: 'desktop', inApp: true });
    runtime = await openRuntime({ home: other.home, systemSkills: other.system, channels: [desktop] });
    core = createCoreApi(runtime, { version: '0.0.0', schedule: false });
    model = await startModelServer();
    await core.api.saveProvider({ baseUrl: model.url, model: 'test-model', apiKey: 'k' });
    for (const text of [code, `the code is ${code}`, `${code.slice(0, 3)}-${code.slice(3)}`]) {
      await expect(core.api.sendMessage({ text })).rejects.toThrow(/6 digits in this message may be its code/);
    }
    expect(model.requests).toHaveLength(0);
    expect(await core.api.listConversations()).toEqual([]);

    // Answered in WeChat, it runs; then six digits are an ordinary message again.
    other.wechat.reply(code);
    expect((await call).status).toBe('done');
    model.enqueue({ content: 'A number.' });
    await expect(core.api.sendMessage({ text: code })).resolves.toMatchObject({ turnId: expect.any(String) });
  });

  it('numbers past the budget are held without comparing: the same answer with or without the code', async () => {
    const { home, wechat, core, model } = await withWechat();

    model.enqueue({ toolCalls: [{ name: 'send_mail', arguments: '{"to":"boss@example.com"}' }] });
    let asked = wechat.nextSent(CODE);
    const first = await core.api.sendMessage({ text: 'mail the boss' });
    const code = codeIn(await asked);

    // A phone number while the approval waits goes to the model, as ever.
    model.enqueue({ content: 'Noted.' });
    await core.api.sendMessage({ text: 'call me at 13800138000' });
    await expect.poll(() => model!.requests.length).toBe(2);
    expect(JSON.stringify(model.requests[1]!.body)).toContain('13800138000');
    // The code in a short message is refused as the code.
    expect((await refusal(core.api.sendMessage({ text: `the code is ${code}` }))).messageCode.code).toBe(
      'code-in-chat',
    );

    // A search through every code from 000000 on, FLOOD at a time: the one holding it is held as
    // the others are, and so is the code alone afterwards.
    const start = Math.floor(Number(code) / FLOOD) * FLOOD;
    const held = await refusal(core.api.sendMessage({ text: flood(start) }));
    expect(held.messageCode.code).toBe('numbers-held-for-approval');
    expect(held.message).toMatch(/An approval is waiting.*numbers of 6 digits or more are held/);
    expect(await refusal(core.api.sendMessage({ text: flood(start + FLOOD) }))).toEqual(held);
    expect(await refusal(core.api.sendMessage({ text: code }))).toEqual(held);
    expect(await refusal(core.api.sendMessage({ conversationId: first.conversationId, text: code }))).toEqual(held);
    // In `ias chat`, said as the other refusals are.
    await expect(runtime!.agent({ source: 'chat' }).send(flood(start))).rejects.toThrow(numbersHeldText());
    // Nothing held was stored or sent; words without such numbers still go.
    expect(model.requests).toHaveLength(2);
    expect((await core.api.listConversations()).length).toBe(2);
    model.enqueue({ content: 'Sunny.' });
    await core.api.sendMessage({ text: 'What is the weather like?' });
    await expect.poll(() => model!.requests.length).toBe(3);
    expect(JSON.stringify(model.requests.map((r) => r.body))).not.toContain(code);

    // The code still approves in WeChat.
    model.enqueue({ content: 'Sent.' });
    wechat.reply(code);
    await expect.poll(() => readRuns(home, 'send_mail').length).toBe(1);

    // The next approval has a budget of its own: its code is told from other numbers again, and a
    // flood without it is answered as the one with the first code was.
    await expect.poll(() => runtime!.gate.openApprovals().length).toBe(0);
    model.enqueue({ toolCalls: [{ name: 'send_mail', arguments: '{"to":"team@example.com"}' }] });
    asked = wechat.nextSent(CODE);
    await core.api.sendMessage({ text: 'mail the team' });
    const next = codeIn(await asked);
    expect((await refusal(core.api.sendMessage({ text: next }))).messageCode.code).toBe('code-in-chat');
    const other = (Number(next) + 500_000) % 1_000_000;
    expect(await refusal(core.api.sendMessage({ text: flood(other - (other % FLOOD)) }))).toEqual(held);
    model.enqueue({ content: 'Not sent.' });
    wechat.reply('0');
    await expect.poll(() => runtime!.gate.openApprovals().length).toBe(0);
  });
});
