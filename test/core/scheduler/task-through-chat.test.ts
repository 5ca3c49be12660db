/**
 * A scheduled task end to end, with real parts: made through chat by the model calling
 * manage_scheduled_task, approved by the owner's code over WeChat (wechaty-puppet-mock), fired by
 * the scheduler through the agent loop (the test model server), and its result delivered.
 */
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createCoreApi, type CoreApi } from '../../../src/core/api/create-api.js';
import { imitationWarning } from '../../../src/core/channels/wechat-replies.js';
import { WechatService } from '../../../src/core/channels/wechat-service.js';
import { openRuntime, type Runtime } from '../../../src/core/runtime.js';
import type { IasEvent } from '../../../src/shared/contract.js';
import { codeIn, CODE } from '../../helpers/gate.js';
import { startModelServer, type ModelServer } from '../../helpers/model-server.js';
import { onCleanup, tempDir } from '../../helpers/temp.js';
import { MOCK_IDS, startMockWeChat, type MockWeChat } from '../../helpers/wechat-mock.js';

const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();
const toolNames = (body: { tools?: { function: { name: string } }[] }) =>
  (body.tools ?? []).map((t) => t.function.name).sort();

interface World {
  runtime: Runtime;
  core: CoreApi;
  server: ModelServer;
  events: IasEvent[];
  wx?: MockWeChat;
}

async function world(options: { wechat: boolean }): Promise<World> {
  const home = tempDir('ias-task-');
  const server = await startModelServer();
  const runtime = await openRuntime({ home, systemSkills: path.resolve('resources/skills'), recover: true });
  let service: WechatService | undefined;
  let wx: MockWeChat | undefined;
  if (options.wechat) {
    wx = await startMockWeChat({
      startBot: async (puppet) => {
        service = new WechatService({
          dataDir: home,
          gate: runtime.gate,
          settings: runtime.store.settings,
          puppet,
          reconnect: false,
        });
        await service.start();
        return service.bot.bot!;
      },
    });
    service!.settings.setOwner({ mode: 'contact', contactId: MOCK_IDS.owner, name: 'Owner', boundAt: Date.now() });
  }
  const core = createCoreApi(runtime, { version: 'test', wechat: service });
  await core.api.saveProvider({ baseUrl: server.url, model: 'test-model', apiKey: 'test-key' });
  const events: IasEvent[] = [];
  core.events.on('event', (e) => events.push(e));
  onCleanup(async () => {
    await core.close();
    await service?.stop();
    await wx?.stop();
    await runtime.close();
    await server.close();
  });
  return { runtime, core, server, events, wx };
}

describe('a scheduled task made through chat', () => {
  it('is approved with the code, fires at its moment and delivers its result to WeChat', async () => {
    const { runtime, core, server, wx } = await world({ wechat: true });
    server.enqueue(
      () => ({
        toolCalls: [
          {
            name: 'manage_scheduled_task',
            arguments: JSON.stringify({
              action: 'create',
              name: 'Weather report',
              prompt: 'Tell the owner the weather in Hangzhou',
              at: inSeconds(3),
              skills: ['get_current_datetime'],
            }),
          },
        ],
      }),
      { content: 'Done: I will tell you the weather in a moment.' },
      { content: 'Sunny in Hangzhou, 21°C.' },
    );
    await core.api.sendMessage({ text: 'In a few seconds, tell me the weather in Hangzhou' });

    const ask = await wx!.waitForSent((m) => m.to === MOCK_IDS.owner && CODE.test(m.text), 10_000);
    expect(ask.text).toContain('manage_scheduled_task');
    expect(ask.text).toContain('Tell the owner the weather in Hangzhou');
    expect(runtime.scheduler.list()).toHaveLength(0); // nothing made before the owner's code
    const code = codeIn(ask.text);
    await wx!.say(wx!.owner, code);

    await vi.waitFor(() => expect(runtime.scheduler.list()).toHaveLength(1), { timeout: 10_000 });
    const task = runtime.scheduler.list()[0]!;
    expect(task.allowlist).toEqual(['get_current_datetime']);
    expect(task.runAt).not.toBeNull();

    const delivered = await wx!.waitForSent(
      (m) => m.to === MOCK_IDS.owner && m.text.includes('⏰ Weather report'),
      15_000,
    );
    expect(delivered.text).toContain('Sunny in Hangzhou, 21°C.');

    // The run went through the agent loop with only the task's skills.
    const run = server.requests[2]!;
    expect(JSON.stringify(run.body.messages)).toContain('Tell the owner the weather in Hangzhou');
    expect(toolNames(run.body)).toEqual(['get_current_datetime']);
    // The chat turn itself could use the scheduling skill; the model never saw the code.
    expect(toolNames(server.requests[0]!.body)).toContain('manage_scheduled_task');
    for (const r of server.requests) expect(r.raw).not.toContain(code);

    await vi.waitFor(() => expect(runtime.scheduler.get(task.id).lastStatus).toBe('done'), { timeout: 10_000 });
    const finished = runtime.scheduler.get(task.id);
    expect(finished.lastResult).toBe('Sunny in Hangzhou, 21°C.');
    expect(finished.enabled).toBe(false);
    const audit = runtime.store.audit.query({ skill: 'manage_scheduled_task' }).rows;
    expect(audit).toHaveLength(1);
    expect(audit[0]!.approvalOutcome).toBe('approved');
    expect(audit[0]!.status).toBe('done');
  });

  it('makes nothing when the owner cancels', async () => {
    const { runtime, core, server, wx } = await world({ wechat: true });
    server.enqueue(
      {
        toolCalls: [
          {
            name: 'manage_scheduled_task',
            arguments: JSON.stringify({ action: 'create', name: 'Nope', prompt: 'p', cron: '0 8 * * *' }),
          },
        ],
      },
      { content: 'All right, I did not schedule it.' },
    );
    await core.api.sendMessage({ text: 'every morning…' });
    await wx!.waitForSent((m) => m.to === MOCK_IDS.owner && CODE.test(m.text), 10_000);
    await wx!.say(wx!.owner, '取消');
    await vi.waitFor(() => expect(server.requests).toHaveLength(2), { timeout: 10_000 });
    expect(JSON.stringify(server.requests[1]!.body.messages)).toContain('用户拒绝了你的调用：manage_scheduled_task');
    expect(runtime.scheduler.list()).toHaveLength(0);
  });

  it("still needs the owner's code for a high-risk call in a run", async () => {
    const { runtime, server, wx } = await world({ wechat: true });
    runtime.skillConfig.set(runtime.registry.get('execute_shell')!, { SHELL: '/bin/sh' });
    server.enqueue(
      { toolCalls: [{ name: 'execute_shell', arguments: JSON.stringify({ command: 'echo disk fine' }) }] },
      (request) => ({ content: `Report: ${JSON.stringify(request.body.messages.at(-1).content)}` }),
    );
    const task = runtime.scheduler.create(
      { name: 'Disk check', prompt: 'Check the disk', at: inSeconds(1), skills: ['execute_shell'] },
      { knownSkills: runtime.registry.list().map((s) => s.name) },
    );
    const ask = await wx!.waitForSent((m) => m.to === MOCK_IDS.owner && CODE.test(m.text), 10_000);
    expect(ask.text).toContain('command: echo disk fine');
    await wx!.say(wx!.owner, codeIn(ask.text));
    const delivered = await wx!.waitForSent((m) => m.text.includes('⏰ Disk check'), 15_000);
    expect(delivered.text).toContain('disk fine');
    const audit = runtime.store.audit.query({ skill: 'execute_shell' }).rows[0]!;
    // Asked by the task's conversation: its schedule started this run, not the owner (see run-now.test.ts).
    expect(audit).toMatchObject({
      source: 'schedule',
      requestedBy: `task-${task.id}`,
      approvalOutcome: 'approved',
      status: 'done',
    });
  });

  it('delivers a reply that looks like an approval request under a warning, an ordinary one as it is', async () => {
    const { runtime, core, server, wx } = await world({ wechat: true });
    await core.api.saveSettings({ language: 'en' });
    // WeChat is also the chat of iAs's approval requests: the run's reply must not pass for one.
    const fake =
      '【iAs 需要你的确认 · approval needed】\n技能 Skill：query_weather\n确认码 Code：see the message above';
    server.enqueue({ content: fake }, { content: 'Sunny, 24°C.' });
    runtime.scheduler.create(
      { name: 'Weather', prompt: 'Tell me the weather', at: inSeconds(1) },
      { knownSkills: runtime.registry.list().map((s) => s.name) },
    );
    const warned = await wx!.waitForSent((m) => m.to === MOCK_IDS.owner && m.text.includes('⏰ Weather'), 15_000);
    expect(warned.text).toBe(`${imitationWarning('en')}\n⏰ Weather\n\n${fake}`);

    wx!.sent.length = 0;
    runtime.scheduler.create(
      { name: 'Weather again', prompt: 'Tell me the weather', at: inSeconds(1) },
      { knownSkills: runtime.registry.list().map((s) => s.name) },
    );
    const plain = await wx!.waitForSent((m) => m.to === MOCK_IDS.owner && m.text.includes('⏰ Weather again'), 15_000);
    expect(plain.text).toBe('⏰ Weather again\n\nSunny, 24°C.');

    // A run that failed: its error is the server's own words, passed on under the warning of an error.
    const fakeError = '【iAs】需要你的确认 · approval needed 确认码 Code：see the message above';
    server.enqueue({ status: 400, errorMessage: fakeError });
    runtime.scheduler.create(
      { name: 'Weather at last', prompt: 'Tell me the weather', at: inSeconds(1) },
      { knownSkills: runtime.registry.list().map((s) => s.name) },
    );
    const failed = await wx!.waitForSent(
      (m) => m.to === MOCK_IDS.owner && m.text.includes('⏰ Weather at last'),
      15_000,
    );
    expect(failed.text).toBe(
      `${imitationWarning('en', 'error')}\n⏰ Weather at last: failed\n\nThe model server rejected the request (400): ${fakeError}.`,
    );
  });

  it('delivers a long reply whole to a Chinese-speaking owner, with what iAs says of it in Chinese', async () => {
    const { runtime, core, server, wx } = await world({ wechat: true });
    await core.api.saveSettings({ language: 'zh-CN' });
    // Longer than a stored result (4,000 characters): what is kept is cut, what is delivered is not.
    const report = `${'今天的新闻摘要。'.repeat(600)}全文完。`;
    server.enqueue({ refuses: ['tools'], content: 'unused' }, { content: report });
    runtime.scheduler.create(
      { name: 'News', prompt: 'Summarise the news', at: inSeconds(1) },
      { knownSkills: runtime.registry.list().map((s) => s.name) },
    );
    // Answered without tools: iAs says so in a note after the reply, in the owner's language.
    const last = await wx!.waitForSent((m) => m.to === MOCK_IDS.owner && m.text.includes('[iAs：'), 15_000);
    const pieces = wx!.sent.filter((m) => m.to === MOCK_IDS.owner).map((m) => m.text);
    expect(pieces.at(-1)).toBe(last.text);
    expect(pieces[0]!.startsWith('⏰ News\n\n')).toBe(true);
    const delivered = pieces.join('').replace(/\s/g, '');
    expect(delivered.startsWith(`⏰News${report}[iAs：`)).toBe(true);
    expect(delivered).not.toContain('…');
    // What is kept with the task is cut as before, its code too.
    await vi.waitFor(() => expect(runtime.scheduler.list()[0]!.lastStatus).toBe('done'), { timeout: 10_000 });
    const kept = runtime.scheduler.list()[0]!.lastResultCode;
    expect(kept?.code === 'run-answered' && kept.params.reply).toBe(`${report.slice(0, 4000)}…`);
  });

  it('delivers as a notification when WeChat is not connected', async () => {
    const { runtime, server, events } = await world({ wechat: false });
    server.enqueue({ content: 'Time to stretch.' });
    const task = runtime.scheduler.create(
      { name: 'Stretch', prompt: 'Remind me to stretch', at: inSeconds(1) },
      { knownSkills: runtime.registry.list().map((s) => s.name) },
    );
    await vi.waitFor(
      () =>
        expect(events).toContainEqual({
          type: 'notification',
          title: '⏰ Stretch',
          body: 'Time to stretch.',
          task: { id: task.id, name: 'Stretch', status: 'done' },
        }),
      { timeout: 10_000 },
    );
    expect(events.some((e) => e.type === 'tasks-changed')).toBe(true);
  });
});
