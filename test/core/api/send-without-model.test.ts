/**
 * A chat message sent after the model became unusable (the key file opened to other users, the
 * settings cleared) is refused before anything is stored, with a code that says why: no empty
 * conversation is left, a conversation's history stays as it was, and nothing reaches the model.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { API_KEY_SECRET } from '../../../src/core/agent/providers.js';
import { ApiError } from '../../../src/core/api/api-error.js';
import { createCoreApi, type CoreApi } from '../../../src/core/api/create-api.js';
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

/** The refusal a call failed with (an ApiError), for its code. */
async function refusal(call: Promise<unknown>): Promise<ApiError> {
  const err = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

describe('a message sent when the model can no longer be used', () => {
  it('is refused before a conversation or the message is stored, saying why', async () => {
    const home = tempDir('ias-send-no-model-');
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
    const requests = model.requests.length;

    // The saved key's file opened to other users, after the page read the settings.
    const keyFile = path.join(runtime.paths.secrets, API_KEY_SECRET);
    fs.chmodSync(keyFile, 0o644);
    for (const sent of [{ text: 'a new question' }, { conversationId: first.conversationId, text: 'a follow-up' }]) {
      const err = await refusal(core.api.sendMessage(sent));
      expect(err.messageCode.code).toBe('no-usable-model');
      expect(err.message).toBe(
        `The message was not sent. The file that holds the saved API key, ${keyFile}, can be read by other users (mode 644), so iAs does not use it. Make it private with \`chmod 600 ${keyFile}\`, or save the key again in the settings.`,
      );
      if (err.messageCode.code !== 'no-usable-model') throw new Error('unreachable');
      expect(err.messageCode.params.messageCode).toEqual({
        code: 'api-key-file-open',
        params: { file: keyFile, mode: '644' },
      });
      expect(sayApiError(chineseApiErrors, err.message, err.messageCode)).toMatch(
        /^消息没有发送。保存 API 密钥的文件 .* 其他用户也能读取（权限 644）/,
      );
    }
    expect((await core.api.listConversations()).map((c) => c.id)).toEqual([first.conversationId]);
    expect(await core.api.getMessages(first.conversationId)).toEqual(history);

    // The model's settings removed altogether: said as no model set up.
    fs.chmodSync(keyFile, 0o600);
    runtime.store.settings.set('llm.provider', {});
    const err = await refusal(core.api.sendMessage({ text: 'anyone there?' }));
    expect(err.messageCode).toMatchObject({
      code: 'no-usable-model',
      params: { messageCode: { code: 'no-model-configured' } },
    });
    expect((await core.api.listConversations()).map((c) => c.id)).toEqual([first.conversationId]);
    expect(model.requests.length).toBe(requests);

    // Mended: the same text goes through.
    await core.api.saveProvider({ baseUrl: model.url, model: 'test-model' });
    model.enqueue({ content: 'Here.' });
    await expect(core.api.sendMessage({ text: 'anyone there?' })).resolves.toMatchObject({
      turnId: expect.any(String),
    });
  });
});
