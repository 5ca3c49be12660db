/**
 * A scheduled task's prompt with digits in it (a date, a phone number) runs while another iAs
 * process's approval waits. That approval's code cannot be checked here, so a chat message with 6
 * digits is kept from the model meanwhile (code-in-chat.test.ts); but a task's prompt was written
 * before that code existed, and the model that wrote it never sees codes: it is no code typed by
 * mistake, and the run must not fail for an approval it has nothing to do with.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { InProcessChannel } from '../../../src/core/approval/in-process-channel.js';
import { saveProvider } from '../../../src/core/agent/providers.js';
import { openRuntime, type Runtime } from '../../../src/core/runtime.js';
import { otherProcessApproval, type GateWorld } from '../../helpers/gate.js';
import { startModelServer, type ModelServer } from '../../helpers/model-server.js';

let runtime: Runtime | undefined;
let model: ModelServer | undefined;
let other: GateWorld | undefined;
afterEach(async () => {
  await runtime?.close();
  await model?.close();
  other?.close();
  runtime = model = other = undefined;
});

describe("a scheduled task while another process's approval waits", () => {
  it('runs its prompt with digits in it; a chat message with them is still kept from the model', async () => {
    // `ias serve` (or `ias chat`) on the data folder, its key unknown to this process, asks in WeChat.
    const waiting = await otherProcessApproval();
    other = waiting.world;
    const { call, code } = waiting;

    const desktop = new InProcessChannel({ name: 'desktop', inApp: true });
    runtime = await openRuntime({ home: other.home, systemSkills: other.system, channels: [desktop] });
    model = await startModelServer();
    saveProvider(runtime.store.settings, runtime.secrets, { baseUrl: model.url, model: 'test-model', apiKey: 'k' });

    // The owner's message with 6 digits in it is kept from the model while that approval waits.
    await expect(runtime.agent({ source: 'chat' }).send('call 13800138000')).rejects.toThrow(
      /6 digits in this message may be its code/,
    );
    expect(model.requests).toHaveLength(0);

    const prompt = 'Remind me to call 13800138000 about order 20261201';
    const task = runtime.scheduler.create(
      { name: 'call reminder', cron: '0 8 * * *', prompt, skills: [] },
      { knownSkills: [], createdBy: 'test' },
    );
    model.enqueue({ content: 'Call 13800138000 today.' });
    const { ran } = runtime.scheduler.runNow(task.id);
    await ran;
    expect(runtime.store.tasks.get(task.id)).toMatchObject({
      lastStatus: 'done',
      lastResult: 'Call 13800138000 today.',
    });
    expect(JSON.stringify(model.requests[0]?.body.messages)).toContain(prompt);
    expect(JSON.stringify(model.requests.map((r) => r.body))).not.toContain(code);

    other.wechat.reply(code);
    expect((await call).status).toBe('done');
  });
});
