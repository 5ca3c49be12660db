/**
 * The terminal of `ias chat` or `ias tasks run` closed (SIGHUP) while a skill runs: as with SIGTERM,
 * the skill's process is ended, the turn or run is stored as stopped, and the command ends with the
 * signal's status (129), instead of dying at once and leaving the skill going unwatched. `ias serve`
 * stops as on SIGTERM. Ctrl-C (SIGINT) stops them the same way and ends with 130, as a shell expects
 * of a command interrupted (`ias skills run` too).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../src/core/store/index.js';
import { chatWorld, type ChatWorld } from '../helpers/chat-world.js';
import { iasProcess } from '../helpers/cli.js';
import { isRunning } from '../helpers/process.js';
import { onCleanup, scriptSkill, tempDir, writeSkill } from '../helpers/temp.js';
import { killIfRunning, startServe, stderrShows } from '../server/serve-process.js';

/** A Low skill `slow` that writes its process id, then sleeps far past its 20 s time limit. */
function slowSkill(w: ChatWorld): string {
  const pidFile = path.join(w.home, 'slow.pid');
  writeSkill(
    path.join(w.home, 'system'),
    'slow',
    scriptSkill({ script: `echo $$ > "${pidFile}.tmp" && mv "${pidFile}.tmp" "${pidFile}"; sleep 120`, timeout: 20 }),
  );
  w.server.enqueue({ toolCalls: [{ id: 'call_slow', name: 'slow', arguments: '{}' }] }, { content: 'Done.' });
  return pidFile;
}

/** The skill's process id, once it has started. */
async function started(pidFile: string): Promise<number> {
  while (!fs.existsSync(pidFile)) await new Promise((resolve) => setTimeout(resolve, 20));
  const pid = Number(fs.readFileSync(pidFile, 'utf8'));
  onCleanup(() => {
    if (isRunning(pid)) process.kill(pid, 'SIGKILL');
  });
  return pid;
}

/** Waits until process `pid` has ended (the test's own time limit says when it never does). */
async function ended(pid: number): Promise<void> {
  while (isRunning(pid)) await new Promise((resolve) => setTimeout(resolve, 20));
}

/**
 * Runs `ias ARGS` (with `w`'s folders) while `w`'s slow skill is called, sends it `signal` once the
 * skill has started, and waits for the command and the skill to end: the command's exit status.
 */
async function statusWhenSignalled(
  w: ChatWorld,
  args: string[],
  signal: NodeJS.Signals,
  env?: Record<string, string>,
): Promise<number | null> {
  const pidFile = slowSkill(w);
  const { child, run } = iasProcess([...args, ...w.args], env);
  onCleanup(() => child.kill('SIGKILL'));
  const pid = await started(pidFile);
  child.kill(signal);
  const result = await run;
  await ended(pid);
  return result.status;
}

/** The terminal closed, and Ctrl-C: the signal, and the status the command then ends with. */
const ENDINGS = [
  ['SIGHUP', 129],
  ['SIGINT', 130],
] as const;

describe('a terminal closed (SIGHUP) or Ctrl-C (SIGINT) under a running skill', () => {
  it('ias chat ends the skill and stores the turn as stopped: 129 on SIGHUP, 130 on Ctrl-C (SIGINT)', async () => {
    for (const [signal, status] of ENDINGS) {
      const w = await chatWorld();
      expect(await statusWhenSignalled(w, ['chat', 'take your time'], signal, w.env)).toBe(status);
      const store = openStore(path.join(w.home, 'ias.db'));
      try {
        const [conversation] = store.conversations.list();
        const stored = store.conversations.messages(conversation!.id);
        expect(stored.map((m) => m.shown ?? m.role)).toEqual(['user', 'assistant', 'tool', 'stopped']);
      } finally {
        store.close();
      }
    }
  }, 30_000);

  it('ias tasks run ends the skill and stores the run as interrupted: 129 on SIGHUP, 130 on Ctrl-C', async () => {
    for (const [signal, status] of ENDINGS) {
      const w = await chatWorld();
      const store = openStore(path.join(w.home, 'ias.db'));
      store.tasks.insert({
        id: 'task0001',
        name: 'Slow work',
        prompt: 'Take your time',
        cron: '0 8 * * *',
        runAt: null,
        allowlist: ['slow'],
        enabled: true,
        nextRunAt: Date.now() + 3 * 3600_000,
        timeZone: 'UTC',
        createdBy: 'test',
        createdAt: Date.now(),
      });
      store.close();
      expect(await statusWhenSignalled(w, ['tasks', 'run', 'task0001'], signal, w.env)).toBe(status);
      const after = openStore(path.join(w.home, 'ias.db'));
      try {
        expect(after.tasks.get('task0001')!.lastStatus).toBe('interrupted');
      } finally {
        after.close();
      }
    }
  }, 30_000);

  it('ias serve stops as on SIGTERM', async () => {
    const running = await startServe(['--port', '0', '--no-wechat', '--home', tempDir('ias-hangup-')]);
    onCleanup(() => void killIfRunning(running));
    running.child.kill('SIGHUP');
    await stderrShows(running, '\nStopping (SIGHUP)…\n');
    expect(await running.exited).toEqual({ code: 0, signal: null });
  });

  it('ias skills run ends the skill on Ctrl-C (SIGINT) and on SIGHUP, its call marked stopped', async () => {
    for (const [signal, status] of ENDINGS) {
      const w = await chatWorld();
      expect(await statusWhenSignalled(w, ['skills', 'run', 'slow'], signal)).toBe(status);
      const store = openStore(path.join(w.home, 'ias.db'));
      try {
        expect(store.audit.query().rows.map((r) => [r.skill, r.status])).not.toContainEqual(['slow', 'running']);
      } finally {
        store.close();
      }
    }
  });
});
