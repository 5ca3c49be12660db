/**
 * A chat message past the size limit sent through the contract (the app, `ias serve`'s web UI) is
 * refused by the core with a code the UI says in its language, before a conversation or the message
 * is stored; the transports' own checks leave its length to the core.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/core/api/api-error.js';
import { callRefusal } from '../../../src/core/api/validate-call.js';
import { chineseApiErrors } from '../../../src/shared/api-errors-zh-CN.js';
import { sayApiError } from '../../../src/shared/api-errors.js';
import { apiWorld, type ApiWorld } from '../../helpers/core-api.js';
import { startModelServer, type ModelServer } from '../../helpers/model-server.js';

let w: ApiWorld | undefined;
let model: ModelServer | undefined;
afterEach(async () => {
  await w?.close();
  await model?.close();
  w = model = undefined;
});

describe('a chat message past the size limit', () => {
  it('is refused with its code before anything is stored or sent', async () => {
    w = await apiWorld();
    const { api } = w.core;
    model = await startModelServer();
    await api.saveProvider({ baseUrl: model.url, model: 'test-model', apiKey: 'k' });
    model.enqueue({ content: 'Hello.' });
    const first = await api.sendMessage({ text: 'hello' });
    await expect
      .poll(() => w!.events.some((e) => e.type === 'chat' && e.turnId === first.turnId && e.event.kind === 'done'))
      .toBe(true);
    const history = await api.getMessages(first.conversationId);

    const long = 'x'.repeat(100_001);
    // The transports pass it on: the core says why, in the UI's language.
    expect(callRefusal('sendMessage', [{ text: long }])).toBeUndefined();
    for (const sent of [{ text: long }, { conversationId: first.conversationId, text: long }]) {
      const err = await api.sendMessage(sent).then(
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
    expect((await api.listConversations()).map((c) => c.id)).toEqual([first.conversationId]);
    expect(await api.getMessages(first.conversationId)).toEqual(history);
    expect(model.requests).toHaveLength(1);
  });
});
