/**
 * Shutting down gracefully (the app quitting through the runtime's close, `ias serve` on SIGTERM)
 * stops the turns under way: each is stored as stopped, and none reads as cut off after a restart.
 * It stops the calls gone on in the background too, rather than wait for their approvals or scripts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProviderConfig } from '../../../src/core/agent/providers.js';
import { createCoreApi } from '../../../src/core/api/create-api.js';
import { DesktopChannel } from '../../../src/core/channels/desktop-channel.js';
import { openRuntime } from '../../../src/core/runtime.js';
import { openStore } from '../../../src/core/store/index.js';
import type { IasEvent } from '../../../src/shared/contract.js';
import { startModelServer, type ModelServer } from '../../helpers/model-server.js';
import { onCleanup, scriptSkill, tempDir, writeSkill } from '../../helpers/temp.js';
import { openSocket } from '../../server/helpers.js';
import { startServe } from '../../server/serve-process.js';

let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const pause = () => new Promise((resolve) => setTimeout(resolve, 20));

async function world() {
  server = await startModelServer();
  const home = tempDir('ias-turns-');
  const system = path.join(home, 'system');
  const started = path.join(home, 'started');
  writeSkill(
    system,
    'slow_report',
    scriptSkill({ description: 'Takes long.', script: `touch '${started}'\nsleep 30` }),
  );
  const provider = (): ProviderConfig => ({
    baseUrl: server!.url,
    model: 'test-model',
    apiKey: 'sk-test',
    from: { baseUrl: 'env', model: 'env', apiKey: 'env' },
  });
  /** What is stored of the conversation, read after a restart (which marks turns cut off). */
  const afterRestart = async (conversationId: string) => {
    const runtime = await openRuntime({ home, systemSkills: system, recover: true });
    const stored = runtime.store.conversations.messages(conversationId).map((m) => [m.role, m.content, m.shown]);
    await runtime.close();
    return stored;
  };
  const skillStarted = async () => {
    while (!fs.existsSync(started)) await pause();
  };
  // A high-risk skill: its approval waits in the app.
  const ran = path.join(home, 'ran');
  writeSkill(system, 'wipe_disk', scriptSkill({ description: 'Wipes.', risk: 'High', script: `touch '${ran}'` }));
  return { server, home, system, provider, afterRestart, skillStarted, ran };
}

describe('graceful shutdown and the turns under way', () => {
  it('closing the runtime (the app quitting) stops a turn waiting for its reply: stored as stopped', async () => {
    const w = await world();
    const runtime = await openRuntime({ home: w.home, systemSkills: w.system, recover: true });
    w.server.enqueue({ delayMs: 60_000, content: 'never sent' });
    const sent = runtime.agent({ provider: w.provider }).send('are you there?');
    while (w.server.requests.length === 0) await pause();
    await runtime.close();
    const turn = await sent;
    expect(turn.stopped).toBe(true);
    expect(await w.afterRestart(turn.conversationId)).toEqual([
      ['user', 'are you there?', undefined],
      ['system', 'Stopped by the owner.', 'stopped'],
    ]);
  });

  it('closing the runtime stops a turn in a tool call, and a turn begun after it starts stopped', async () => {
    const w = await world();
    const runtime = await openRuntime({ home: w.home, systemSkills: w.system, recover: true });
    const agent = runtime.agent({ provider: w.provider });
    w.server.enqueue({ toolCalls: [{ id: 'call_slow', name: 'slow_report', arguments: '{}' }] });
    const sent = agent.send('make the slow report');
    await w.skillStarted();
    const stopping = runtime.stopTurns();
    const late = await agent.send('and another');
    await stopping;
    const turn = await sent;
    await runtime.close();
    expect(turn).toMatchObject({ stopped: true, toolCalls: [{ name: 'slow_report', status: 'error' }] });
    expect((await w.afterRestart(turn.conversationId)).map(([role, , shown]) => shown ?? role)).toEqual([
      'user',
      'assistant',
      'tool',
      'stopped',
    ]);
    expect(late.stopped).toBe(true);
    // Only the first turn reached the model.
    expect(w.server.requests).toHaveLength(1);
  });

  it('closing the runtime stops the calls gone on in the background: the script ends, the approval is cancelled', async () => {
    const w = await world();
    const desktop = new DesktopChannel({ notify: () => undefined });
    const runtime = await openRuntime({ home: w.home, systemSkills: w.system, recover: true, channels: [desktop] });
    const agent = runtime.agent({ provider: w.provider, toolTimeoutMs: 100 });
    w.server.enqueue(
      {
        toolCalls: [
          { id: 'call_slow', name: 'slow_report', arguments: '{}' },
          { id: 'call_wipe', name: 'wipe_disk', arguments: '{}' },
        ],
      },
      { content: 'Both go on.' },
    );
    const turn = await agent.send('make the report and wipe the disk');
    expect(turn.toolCalls.map((c) => c.status)).toEqual(['background', 'background']);
    await w.skillStarted();
    while (runtime.gate.openApprovals().every((a) => a.status !== 'pending')) await pause();

    // Without being stopped, the script would sleep 30 s and the approval wait 5 minutes.
    await runtime.close();
    expect(agent.running.size).toBe(0);
    expect(fs.existsSync(w.ran)).toBe(false);
    const peek = openStore(path.join(w.home, 'ias.db'));
    const jobs = peek.jobs.ofConversation(turn.conversationId).map((j) => [j.skill, j.status, j.callStatus]);
    const approvals = peek.approvals.list().map((a) => [a.skillName, a.status]);
    peek.close();
    expect(jobs).toEqual(
      expect.arrayContaining([
        ['slow_report', 'done', 'error'],
        ['wipe_disk', 'done', 'refused'],
      ]),
    );
    expect(approvals).toEqual([['wipe_disk', 'cancelled']]);
  });

  it("closing the app's core (quitting) does not wait for a chat's call whose approval waits in the background", async () => {
    const w = await world();
    const desktop = new DesktopChannel({ notify: () => undefined });
    const runtime = await openRuntime({ home: w.home, systemSkills: w.system, recover: true, channels: [desktop] });
    // The chat's agent, made by the core, lets its calls go on in the background after 100 ms.
    const makeAgent = runtime.agent.bind(runtime);
    runtime.agent = (options) => makeAgent({ ...options, toolTimeoutMs: 100 });
    const core = createCoreApi(runtime, { version: '0.0.0', schedule: false });
    await core.api.saveProvider({ baseUrl: w.server.url, model: 'test-model', apiKey: 'sk-test' });
    const ended: string[] = [];
    core.events.on('event', (e: IasEvent) => {
      if (e.type === 'chat' && e.event.kind === 'done') ended.push(e.turnId);
    });
    w.server.enqueue({ toolCalls: [{ id: 'call_wipe', name: 'wipe_disk', arguments: '{}' }] }, { content: 'Asked.' });
    const { turnId } = await core.api.sendMessage({ text: 'wipe the disk' });
    while (!ended.includes(turnId)) await pause();
    expect(runtime.gate.openApprovals()).toMatchObject([{ skillName: 'wipe_disk', status: 'pending' }]);

    await core.close();
    await runtime.close();
    expect(fs.existsSync(w.ran)).toBe(false);
    const peek = openStore(path.join(w.home, 'ias.db'));
    const approvals = peek.approvals.list().map((a) => [a.skillName, a.status]);
    peek.close();
    expect(approvals).toEqual([['wipe_disk', 'cancelled']]);
  });

  it.runIf(process.platform === 'linux')(
    '`ias serve` stopped with SIGTERM mid-turn stores the turn as stopped, not cut off',
    async () => {
      const w = await world();
      const env = { IAS_LLM_BASE_URL: w.server.url, IAS_LLM_API_KEY: 'sk-test', IAS_LLM_MODEL: 'test-model' };
      const serve = await startServe(
        ['--port', '0', '--no-wechat', '--home', w.home, '--system-skills', w.system],
        env,
      );
      onCleanup(() => serve.child.kill('SIGKILL'));
      const attempt = await openSocket(`${serve.origin.replace('http', 'ws')}/ws`, {
        origin: serve.origin,
        authorization: `Bearer ${serve.token}`,
      });
      if (!('socket' in attempt)) throw new Error(`refused with ${attempt.status}`);
      w.server.enqueue({ delayMs: 60_000, content: 'never sent' });
      const answer = await attempt.socket.call('sendMessage', { text: 'are you there?' });
      const { conversationId } = answer.result as { conversationId: string };
      while (w.server.requests.length === 0) await pause();

      serve.child.kill('SIGTERM');
      expect(await serve.exited).toEqual({ code: 0, signal: null });
      const peek = openStore(path.join(w.home, 'ias.db'));
      const stored = peek.conversations.messages(conversationId).map((m) => [m.role, m.shown]);
      const owner = peek.conversations.turnOwner(conversationId);
      peek.close();
      expect(stored).toEqual([
        ['user', undefined],
        ['system', 'stopped'],
      ]);
      expect(owner).toBeUndefined();
      expect((await w.afterRestart(conversationId)).map(([role, , shown]) => shown ?? role)).toEqual([
        'user',
        'stopped',
      ]);
    },
  );
});
