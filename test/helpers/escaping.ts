/** Processes that leave a skill call's process group, as tests start them (Linux). */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { expect } from 'vitest';
import { startTicks } from '../../src/core/process-identity.js';
import { onCleanup } from './temp.js';

export const DEATH = { timeout: 15_000, interval: 100 };

/** Kills `pid` after the test, should it still run (on the old code it does). */
export function endLater(pid: number): number {
  onCleanup(() => {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  });
  return pid;
}

/** The pid a script wrote to `file`, once it is there. */
export async function pidIn(file: string): Promise<number> {
  await expect.poll(() => fs.existsSync(file) && fs.readFileSync(file, 'utf8').trim() !== '', DEATH).toBe(true);
  return endLater(Number(fs.readFileSync(file, 'utf8').trim()));
}

/** Waits in the script until `file` is written, so the escaped process is there before the script goes on. */
const waitFor = (file: string) => `while [ ! -s '${file}' ]; do sleep 0.05; done`;

/** A process in a session of its own, writing its pid to `file` and sleeping. */
export const escapes = (file: string) => `setsid sh -c 'echo $$ > "${file}"; sleep 60' &\n${waitFor(file)}`;

/** A daemon's double fork: a new session whose leader exits, leaving its child orphaned there. */
export const doubleForks = (file: string) => `setsid sh -c 'sleep 60 & echo $! > "${file}"' &\n${waitFor(file)}`;

/** A `sleep 60` in a session of its own with `env` (and PATH) for its variables, killed after the test. */
export function sleeper(env: Record<string, string>): number {
  const child = spawn('sleep', ['60'], { detached: true, stdio: 'ignore', env: { PATH: process.env.PATH, ...env } });
  child.unref();
  return endLater(child.pid!);
}

/**
 * Resolves once a process started now starts in a later clock tick than `pid` did (start times
 * are counted in ticks, 10 ms on most systems), so that what is started next is provably younger.
 */
export async function aTickAfter(pid: number): Promise<void> {
  const then = startTicks(pid)!;
  await expect
    .poll(() => {
      const probe = spawn('sleep', ['60'], { stdio: 'ignore' });
      const now = startTicks(probe.pid!);
      probe.kill('SIGKILL');
      return now !== undefined && now > then;
    }, DEATH)
    .toBe(true);
}
