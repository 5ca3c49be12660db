/**
 * A chat message past the size limit sent through the contract (the app, `ias serve`'s web UI) is
 * refused by the core with a code the UI says in its language, before a conversation or the message
 * is stored; the transports' own checks leave its length to the core.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/core/api/api-error.js';
import { createCoreApi, type CoreApi } from '../../../src/core/api/create-api.js';
import { callRefusal } from '../../../src/core/api/validate-call.js';
import { openRuntime, type Runtime } from '../../../src/core/runtime.js';
import { chineseApiErrors } from '../../../src/shared/api-errors-zh-CN.js';
import { sayApiError } from '../../../src/shared/api-errors.js';
import type { IasEvent } from '../../../src/shared/contract.js';
import { startModelServer, type ModelServer } from '../../helpers/model-server.js';
import { tempDir } from '../../helpers/temp.js';

let runtime: Runtime | undefined;
let core: CoreApi | undefined;
let model: ModelServer | undefined;
afterEach(async () => {
  await core?.close();
  await runtime?.close();
  await model?.close();
  runtime = core = model = undefined;
});

describe('a chat message past the size limit', () => {
  it('is refused with its code before anything is stored or sent', async () => {
    const home = tempDir('ias-message-size-');
    const system = path.join(home, 'system');
    fs.mkdirSync(system);
    runtime = await openRuntime({ home, systemSkills: system, recover: true });
    const events: IasEvent[] = [];
    core = createCoreApi(runtime, { version: '0.0.0', schedule: false });
    core.events.on('event', (e) => events.push(e));
    model = await startModelServer();
    await core.api.saveProvider({ baseUrl: model.url, model: 'test-model', apiKey: 'k' });

    model.enqueue({ content: 'Hello.' });
    const first = await core.api.sendMessage({ text: 'hello' });
    await expect
      .poll(() => events.some((e) => e.type === 'chat' && e.turnId === first.turnId && e.event.kind === 'done'))
      .toBe(true);
    const history = await core.api.getMessages(first.conversationId);

    const long = 'x'.repeat(100_001);
    // The transports pass it on: the core says why, in the UI's language.
    expect(callRefusal('sendMessage', [{ text: long }])).toBeUndefined();
    for (const sent of [{ text: long }, { conversationId: first.conversationId, text: long }]) {
      const err = await core.api.sendMessage(sent).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(ApiError);
      const { message, messageCode } = err as ApiError;
      expect(messageCode).toEqual({ code: 'message-too-long', params: { max: 100_000 } });
      expect(sayApiError(chineseApiErrors, message, messageCode)).toBe(
        '消息太长：iAs 一条消息最多发送 100,000 个字符。这条消息没有发送；请缩短它，或分成几条发送。',
      );
    }
    expect((await core.api.listConversations()).map((c) => c.id)).toEqual([first.conversationId]);
    expect(await core.api.getMessages(first.conversationId)).toEqual(history);
    expect(model.requests).toHaveLength(1);
  });
});
