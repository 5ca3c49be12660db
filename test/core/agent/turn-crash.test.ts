/** kill -9 during and right after a turn: what was promised is in the database file. */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openRuntime } from '../../../src/core/runtime.js';
import { openStore } from '../../../src/core/store/index.js';
import { isRunning as running } from '../../helpers/process.js';
import { startModelServer, type ModelServer } from '../../helpers/model-server.js';
import { onCleanup, scriptSkill, tempDir, writeSkill } from '../../helpers/temp.js';

const children: ChildProcess[] = [];
let server: ModelServer | undefined;
afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  await server?.close();
  server = undefined;
});

/** Runs one turn in its own process; resolves with the turn once the process says it has ended. */
function host(env: Record<string, string>): { child: ChildProcess; turn: Promise<{ conversationId: string }> } {
  const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('test/fixtures/agent-host.ts')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d));
  const turn = new Promise<{ conversationId: string }>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d;
      const line = out.split('\n').find((l) => l.startsWith('TURN '));
      if (line) resolve(JSON.parse(line.slice('TURN '.length)) as { conversationId: string });
    });
    child.on('exit', () => reject(new Error(`the host exited: ${err}`)));
  });
  // A host killed on purpose before its turn ended is no failure by itself.
  turn.catch(() => undefined);
  return { child, turn };
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.on('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

async function world() {
  server = await startModelServer();
  const home = tempDir('ias-turn-crash-');
  const system = path.join(home, 'system');
  writeSkill(system, 'get_now', '---\ndescription: The time.\nrisk: low\nbuiltin: get_current_datetime\n---\n');
  writeSkill(
    system,
    'slow_report',
    // Writes its process id (its group's too) once it runs, then takes long.
    scriptSkill({
      description: 'Takes long.',
      script: `echo $$ > '${path.join(home, 'started.tmp')}'; mv '${path.join(home, 'started.tmp')}' '${path.join(home, 'started')}'\nsleep 30`,
    }),
  );
  const env = {
    IAS_HOME: home,
    IAS_SYSTEM_SKILLS: system,
    IAS_LLM_BASE_URL: server.url,
    IAS_LLM_MODEL: 'test-model',
    IAS_LLM_API_KEY: 'test-key',
  };
  const store = () => {
    const s = openStore(path.join(home, 'ias.db'));
    onCleanup(() => s.close());
    return s;
  };
  /**
   * The slow skill's process group, once it runs and the host has recorded it (the host may be
   * slower to write its row than the skill is to start); ended after the test whatever happens.
   */
  const slowGroup = async () => {
    const started = path.join(home, 'started');
    while (!fs.existsSync(started)) await new Promise((r) => setTimeout(r, 20));
    const pid = Number(fs.readFileSync(started, 'utf8'));
    const peek = store();
    while (process.platform === 'linux' && peek.processes.all().length === 0) {
      await new Promise((r) => setTimeout(r, 20));
    }
    onCleanup(() => {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    });
    return pid;
  };
  return { home, system, env, server, store, slowGroup };
}

describe('a turn and kill -9', () => {
  it('right after a turn has ended, all of it is stored', async () => {
    const w = await world();
    w.server.enqueue(
      { toolCalls: [{ id: 'call_1', name: 'get_now', arguments: '{"format":"time"}' }] },
      { toolCalls: [{ id: 'call_2', name: 'get_now', arguments: '{"format":"date"}' }] },
      { content: 'It is late.' },
    );
    const { child, turn } = host({ ...w.env, TURN_TEXT: 'what time is it?' });
    const { conversationId } = await turn;
    await killed(child);
    const store = w.store();
    expect(store.conversations.messages(conversationId).map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'assistant',
      'tool',
      'assistant',
    ]);
    expect(store.conversations.messages(conversationId).at(-1)!.content).toBe('It is late.');
    // The turn's last write ended it: nothing reads as cut off.
    expect(store.conversations.turnOwner(conversationId)).toBeUndefined();
    expect(store.audit.query().rows.map((r) => [r.skill, r.status])).toEqual([
      ['get_now', 'done'],
      ['get_now', 'done'],
    ]);
  });

  it('while a call runs, its audit row and the conversation so far are stored', async () => {
    const w = await world();
    w.server.enqueue({ toolCalls: [{ id: 'call_slow', name: 'slow_report', arguments: '{}' }] });
    const { child } = host({ ...w.env, TURN_TEXT: 'make the slow report' });
    await w.slowGroup();
    await killed(child);
    const store = w.store();
    const [conversation] = store.conversations.list();
    const messages = store.conversations.messages(conversation!.id);
    expect(messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'make the slow report'],
      ['assistant', ''],
    ]);
    expect(messages[1]!.toolCalls).toEqual([{ id: 'call_slow', name: 'slow_report', arguments: '{}' }]);
    expect(store.audit.query().rows.map((r) => [r.skill, r.status])).toEqual([['slow_report', 'running']]);
    expect(store.audit.markInterrupted()).toBe(1);
  });

  it.runIf(process.platform === 'linux')(
    'a skill process left behind is ended at the next start, and its call is marked interrupted',
    async () => {
      const w = await world();
      w.server.enqueue({ toolCalls: [{ id: 'call_slow', name: 'slow_report', arguments: '{}' }] });
      const { child } = host({ ...w.env, TURN_TEXT: 'make the slow report' });
      const pid = await w.slowGroup();
      await killed(child);
      expect(running(pid)).toBe(true);
      const runtime = await openRuntime({ home: w.home, systemSkills: w.system, recover: true });
      onCleanup(() => runtime.close());
      while (running(pid)) await new Promise((r) => setTimeout(r, 20));
      expect(runtime.store.audit.query().rows.map((r) => [r.skill, r.status])).toEqual([
        ['slow_report', 'interrupted'],
      ]);
      expect(runtime.store.processes.all()).toEqual([]);
      // The turn says it was cut off, after what it had stored.
      const [conversation] = runtime.store.conversations.list();
      expect(runtime.store.conversations.messages(conversation!.id).map((m) => [m.role, m.shownCode?.code])).toEqual([
        ['user', undefined],
        ['assistant', undefined],
        ['system', 'turn-cut-off'],
      ]);
    },
  );

  it.runIf(process.platform === 'linux')(
    'a skill process and the call of an iAs that still runs are left to it',
    async () => {
      const w = await world();
      w.server.enqueue({ toolCalls: [{ id: 'call_slow', name: 'slow_report', arguments: '{}' }] });
      host({ ...w.env, TURN_TEXT: 'make the slow report' });
      const pid = await w.slowGroup();
      const runtime = await openRuntime({ home: w.home, systemSkills: w.system, recover: true });
      onCleanup(() => runtime.close());
      expect(running(pid)).toBe(true);
      expect(runtime.store.processes.all()).toMatchObject([{ pid }]);
      // Its call is that iAs's to finish: not marked interrupted.
      expect(runtime.store.audit.query().rows.map((r) => [r.skill, r.status])).toEqual([['slow_report', 'running']]);
      // Nor is its turn marked cut off.
      const [conversation] = runtime.store.conversations.list();
      expect(runtime.store.conversations.messages(conversation!.id).map((m) => m.role)).toEqual(['user', 'assistant']);
    },
  );
});
