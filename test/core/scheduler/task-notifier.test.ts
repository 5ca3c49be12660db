/**
 * A scheduled run's result on the platform's notifier (the desktop app's native notification, the
 * terminal of `ias serve`) when WeChat cannot take it: said in the owner's language, the app's
 * language setting first, else the system's as the platform reads it. Real parts: a SQLite file, the
 * scheduler, the model a test server speaking Chat Completions.
 */
import { describe, expect, it, vi } from 'vitest';
import { createCoreApi, type CoreApiOptions } from '../../../src/core/api/create-api.js';
import { openRuntime } from '../../../src/core/runtime.js';
import type { IasEvent, Language } from '../../../src/shared/contract.js';
import { startModelServer } from '../../helpers/model-server.js';
import { onCleanup, tempDir } from '../../helpers/temp.js';

interface Notified {
  title: string;
  body: string;
}

/** A core as the app wires it, without WeChat, its notifier writing down what it is given. */
async function world(language: Language, options: Pick<CoreApiOptions, 'systemLanguage'> = {}) {
  const home = tempDir('ias-task-notifier-');
  const server = await startModelServer();
  const runtime = await openRuntime({ home, systemSkills: tempDir('ias-no-skills-'), channels: [], recover: true });
  const notified: Notified[] = [];
  const core = createCoreApi(runtime, {
    version: 'test',
    notifier: { notify: (title, body) => notified.push({ title, body }) },
    ...options,
  });
  onCleanup(async () => {
    await core.close();
    await runtime.close();
    await server.close();
  });
  await core.api.saveProvider({ baseUrl: server.url, model: 'test-model', apiKey: 'test-key' });
  await core.api.saveSettings({ language });
  const events: IasEvent[] = [];
  core.events.on('event', (e) => events.push(e));
  const task = runtime.scheduler.create(
    { name: 'Stretch', prompt: 'Remind me to stretch', cron: '0 15 * * *' },
    { knownSkills: [], createdBy: 'test' },
  );
  /** Runs the task now; what the notifier was given once its run was told. */
  const run = async () => {
    await core.api.runTaskNow(task.id);
    await vi.waitFor(() => expect(events.some((e) => e.type === 'notification')).toBe(true), { timeout: 15_000 });
    return { notified, event: events.find((e) => e.type === 'notification') };
  };
  return { server, run };
}

describe("a scheduled run's result on the platform's notifier, without WeChat", () => {
  it('in English, its title and the reply', async () => {
    const w = await world('en');
    w.server.enqueue({ content: 'Time to stretch.' });
    const { notified } = await w.run();
    expect(notified).toEqual([{ title: '⏰ Stretch', body: 'Time to stretch.' }]);
  });

  it('in 简体中文: a failed run says so, and what iAs says of it, in Chinese', async () => {
    const w = await world('zh-CN');
    w.server.enqueue({ status: 401, errorMessage: 'bad key' });
    const { notified, event } = await w.run();
    expect(notified).toHaveLength(1);
    expect(notified[0]!.title).toBe('⏰ Stretch 运行失败');
    expect(notified[0]!.body).toContain('模型服务拒绝了 API 密钥（401）');
    expect(notified[0]!.body).not.toMatch(/rejected|API key/);
    // The UI's event is as it was: it says the run in the UI's own language.
    expect(event).toMatchObject({ title: '⏰ Stretch：运行失败 / failed', task: { status: 'failed' } });
  });

  it("following the system: the platform's language, not the environment's", async () => {
    const w = await world('system', { systemLanguage: () => 'zh-CN' });
    w.server.enqueue({ status: 401, errorMessage: 'bad key' });
    const { notified } = await w.run();
    expect(notified.map((n) => n.title)).toEqual(['⏰ Stretch 运行失败']);
  });
});
