/**
 * A message sent in the app into a conversation where another agent's turn is under way (WeChat's,
 * which is an agent of its own in the app's process) is refused as this window's own turn would be:
 * "a reply is still coming", in the UI's language, with nothing stored. Once that turn has ended,
 * the same text goes through.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/core/api/api-error.js';
import { createCoreApi, type CoreApi } from '../../../src/core/api/create-api.js';
import { openRuntime, type Runtime } from '../../../src/core/runtime.js';
import { chineseApiErrors } from '../../../src/shared/api-errors-zh-CN.js';
import { sayApiError } from '../../../src/shared/api-errors.js';
import type { IasEvent } from '../../../src/shared/contract.js';
import { startModelServer, type ModelServer } from '../../helpers/model-server.js';
import { heldCallSkill } from '../../helpers/held-call.js';
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

const pause = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("a message sent in the app while WeChat's turn runs in the same conversation", () => {
  it('is refused with nothing stored, and goes through once that turn has ended', async () => {
    const home = tempDir('ias-turn-elsewhere-');
    const system = path.join(home, 'system');
    const held = heldCallSkill(system, home);
    runtime = await openRuntime({ home, systemSkills: system, recover: true });
    const events: IasEvent[] = [];
    core = createCoreApi(runtime, { version: '0.0.0', schedule: false });
    core.events.on('event', (e) => events.push(e));
    model = await startModelServer();
    await core.api.saveProvider({ baseUrl: model.url, model: 'test-model', apiKey: 'k' });

    // WeChat's agent, made as the app makes it, runs a call in its conversation.
    const wechat = runtime.agent({ source: 'chat', toolTimeoutMs: 120_000 });
    model.enqueue(
      { toolCalls: [{ id: 'call_slow', name: 'slow_report', arguments: '{}' }] },
      { content: 'The report is ready.' },
    );
    const turn = wechat.send('make the report');
    await held.running();
    const conversationId = (await core.api.listConversations())[0]!.id;
    const history = await core.api.getMessages(conversationId);

    const err = await core.api.sendMessage({ conversationId: conversationId, text: 'and email it' }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ApiError);
    const refusal = err as ApiError;
    expect(refusal.messageCode).toEqual({ code: 'reply-in-progress', params: {} });
    expect(refusal.message).toBe('a reply is still coming in this conversation; stop it or wait');
    expect(sayApiError(chineseApiErrors, refusal.message, refusal.messageCode)).toBe(
      '这个对话还在回复中：请先停止，或等它回复完。',
    );
    expect(await core.api.getMessages(conversationId)).toEqual(history);
    expect(model.requests).toHaveLength(1);

    held.finish();
    expect((await turn).reply).toBe('The report is ready.');
    model.enqueue({ content: 'Sent.' });
    const sent = await core.api.sendMessage({ conversationId: conversationId, text: 'and email it' });
    while (!events.some((e) => e.type === 'chat' && e.turnId === sent.turnId && e.event.kind === 'done')) await pause();
    const stored = await core.api.getMessages(conversationId);
    expect(stored.slice(-4).map((m) => [m.role, m.content])).toEqual([
      ['tool', expect.stringContaining('report-ready')],
      ['assistant', 'The report is ready.'],
      ['user', 'and email it'],
      ['assistant', 'Sent.'],
    ]);
  });
});
