/**
 * `ias chat` killed (kill -9, its terminal closed) while its call runs or its approval waits, used
 * from the command line only (no app, no `ias serve` to start after it): the next `ias` command
 * settles what it left, as the app does at its start. Its skill process is ended, its call is
 * marked interrupted, its approval is cancelled (never run), its turn is cut off. What an `ias`
 * process that still runs is doing stays its own.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore } from '../../src/core/store/index.js';
import { iasAsync, iasProcess } from '../helpers/cli.js';
import { startModelServer, type ModelServer } from '../helpers/model-server.js';
import { isRunning } from '../helpers/process.js';
import { onCleanup, scriptSkill, tempDir, writeSkill } from '../helpers/temp.js';
import { iasOnTerminal } from '../helpers/terminal.js';

let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const pause = () => new Promise((resolve) => setTimeout(resolve, 20));

/** The calls `ias audit --json` lists, as skill and status. */
async function audited(args: string[]): Promise<[string, string][]> {
  const run = await iasAsync(['audit', '--json', ...args]);
  expect(run.status).toBe(0);
  return (JSON.parse(run.stdout) as { rows: { skill: string; status: string }[] }).rows.map((r) => [r.skill, r.status]);
}

/** The approvals of the data folder, as skill and status (read-only, as a look that changes nothing). */
function approvals(home: string): [string, string][] {
  const db = new Database(path.join(home, 'ias.db'), { readonly: true });
  try {
    return db
      .prepare<[], { skill: string; status: string }>('SELECT skill_name AS skill, status FROM pending_approvals')
      .all()
      .map((r) => [r.skill, r.status]);
  } finally {
    db.close();
  }
}

describe.runIf(process.platform === 'linux')('work an `ias chat` killed leaves, with no app to start after it', () => {
  it('is settled by the next ias command: the skill process ended, the call interrupted, the turn cut off', async () => {
    server = await startModelServer();
    const home = tempDir('ias-killed-chat-');
    const system = path.join(home, 'system');
    const started = path.join(home, 'started');
    writeSkill(
      system,
      'slow_report',
      scriptSkill({ script: `echo $$ > '${started}.tmp'; mv '${started}.tmp' '${started}'\nsleep 120`, timeout: 60 }),
    );
    const env = { IAS_LLM_BASE_URL: server.url, IAS_LLM_API_KEY: 'sk-test', IAS_LLM_MODEL: 'test-model' };
    const args = ['--home', home, '--system-skills', system];
    server.enqueue({ content: 'Hello.' });
    const first = await iasAsync(['chat', 'hello', '--json', ...args], env);
    const { conversationId } = JSON.parse(first.stdout) as { conversationId: string };

    server.enqueue({ toolCalls: [{ id: 'call_slow', name: 'slow_report', arguments: '{}' }] });
    server.fallback((request) =>
      JSON.stringify(request.body).includes('try again') ? { content: 'Done.' } : { delayMs: 120_000, content: 'no' },
    );
    const owner = iasProcess(['chat', 'make the report', '--conversation', conversationId, ...args], env);
    onCleanup(() => owner.child.kill('SIGKILL'));
    while (!fs.existsSync(started)) await pause();
    const skill = Number(fs.readFileSync(started, 'utf8'));
    onCleanup(() => {
      if (isRunning(skill)) process.kill(-skill, 'SIGKILL');
    });

    // While that `ias chat` runs, its call is its own: another command leaves it running.
    expect(await audited(args)).toEqual([['slow_report', 'running']]);
    expect(isRunning(skill)).toBe(true);

    owner.child.kill('SIGKILL');
    await owner.run;
    // Killed, it left its skill running (a process group of its own): the next command ends it.
    expect(isRunning(skill)).toBe(true);
    expect(await audited(args)).toEqual([['slow_report', 'interrupted']]);
    await expect.poll(() => isRunning(skill)).toBe(false);

    // The conversation goes on, its cut-off turn saying so.
    const next = await iasAsync(['chat', 'try again', '--conversation', conversationId, '--json', ...args], env);
    expect(next.status).toBe(0);
    expect(JSON.parse(next.stdout)).toMatchObject({ conversationId, reply: 'Done.' });
    const store = openStore(path.join(home, 'ias.db'));
    try {
      const shown = store.conversations.messages(conversationId).map((m) => [m.role, m.content]);
      expect(shown).toContainEqual(['system', 'This turn was cut off: iAs stopped before it ended.']);
    } finally {
      store.close();
    }
  }, 60_000);

  it('has the approval it left waiting cancelled, never run', async () => {
    server = await startModelServer();
    const home = tempDir('ias-killed-approval-');
    const system = path.join(home, 'system');
    const sent = path.join(home, 'sent');
    writeSkill(system, 'send_mail', scriptSkill({ risk: 'High', script: `echo sent >> '${sent}'; echo sent` }));
    server.fallback(() => ({ toolCalls: [{ name: 'send_mail', arguments: '{}' }] }));
    const env = { IAS_LLM_BASE_URL: server.url, IAS_LLM_API_KEY: 'sk-test', IAS_LLM_MODEL: 'test-model' };
    const args = ['--home', home, '--system-skills', system];
    const chat = iasOnTerminal(['chat', 'mail the boss', ...args], env);
    await chat.waitFor('Run send_mail? [y/N]');
    const db = new Database(path.join(home, 'ias.db'), { readonly: true });
    const pid = db
      .prepare<[], { pid: number }>("SELECT owner_pid AS pid FROM pending_approvals WHERE status = 'pending'")
      .get()!.pid;
    db.close();
    process.kill(pid, 'SIGKILL');
    await chat.exited;
    expect(approvals(home)).toEqual([['send_mail', 'pending']]);

    expect(await audited(args)).toEqual([['send_mail', 'interrupted']]);
    expect(approvals(home)).toEqual([['send_mail', 'cancelled']]);
    expect(fs.existsSync(sent)).toBe(false);
  }, 60_000);
});
