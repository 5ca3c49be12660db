/**
 * `ias tasks run ID`: a task run now from the terminal, as its schedule would run it, through the
 * test model server; high-risk calls are approved at the terminal (y/N) and refused without one.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore } from '../../src/core/store/index.js';
import type { NewTask } from '../../src/core/store/tasks-repo.js';
import { iasAsync } from '../helpers/cli.js';
import { countingSkill, readRuns } from '../helpers/gate.js';
import { startModelServer, type ModelServer } from '../helpers/model-server.js';
import { tempDir, writeSkill } from '../helpers/temp.js';
import { CTRL_C, iasOnTerminal } from '../helpers/terminal.js';

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
  return { home, env, args, stored, server };
}

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

  it('Ctrl-C stops the run, which is stored as interrupted', async () => {
    const s = await setup([{ allowlist: [] }]);
    s.server.enqueue({ content: `The report begins. ${'More. '.repeat(200)}`, chunkDelayMs: 100 });
    const term = iasOnTerminal(s.args('task0001'), s.env);
    await term.waitFor('Running Mail the boss');
    while (s.server.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => setTimeout(resolve, 300));
    term.type(CTRL_C);
    expect(await term.exited).toBe(1);
    expect(term.screen()).toContain('iAs stopped before this run finished.');
    expect(s.stored()).toMatchObject({ lastStatus: 'interrupted', nextRunAt: NEXT });
  }, 60_000);
});
