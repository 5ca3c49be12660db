/**
 * `ias tasks run ID`: a task run now from the terminal, as its schedule would run it, through the
 * test model server; high-risk calls are approved at the terminal (y/N) and refused without one.
 * Its run is its own while it runs (beside the app, or another `ias tasks run`); killed (kill -9),
 * it leaves the run "running", and whoever meets that run marks it interrupted and runs the task.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCoreApi } from '../../src/core/api/create-api.js';
import { openRuntime } from '../../src/core/runtime.js';
import { openStore } from '../../src/core/store/index.js';
import type { NewTask, ScheduledTask } from '../../src/core/store/tasks-repo.js';
import { unreviewedGreetCalledThrice } from '../helpers/chat-world.js';
import { iasAsync, iasProcess, type CliRun } from '../helpers/cli.js';
import { countingSkill, readRuns } from '../helpers/gate.js';
import { startModelServer, type ModelServer } from '../helpers/model-server.js';
import { onCleanup, tempDir, writeSkill } from '../helpers/temp.js';
import { CTRL_C, CTRL_D, iasOnTerminal } from '../helpers/terminal.js';

let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const NEXT = Date.now() + 3 * 3600_000;

async function setup(tasks: Partial<NewTask>[]) {
  server = await startModelServer();
  const home = tempDir('ias-task-run-');
  const system = path.join(home, 'system');
  fs.mkdirSync(system);
  writeSkill(system, 'send_mail', countingSkill({ home }, 'send_mail'));
  const store = openStore(path.join(home, 'ias.db'));
  for (const task of tasks) {
    store.tasks.insert({
      id: 'task0001',
      name: 'Mail the boss',
      prompt: 'Mail the boss',
      cron: '0 8 * * *',
      runAt: null,
      allowlist: ['send_mail'],
      enabled: true,
      nextRunAt: NEXT,
      timeZone: 'Asia/Shanghai',
      createdBy: 'test',
      createdAt: Date.now(),
      ...task,
    });
  }
  store.close();
  const env = { IAS_LLM_BASE_URL: server.url, IAS_LLM_API_KEY: 'sk-test', IAS_LLM_MODEL: 'test-model' };
  const args = (...words: string[]) => ['tasks', 'run', ...words, '--home', home, '--system-skills', system];
  const stored = (id = 'task0001') => {
    const db = openStore(path.join(home, 'ias.db'));
    try {
      return db.tasks.get(id)!;
    } finally {
      db.close();
    }
  };
  /** `ias tasks run ID` as a process of its own (killed after the test whatever happens). */
  const running = (id: string) => {
    const run = iasProcess(args(id), env);
    onCleanup(() => run.child.kill('SIGKILL'));
    return run;
  };
  /** `ias tasks run ID` once its run is under way: the model asked, its reply held back (for ever). */
  const underWay = async (id = 'task0001') => {
    held('never sent');
    const before = server!.requests.length;
    const run = running(id);
    await asked(before + 1);
    return run;
  };
  /** An iAs that owns the data folder (the app, `ias serve`); `schedule`: it runs tasks (and starts so). */
  const app = async (schedule: boolean) => {
    const runtime = await openRuntime({ home, systemSkills: system, recover: true });
    const core = createCoreApi(runtime, { version: 'test', schedule });
    onCleanup(() => void core.close().then(() => runtime.close()));
    await core.api.saveProvider({ baseUrl: server!.url, model: 'test-model', apiKey: 'sk-test' });
    return { runtime, api: core.api };
  };
  return { home, env, args, stored, server, running, underWay, app };
}

/** The model's next reply, held back until the returned function is called (never, for a run to be killed). */
function held(content: string): () => void {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  server!.enqueue(async () => {
    await released;
    return { content };
  });
  return release;
}

/** Resolves once the model has been asked `n` times (the run asking it is under way). */
const asked = (n: number) =>
  vi.waitFor(() => expect(server!.requests.length).toBeGreaterThanOrEqual(n), { timeout: 20_000 });

function killed(run: { child: { kill(signal: NodeJS.Signals): boolean }; run: Promise<CliRun> }): Promise<CliRun> {
  run.child.kill('SIGKILL');
  return run.run;
}

const INTERRUPTED = {
  lastStatus: 'interrupted',
  lastResult: 'iAs stopped before this run finished.',
  lastResultCode: { code: 'run-interrupted', params: { said: '' } },
};

describe('ias tasks run', () => {
  it('runs a task now and prints its result; a repeating one keeps its next run, a one-off is then finished', async () => {
    const s = await setup([
      { allowlist: [] },
      { id: 'once0001', name: 'Remind me', prompt: 'Remind me to stretch', cron: null, runAt: NEXT },
    ]);
    s.server.enqueue({ content: 'Nothing to mail today.' }, { content: 'Time to stretch.' });

    const json = await iasAsync(s.args('task0001', '--json'), s.env);
    expect(json.stderr).toContain('Running Mail the boss (task0001)');
    expect(json.status).toBe(0);
    const printed = JSON.parse(json.stdout);
    expect(printed.run).toEqual({ status: 'done', result: 'Nothing to mail today.' });
    expect(printed.task).toMatchObject({ id: 'task0001', lastStatus: 'done', enabled: true, nextRunAt: NEXT });
    expect(JSON.stringify(s.server.requests[0]!.body.messages)).toContain("run now at the owner's request");

    const text = await iasAsync(s.args('once0001'), s.env);
    expect(text.status).toBe(0);
    expect(text.stdout).toBe('Time to stretch.\n');
    expect(text.stderr).toContain('Remind me (once0001): done');
    expect(s.stored('once0001')).toMatchObject({ lastStatus: 'done', enabled: false, nextRunAt: null });
    // Finished, though its moment is still ahead: not shown paused, and not to be resumed to run again.
    const home = ['--home', s.home, '--system-skills', path.join(s.home, 'system')];
    const list = await iasAsync(['tasks', ...home], s.env);
    expect(list.stdout.split('\n').find((line) => line.includes('once0001'))).toMatch(/finished/);
    expect(list.stdout).not.toContain('paused');
    const resume = await iasAsync(['tasks', 'resume', 'once0001', ...home], s.env);
    expect(resume.status).not.toBe(0);
    expect(resume.stderr).toContain('"Remind me" has no run left: it has run already, so it is finished');
    expect(s.stored('once0001')).toMatchObject({ enabled: false, nextRunAt: null });
  }, 60_000);

  it('refuses an unknown task, and one that is running now', async () => {
    const s = await setup([{}]);
    const missing = await iasAsync(s.args('nope0000'), s.env);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('there is no scheduled task "nope0000"');

    const store = openStore(path.join(s.home, 'ias.db'));
    expect(store.tasks.claimNow('task0001')).toBe(true); // another iAs process runs it
    store.close();
    const busy = await iasAsync(s.args('task0001'), s.env);
    expect(busy.status).toBe(1);
    expect(busy.stderr).toContain('"Mail the boss" is running now; wait until this run ends');
    expect(s.server.requests).toHaveLength(0);
  }, 60_000);

  it('speaks 简体中文 with LANG=zh_CN.UTF-8: the run, its status, no terminal to approve at, the refusals', async () => {
    const s = await setup([
      {},
      { id: 'once0001', name: 'Remind me', prompt: 'Remind me to stretch', cron: null, runAt: NEXT },
    ]);
    const chinese = { ...s.env, LANG: 'zh_CN.UTF-8' };
    s.server.enqueue({ content: 'Time to stretch.' });
    const text = await iasAsync(s.args('once0001'), chinese);
    expect(text.status).toBe(0);
    expect(text.stdout).toBe('Time to stretch.\n');
    expect(text.stderr).toBe('正在运行 Remind me（once0001）…\nRemind me（once0001）：完成\n');

    s.server.fallback((request) =>
      request.body.messages.at(-1).role === 'tool'
        ? { content: 'Not sent.' }
        : { toolCalls: [{ name: 'send_mail', arguments: JSON.stringify({ to: 'boss' }) }] },
    );
    const piped = await iasAsync(s.args('task0001'), chinese);
    expect(piped.stderr).toContain(
      '[一个高风险调用需要你的确认，但这里没有可以询问你的终端：请在终端中运行 `ias tasks run`，或在应用中点“立即运行”，来确认它]',
    );
    expect(readRuns(s.home, 'send_mail')).toEqual([]);

    const missing = await iasAsync(s.args('nope0000'), chinese);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toBe('错误：没有这个定时任务（nope0000）。\n');
    const store = openStore(path.join(s.home, 'ias.db'));
    expect(store.tasks.claimNow('task0001')).toBe(true); // another iAs process runs it
    store.close();
    const busy = await iasAsync(s.args('task0001'), chinese);
    expect(busy.status).toBe(1);
    expect(busy.stderr).toBe('错误：“Mail the boss”正在运行：请等这次运行结束。\n');
  }, 60_000);

  it('says a failed run in 简体中文 as the app does; --json keeps the result as stored', async () => {
    const s = await setup([{ allowlist: [] }]);
    const chinese = { ...s.env, LANG: 'zh_CN.UTF-8' };
    s.server.enqueue({ status: 401, errorMessage: 'Incorrect API key provided' }, { status: 401 });
    const text = await iasAsync(s.args('task0001'), chinese);
    expect(text.status).toBe(1);
    expect(text.stdout).toMatch(/^模型服务拒绝了 API 密钥（401）。/);
    expect(text.stderr).toContain('Mail the boss（task0001）：失败\n');

    const json = await iasAsync(s.args('task0001', '--json'), chinese);
    expect(json.status).toBe(1);
    const { run } = JSON.parse(json.stdout);
    expect(run.status).toBe('failed');
    expect(run.result).toBe(s.stored().lastResult);
    expect(run.result).toMatch(/\(401\)/);
    expect(run.result).not.toMatch(/模型服务/);
  }, 60_000);

  it('asks at the terminal before a high-risk call, and refuses it where nobody can be asked', async () => {
    const s = await setup([{}]);
    s.server.fallback((request) =>
      request.body.messages.at(-1).role === 'tool'
        ? { content: `Mail: ${JSON.stringify(request.body.messages.at(-1).content)}` }
        : { toolCalls: [{ name: 'send_mail', arguments: JSON.stringify({ to: 'boss' }) }] },
    );

    const term = iasOnTerminal(s.args('task0001'), s.env);
    await term.waitFor('Run send_mail? [y/N]');
    expect(readRuns(s.home, 'send_mail')).toEqual([]);
    term.type('y\r');
    await term.waitFor('Mail the boss (task0001): done');
    expect(await term.exited).toBe(0);
    expect(term.screen()).toMatch(/Mail: .*sent/);
    expect(readRuns(s.home, 'send_mail')).toHaveLength(1);

    const piped = await iasAsync(s.args('task0001'), s.env);
    expect(piped.stderr).toContain('there is no terminal here to ask you at');
    expect(piped.stdout).toContain('no approval channel could reach the owner');
    expect(readRuns(s.home, 'send_mail')).toHaveLength(1);
    expect(s.stored()).toMatchObject({ lastStatus: 'done', nextRunAt: NEXT });
  }, 60_000);

  it('asks its y/N question at the terminal in 简体中文 with LANG=zh_CN.UTF-8, as ias chat does', async () => {
    const s = await setup([{}]);
    s.server.fallback((request) =>
      request.body.messages.at(-1).role === 'tool'
        ? { content: '已发送。' }
        : { toolCalls: [{ name: 'send_mail', arguments: JSON.stringify({ to: 'boss' }) }] },
    );
    const term = iasOnTerminal(s.args('task0001'), { ...s.env, LANG: 'zh_CN.UTF-8' });
    await term.waitFor('[y/N]');
    expect(term.screen()).toContain('运行 send_mail？[y/N] ');
    expect(term.screen()).not.toContain('Run send_mail?');
    term.type('y\r');
    await term.waitFor('Mail the boss（task0001）：完成');
    expect(await term.exited).toBe(0);
    expect(readRuns(s.home, 'send_mail')).toHaveLength(1);
  }, 60_000);

  it('Ctrl-D at its y/N question declines the call (nothing more can be read there) rather than waiting', async () => {
    const s = await setup([{}]);
    s.server.fallback((request) =>
      request.body.messages.at(-1).role === 'tool'
        ? { content: 'Not sent.' }
        : { toolCalls: [{ name: 'send_mail', arguments: JSON.stringify({ to: 'boss' }) }] },
    );
    const term = iasOnTerminal(s.args('task0001'), s.env);
    await term.waitFor('Run send_mail? [y/N]');
    term.type(CTRL_D);
    await term.waitFor('Mail the boss (task0001): done');
    expect(await term.exited).toBe(0);
    expect(term.screen()).toContain('Run send_mail? [y/N] [declined]');
    expect(readRuns(s.home, 'send_mail')).toEqual([]);
  }, 60_000);

  it("where nobody can be asked, says once in the run that the owner's Low skill is unreviewed", async () => {
    const s = await setup([{ allowlist: ['greet'] }]);
    unreviewedGreetCalledThrice(s.home, s.server);
    const piped = await iasAsync(s.args('task0001'), s.env);
    expect(s.server.requests).toHaveLength(3);
    expect(piped.stderr).toContain('there is no terminal here to ask you at');
    expect(piped.stderr.split('[greet is a low-risk skill you have not reviewed').length - 1).toBe(1);
  }, 30_000);

  it('a call approved after its 8 s: the run waits for it, and prints what it really did', async () => {
    const s = await setup([{}]);
    s.server.enqueue(
      { toolCalls: [{ name: 'send_mail', arguments: JSON.stringify({ to: 'boss' }) }] },
      { content: 'The mail is on its way.' },
      { content: 'The mail was sent to the boss.' },
    );
    const term = iasOnTerminal(s.args('task0001'), s.env);
    await term.waitFor('Run send_mail? [y/N]');
    await term.waitFor('[waiting for a call still running in the background; Ctrl-C stops it]');
    // The question is asked again under that line, and answered there.
    await term.waitFor('Run send_mail? [y/N]', 2);
    expect(readRuns(s.home, 'send_mail')).toEqual([]);
    term.type('y\r');
    await term.waitFor('Mail the boss (task0001): done');
    expect(await term.exited).toBe(0);
    expect(readRuns(s.home, 'send_mail')).toHaveLength(1);
    expect(term.screen()).toContain('The mail was sent to the boss.');
    expect(term.screen()).toContain('[send_mail finished in the background: done]');
    // The early reply, written before anything was sent, is not the run's result.
    expect(term.screen()).not.toContain('on its way');
    expect(s.stored()).toMatchObject({ lastStatus: 'done', lastResult: 'The mail was sent to the boss.' });
  }, 60_000);

  it('on a terminal, a data folder iAs cannot use: the error, and the command ends (it used to hang)', async () => {
    const file = path.join(tempDir('ias-task-run-home-'), 'not-a-folder');
    fs.writeFileSync(file, '');
    const term = iasOnTerminal(['tasks', 'run', 'task0001', '--home', file]);
    expect(await term.exited).toBe(1);
    expect(term.screen()).toContain(
      `error: iAs did not start: its data folder ${file} cannot be made: a file, not a folder, is there`,
    );
  }, 60_000);

  it('Ctrl-C stops the run, which is stored as interrupted, and the command ends with 130', async () => {
    const s = await setup([{ allowlist: [] }]);
    s.server.enqueue({ content: `The report begins. ${'More. '.repeat(200)}`, chunkDelayMs: 100 });
    const term = iasOnTerminal(s.args('task0001'), s.env);
    await term.waitFor('Running Mail the boss');
    while (s.server.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => setTimeout(resolve, 300));
    term.type(CTRL_C);
    expect(await term.exited).toBe(130);
    expect(term.screen()).toContain('iAs stopped before this run finished.');
    expect(s.stored()).toMatchObject({ lastStatus: 'interrupted', nextRunAt: NEXT });
  }, 60_000);
});

describe('ias tasks run killed, or still running, beside another iAs', () => {
  it('Run now marks the run of a killed `ias tasks run` interrupted, and runs the task', async () => {
    const s = await setup([{ allowlist: [] }]);
    const victim = await s.underWay();
    expect(s.stored().lastStatus).toBe('running');
    await killed(victim);

    // The app, not running tasks: only Run now meets the run left behind.
    const { runtime, api } = await s.app(false);
    const seen: ScheduledTask[] = [];
    runtime.scheduler.on('changed', () => seen.push(runtime.store.tasks.get('task0001')!));
    s.server.enqueue({ content: 'Nothing to mail today.' });
    expect(await api.runTaskNow('task0001')).toMatchObject({ lastStatus: 'running' });
    expect(seen[0]).toMatchObject(INTERRUPTED);
    await vi.waitFor(() => expect(runtime.store.tasks.get('task0001')!.lastStatus).toBe('done'), { timeout: 15_000 });
    expect(runtime.store.tasks.get('task0001')).toMatchObject({
      lastResult: 'Nothing to mail today.',
      nextRunAt: NEXT,
    });
    // In the task's conversation, the killed run reads as cut off, before the new run.
    const lines = runtime.store.conversations.messages('task-task0001').map((m) => [m.role, m.content.split('\n')[0]]);
    expect(lines).toEqual([
      [
        'user',
        `[Scheduled task "Mail the boss", run now at the owner's request. The owner is not watching this conversation: your reply is sent to them as the task's result.]`,
      ],
      ['system', 'This turn was cut off: iAs stopped before it ended.'],
      [
        'user',
        `[Scheduled task "Mail the boss", run now at the owner's request. The owner is not watching this conversation: your reply is sent to them as the task's result.]`,
      ],
      ['assistant', 'Nothing to mail today.'],
    ]);
  }, 60_000);

  it('the tasks, as listed, show the run of a killed `ias tasks run` interrupted (so Run now is offered)', async () => {
    const s = await setup([{ allowlist: [] }]);
    const victim = await s.underWay();
    const { api } = await s.app(false);
    expect((await api.listTasks())[0]).toMatchObject({ lastStatus: 'running' });
    await killed(victim);
    expect((await api.listTasks())[0]).toMatchObject(INTERRUPTED);
  }, 60_000);

  it('an iAs starting up leaves a running `ias tasks run` its run, and marks a killed one interrupted', async () => {
    const s = await setup([{ allowlist: [] }, { id: 'live0001', name: 'Live report', allowlist: [] }]);
    const victim = await s.underWay();
    await killed(victim);
    const reply = held('The live report.');
    const live = s.running('live0001');
    await asked(2);

    const { api } = await s.app(true);
    const tasks = await api.listTasks();
    expect(tasks.find((t) => t.id === 'live0001')).toMatchObject({ lastStatus: 'running' });
    expect(tasks.find((t) => t.id === 'task0001')).toMatchObject(INTERRUPTED);
    await expect(api.runTaskNow('live0001')).rejects.toMatchObject({
      messageCode: { code: 'task-running', params: { name: 'Live report' } },
    });
    reply();
    const ended = await live.run;
    expect(ended.status).toBe(0);
    expect(ended.stdout).toBe('The live report.\n');
    expect(s.stored('live0001')).toMatchObject({ lastStatus: 'done', lastResult: 'The live report.' });
    expect(s.server.requests).toHaveLength(2);
  }, 60_000);

  it('a slot that comes while `ias tasks run` runs the task is skipped; once it was killed, the slot runs it', async () => {
    const s = await setup([{ allowlist: [] }]);
    const { runtime } = await s.app(true);
    const victim = await s.underWay();
    const taken = runtime.store.tasks.get('task0001')!;
    const slotIn = (ms: number) => {
      const slot = Date.now() + ms;
      runtime.store.tasks.update('task0001', { nextRunAt: slot });
      runtime.scheduler.changedElsewhere();
      return slot;
    };

    const skipped = slotIn(200);
    await vi.waitFor(() => expect(runtime.store.tasks.get('task0001')!.nextRunAt).not.toBe(skipped), {
      timeout: 10_000,
    });
    // Moved on without a run: the run under way is still the one `ias tasks run` took.
    expect(runtime.store.tasks.get('task0001')).toMatchObject({ lastStatus: 'running', lastRunAt: taken.lastRunAt });

    await killed(victim);
    s.server.enqueue({ content: 'Slot report.' });
    slotIn(200);
    await vi.waitFor(() => expect(runtime.store.tasks.get('task0001')!.lastStatus).toBe('done'), { timeout: 15_000 });
    expect(runtime.store.tasks.get('task0001')!.lastResult).toBe('Slot report.');
    expect(s.server.requests).toHaveLength(2);
  }, 60_000);

  it('two `ias tasks run` meeting the run of a killed one: exactly one runs the task', async () => {
    const s = await setup([{ allowlist: [] }]);
    const victim = await s.underWay();
    await killed(victim);

    // The winner's run waits for its reply until the other has given up; a second run would be answered at once.
    const reply = held('The one run.');
    s.server.fallback({ content: 'A second run.' });
    const racers = [s.running('task0001'), s.running('task0001')];
    await Promise.race(racers.map((r) => r.run));
    reply();
    const ended = await Promise.all(racers.map((r) => r.run));
    expect(ended.map((r) => r.status).sort()).toEqual([0, 1]);
    expect(ended.find((r) => r.status === 0)!.stdout).toBe('The one run.\n');
    expect(ended.find((r) => r.status === 1)!.stderr).toContain(
      '"Mail the boss" is running now; wait until this run ends',
    );
    expect(s.server.requests).toHaveLength(2);
    expect(s.stored()).toMatchObject({ lastStatus: 'done', lastResult: 'The one run.' });
  }, 60_000);
});
