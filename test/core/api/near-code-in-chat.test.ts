/**
 * A number alone that misses the waiting approval's code by a digit (one mistyped, dropped, added
 * or swapped; in groups, in full-width digits) is what the owner meant as the code. WeChat holds it
 * as such (see ApprovalGate.handleMessage); typed into the app's chat or `ias chat` by mistake, it
 * must not reach the model either, which would learn most of the code. Refused before anything is
 * stored or sent, saying approvals are answered in WeChat; the code still works there.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/core/api/api-error.js';
import { createCoreApi, type CoreApi } from '../../../src/core/api/create-api.js';
import { InProcessChannel } from '../../../src/core/approval/in-process-channel.js';
import { MessageRefusedError } from '../../../src/core/agent/message-refused.js';
import { openRuntime, type Runtime } from '../../../src/core/runtime.js';
import { chineseApiErrors } from '../../../src/shared/api-errors-zh-CN.js';
import { CODE, codeIn, countingSkill, readRuns } from '../../helpers/gate.js';
import { startModelServer, type ModelServer } from '../../helpers/model-server.js';
import { tempDir, writeSkill } from '../../helpers/temp.js';

let runtime: Runtime | undefined;
let core: CoreApi | undefined;
let model: ModelServer | undefined;
afterEach(async () => {
  await core?.close();
  await runtime?.close();
  await model?.close();
  runtime = core = model = undefined;
});

/** The code with its digit at `i` changed. */
const mistyped = (code: string, i: number) => code.slice(0, i) + String((Number(code[i]) + 1) % 10) + code.slice(i + 1);
/** The code with its first two neighbouring digits that differ swapped (swapping equal ones is the code). */
const swapped = (code: string) => {
  const i = [...code].findIndex((d, j) => j > 0 && d !== code[j - 1]);
  return i < 0 ? undefined : code.slice(0, i - 1) + code[i] + code[i - 1] + code.slice(i + 1);
};
/**
 * The code with one digit typed twice: the first whose 7 digits do not hold the code itself (doubling
 * a digit of a run that reaches either end, as the 4 of 123444, leaves the code in a window).
 */
const typedTwice = (code: string) =>
  [...code].map((_, i) => code.slice(0, i + 1) + code.slice(i)).find((text) => !text.includes(code));
const fullWidth = (digits: string) => digits.replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d)));

describe('a near-miss of the approval code typed into the app chat', () => {
  it('is refused before it is stored or sent to the model, and the code still approves in WeChat', async () => {
    const home = tempDir('ias-near-code-');
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
    const asked = wechat.nextSent(CODE);
    const first = await core.api.sendMessage({ text: 'mail the boss' });
    const code = codeIn(await asked);

    const nearMisses = [
      mistyped(code, 5), // the last digit wrong
      code.slice(0, 5), // one dropped
      typedTwice(code), // one typed twice
      swapped(code), // two swapped
      `${code.slice(0, 3)} ${mistyped(code, 4).slice(3)}`, // in groups
      fullWidth(mistyped(code, 0)), // full-width
      ` ${code.slice(1)} `,
    ].filter((text): text is string => text !== undefined);
    expect(nearMisses).not.toContain(code);
    const requestsBefore = model.requests.length;
    for (const text of nearMisses) {
      const refused = await core.api.sendMessage({ text }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(refused, text).toBeInstanceOf(ApiError);
      expect((refused as ApiError).messageCode.code).toBe('near-code-in-chat');
      expect((refused as ApiError).message).toMatch(/WeChat.*not sent to the model/);
      await expect(core.api.sendMessage({ conversationId: first.conversationId, text })).rejects.toThrow(
        /not sent to the model/,
      );
      // In `ias chat` (the agent itself), refused as well, before anything is stored.
      await expect(runtime.agent({ source: 'chat' }).send(text)).rejects.toBeInstanceOf(MessageRefusedError);
    }
    expect(chineseApiErrors['near-code-in-chat']({})).toMatch(/微信.*没有发给模型/);

    expect(model.requests.length).toBe(requestsBefore);
    const sent = JSON.stringify(model.requests.map((r) => r.body));
    for (const text of nearMisses) expect(sent).not.toContain(text.trim());
    expect(sent).not.toContain(code.slice(0, 5));
    expect((await core.api.listConversations()).map((c) => c.id)).toEqual([first.conversationId]);

    expect(JSON.stringify(runtime.store.conversations.messages(first.conversationId))).not.toContain(code.slice(0, 5));

    // Numbers among other words still go to the model while the approval waits.
    model.enqueue({ content: 'Noted.' });
    await core.api.sendMessage({ text: 'room 4521 on floor 3' });
    await expect.poll(() => model!.requests.length).toBe(requestsBefore + 1);

    // The code, answered where it was sent, still runs the call.
    wechat.reply(code);
    await expect.poll(() => readRuns(home, 'send_mail').length).toBe(1);
    // With no approval waiting, a number alone is an ordinary message.
    await expect.poll(() => runtime!.gate.openApprovals().length).toBe(0);
    model.enqueue({ content: 'A number.' });
    await expect(core.api.sendMessage({ text: code.slice(0, 5) })).resolves.toMatchObject({
      turnId: expect.any(String),
    });
  });
});
