/**
 * Every process of one skill call, found by a mark in its environment. A call's program runs in a
 * process group of its own and the group is ended with the call, but a process may leave the group
 * (`setsid cmd &`, a daemon's double fork, `nohup setsid …`) and the group's end never reaches it.
 * Each call therefore gets a random token in IAS_CALL_TOKEN, which every process it starts
 * inherits wherever it moves; when the call ends, the processes whose environment holds exactly
 * that token are ended too.
 *
 * Linux only: the environments are read from /proc/PID/environ, of this user's processes only
 * (another user's is not ours to end). Elsewhere no token is given and the group (taskkill /T on
 * Windows) is all that is ended, as before.
 *
 * Limits: a process that starts its child with a cleared or rewritten environment (`env -i`, a
 * program that drops unknown variables, a service asked to start something) carries no token and
 * escapes; so does one that is started between the last look and the end of the sweep more often
 * than the sweep looks again. Only a cgroup (systemd-run --user --scope, or a delegated cgroup)
 * holds every descendant for sure, and that needs systemd or privileges iAs cannot count on.
 * Between reading a process's environment and signalling it, its id could in theory be given to a
 * new process; the window is microseconds and ids are handed out in order, so this is left as is.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';

export const CALL_TOKEN_VAR = 'IAS_CALL_TOKEN';

/** How often (at most) the processes are looked for again while some are still found. */
const SWEEP_ROUNDS = 50;
const SWEEP_PAUSE_MS = 20;

/** A new call's token, or undefined where its processes cannot be found by it (not Linux). */
export function newCallToken(): string | undefined {
  return process.platform === 'linux' ? randomBytes(16).toString('hex') : undefined;
}

/**
 * The processes of this user whose environment holds `token` exactly, this one aside. A process
 * whose environment cannot be read (another user's, one that just ended, a zombie) is not among
 * them.
 */
export function processesCarrying(token: string): number[] {
  if (process.platform !== 'linux' || token === '') return [];
  const entry = Buffer.from(`\0${CALL_TOKEN_VAR}=${token}\0`);
  const start = Buffer.from([0]);
  const uid = process.getuid?.();
  let names: string[];
  try {
    names = fs.readdirSync('/proc');
  } catch {
    return [];
  }
  const found: number[] = [];
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    const pid = Number(name);
    if (pid === process.pid) continue;
    try {
      if (uid !== undefined && fs.statSync(`/proc/${name}`).uid !== uid) continue;
      // Each variable ends with a NUL: the token's is found whole, the first one included.
      if (Buffer.concat([start, fs.readFileSync(`/proc/${name}/environ`)]).includes(entry)) found.push(pid);
    } catch {
      // Gone, or not readable: not ours to end.
    }
  }
  return found;
}

/** Sends `signal` to each process carrying `token`; returns how many there were. */
export function signalCarriers(token: string, signal: NodeJS.Signals): number {
  const found = processesCarrying(token);
  for (const pid of found) {
    try {
      process.kill(pid, signal);
    } catch {
      // Ended in the meantime.
    }
  }
  return found.length;
}

/**
 * Kills every process carrying `token` and looks again (a process may start another as it is
 * killed) until none is found, a bounded number of times. Resolves once none is found, or the
 * rounds are spent.
 */
export async function endCarriers(token: string | undefined): Promise<void> {
  if (!token) return;
  for (let round = 0; round < SWEEP_ROUNDS; round++) {
    if (signalCarriers(token, 'SIGKILL') === 0) return;
    await new Promise((resolve) => setTimeout(resolve, SWEEP_PAUSE_MS));
  }
}

/** The same for a caller that cannot wait (the sweep of a killed iAs's leftovers): a few looks at once. */
export function endCarriersNow(token: string): number {
  let ended = 0;
  for (let round = 0; round < 5; round++) {
    const found = signalCarriers(token, 'SIGKILL');
    if (found === 0) break;
    if (round === 0) ended = found;
  }
  return ended;
}
