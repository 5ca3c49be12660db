/**
 * An approval code never reaches the model. The owner may type the code from WeChat into the app's
 * chat by mistake (the app is in front of them): that message is refused before anything is stored
 * or sent, with a word on where the code goes; the code still works in WeChat.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCoreApi, type CoreApi } from '../../../src/core/api/create-api.js';
import { InProcessChannel } from '../../../src/core/approval/in-process-channel.js';
import { openRuntime, type Runtime } from '../../../src/core/runtime.js';
import { countingSkill, otherProcessApproval, readRuns, type GateWorld } from '../../helpers/gate.js';
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

describe('an approval code typed into the app chat', () => {
  it('is refused before it is stored or sent to the model, and still approves in WeChat', async () => {
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
    expect(JSON.stringify(runtime.store.conversations.messages(first.conversationId))).not.toContain(code);

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
});
