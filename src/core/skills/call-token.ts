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
 * Looking costs a read of each candidate's environment (about 0.1 ms each; a desktop runs hundreds
 * of processes, and reading a process's environment waits for its memory-map lock, which a process
 * stuck holding it never gives back: the known `ps` hang). At a call's end only the processes given
 * their ids since its program started are looked at: ids are handed out in increasing order
 * (wrapping at pid_max), and the last one given is read from /proc/sys/kernel/ns_last_pid before
 * the program starts and again at the look. For a call longer than RANGE_TRUSTED_MS (in so long,
 * ids could in theory have gone all the way round), and in the sweep after a killed iAs, /proc is
 * listed instead, and of the listed processes only those started since the call's first process
 * are looked at: every process that carries the token descends from it, so started at or after it.
 * Start times are field 22 of /proc/PID/stat (clock ticks after boot, read without that lock): the
 * first process's is read as it is spawned (it cannot have been reaped yet, so its id is still its
 * own), or taken from its identity kept with the call (see process-identity.ts); one started in the
 * same tick is looked at too. Where no start time can be read, every listed process is looked at.
 * A start time costs about as much to read as a small environment (with 1,100 processes, listing
 * and reading every environment took 64-104 ms here, reading start times instead 41-68 ms): what
 * the filter buys is that no stuck process's lock is waited on, but for the few started since.
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
import { startTicks } from '../process-identity.js';

export const CALL_TOKEN_VAR = 'IAS_CALL_TOKEN';

/** How often (at most) the processes are looked for again while some are still found. */
const SWEEP_ROUNDS = 50;
const SWEEP_PAUSE_MS = 20;

/** How long after a call's start the ids handed out since then are sure not to have gone round. */
const RANGE_TRUSTED_MS = 10_000;

/**
 * The ids a call's processes get: those handed out after `after` (the last id given before its
 * program started, at `at`).
 */
export interface CallPids {
  after: number;
  at: number;
}

/** Where a call's processes are to be found: its ids (see CallPids), and when its first process started. */
export interface CallStart {
  pids?: CallPids;
  /** When the call's first process started, in clock ticks after boot (see startTicks). */
  ticks?: number;
}

/** The last process id this pid namespace handed out, or undefined where it cannot be read. */
function lastPid(): number | undefined {
  try {
    const last = Number(fs.readFileSync('/proc/sys/kernel/ns_last_pid', 'utf8'));
    return Number.isSafeInteger(last) && last > 0 ? last : undefined;
  } catch {
    return undefined;
  }
}

/** Where the ids of a call's processes begin, read just before its program starts (Linux). */
export function callPidsFromNow(): CallPids | undefined {
  if (process.platform !== 'linux') return undefined;
  const after = lastPid();
  return after === undefined ? undefined : { after, at: Date.now() };
}

/**
 * The start of a call whose first process is `pid`, just spawned (not yet reaped: its id is still
 * its own), whose ids were handed out after `pids`.
 */
export function callStarted(pid: number, pids: CallPids | undefined): CallStart {
  const ticks = startTicks(pid);
  return { ...(pids ? { pids } : {}), ...(ticks !== undefined ? { ticks } : {}) };
}

/** At most this many ids handed out since a call began are looked at one by one; past it, /proc is listed. */
const MAX_PROBED_IDS = 256;

/**
 * Where a call's processes may be: the few ids handed out since `since` began, each looked at
 * (listing /proc costs about 1 ms right after a process ended); or, when there are many, or ids went
 * round, those of the listed ids; every id when that cannot be told. An id handed out after this
 * look is taken is looked at in the next round (see endCarriers), which follows any carrier found.
 */
function whereToLook(since: CallPids | undefined): { ids: number[] } | { listed: (pid: number) => boolean } {
  if (!since || Date.now() - since.at >= RANGE_TRUSTED_MS) return { listed: () => true };
  const now = lastPid();
  if (now === undefined) return { listed: () => true };
  if (now >= since.after && now - since.after <= MAX_PROBED_IDS) {
    return { ids: Array.from({ length: now - since.after }, (_, i) => since.after + 1 + i) };
  }
  return { listed: handedOutBetween(since.after, now) };
}

/**
 * The ids handed out after `after` up to `now` (the last given), ids going round past pid_max back
 * to the low ones: then those after `after`, and those from the start up to `now`.
 */
export function handedOutBetween(after: number, now: number): (pid: number) => boolean {
  return now >= after ? (pid) => pid > after && pid <= now : (pid) => pid > after || pid <= now;
}

/** A new call's token, or undefined where its processes cannot be found by it (not Linux). */
export function newCallToken(): string | undefined {
  return process.platform === 'linux' ? randomBytes(16).toString('hex') : undefined;
}

/**
 * The processes of this user whose environment holds `token` exactly, this one aside (`found`), and
 * those whose environment was read to tell (`read`). A process whose environment cannot be read
 * (another user's, one that just ended, a zombie) is not among them.
 */
export function lookForCarriers(token: string, since?: CallStart): { found: number[]; read: number[] } {
  const found: number[] = [];
  const read: number[] = [];
  if (process.platform !== 'linux' || token === '') return { found, read };
  const entry = Buffer.from(`\0${CALL_TOKEN_VAR}=${token}\0`);
  const start = Buffer.from([0]);
  const uid = process.getuid?.();
  const where = whereToLook(since?.pids);
  let pids: number[];
  // Of the listed processes, those started before the call's first process are not its own.
  let startedBefore = (_pid: number) => false;
  if ('ids' in where) {
    pids = where.ids;
  } else {
    try {
      pids = fs
        .readdirSync('/proc')
        .filter((name) => /^\d+$/.test(name))
        .map(Number)
        .filter(where.listed);
    } catch {
      return { found, read };
    }
    const first = since?.ticks;
    // A process whose start cannot be read (it just ended) is looked at as before.
    if (first !== undefined) startedBefore = (pid) => (startTicks(pid) ?? first) < first;
  }
  for (const pid of pids) {
    if (pid === process.pid) continue;
    const name = String(pid);
    try {
      if (startedBefore(pid)) continue;
      if (uid !== undefined && fs.statSync(`/proc/${name}`).uid !== uid) continue;
      read.push(pid);
      // Each variable ends with a NUL: the token's is found whole, the first one included.
      if (Buffer.concat([start, fs.readFileSync(`/proc/${name}/environ`)]).includes(entry)) found.push(pid);
    } catch {
      // Gone, or not readable: not ours to end.
    }
  }
  return { found, read };
}

/** The processes of this user whose environment holds `token` exactly, this one aside (see lookForCarriers). */
export function processesCarrying(token: string, since?: CallStart): number[] {
  return lookForCarriers(token, since).found;
}

/** Sends `signal` to each process carrying `token`; returns how many there were. */
export function signalCarriers(token: string, signal: NodeJS.Signals, since?: CallStart): number {
  const found = processesCarrying(token, since);
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
export async function endCarriers(token: string | undefined, since?: CallStart): Promise<void> {
  if (!token) return;
  for (let round = 0; round < SWEEP_ROUNDS; round++) {
    if (signalCarriers(token, 'SIGKILL', since) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, SWEEP_PAUSE_MS));
  }
}
