/**
 * Telling a process apart from any later one given the same id, so that work left by an iAs
 * process that is gone can be told from work of one that still runs: the boot, the pid namespace
 * and the start time, all from /proc (Linux only; elsewhere nothing can be told). Of a process in
 * another pid namespace of this boot, /proc here tells nothing: its lease does (process-leases.ts).
 */
import fs from 'node:fs';
import { leaseHeld, type Leases } from './process-leases.js';

let context: string | undefined;

/** This boot and this pid namespace: pids and start times mean something only within them. */
function systemContext(): string | undefined {
  if (context !== undefined) return context || undefined;
  try {
    const boot = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    const namespace = fs.readlinkSync('/proc/self/ns/pid');
    context = `${boot}:${namespace}`;
  } catch {
    context = '';
  }
  return context || undefined;
}

/**
 * Field 22 of /proc/PID/stat: when the process started, in clock ticks after boot; 'gone' when
 * there is no such process, undefined when it cannot be read (then nothing may be concluded).
 */
function startTime(pid: number): string | 'gone' | undefined {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'gone' : undefined;
  }
  // The name (field 2) is in parentheses and may hold spaces: count the fields after it (from 3).
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[22 - 3] || undefined;
}

/** Clock ticks after boot, as field 22 of /proc/PID/stat gives them; undefined for anything else. */
function ticks(field: string): number | undefined {
  const n = /^\d+$/.test(field) ? Number(field) : NaN;
  return Number.isSafeInteger(n) ? n : undefined;
}

/**
 * When process `pid` started, in clock ticks after boot (field 22 of /proc/PID/stat, which is read
 * without taking the process's memory-map lock); undefined when that cannot be read (gone, not Linux).
 */
export function startTicks(pid: number): number | undefined {
  if (process.platform !== 'linux') return undefined;
  const start = startTime(pid);
  return start === undefined || start === 'gone' ? undefined : ticks(start);
}

/**
 * When the process `identity` names started, in clock ticks after boot, where it was told in this
 * boot and pid namespace (elsewhere the figure means nothing here); undefined otherwise.
 */
export function startTicksOf(identity: string): number | undefined {
  return toldHere(identity) ? ticks(identity.slice(identity.lastIndexOf(':') + 1)) : undefined;
}

/**
 * The identity of process `pid` now; 'gone' when there is none; undefined when it cannot be told
 * (unreadable, not Linux).
 */
export function identityOf(pid: number): string | 'gone' | undefined {
  if (process.platform !== 'linux') return undefined;
  const where = systemContext();
  const start = startTime(pid);
  if (!where || start === undefined) return undefined;
  return start === 'gone' ? 'gone' : `linux:${where}:${start}`;
}

/** Whether `identity` was told in this boot and pid namespace, where its pid still names the same processes. */
export function toldHere(identity: string): boolean {
  const where = systemContext();
  return where !== undefined && identity.startsWith(`linux:${where}:`);
}

/**
 * Whether `identity` was told in this boot but in another pid namespace (a container's, or the
 * host's seen from a container): there its pid means another process or none, only its lease tells.
 */
export function toldElsewhereThisBoot(identity: string): boolean {
  const where = systemContext();
  if (where === undefined) return false;
  const boot = where.split(':')[0];
  return identity.startsWith(`linux:${boot}:`) && !identity.startsWith(`linux:${where}:`);
}

/** Whether `identity` was told in an earlier boot of this machine: its process has ended, whatever has its pid now. */
export function toldBeforeThisBoot(identity: string): boolean {
  const boot = systemContext()?.split(':')[0];
  const [system, told] = identity.split(':');
  return boot !== undefined && system === 'linux' && told !== undefined && told !== boot;
}

export interface ProcessOwner {
  pid: number;
  identity: string;
}

let self: ProcessOwner | null | undefined;

/** This iAs process, as the owner of the work it records; undefined where it cannot be told. */
export function thisProcess(): ProcessOwner | undefined {
  if (self === undefined) {
    const identity = identityOf(process.pid);
    self = identity && identity !== 'gone' ? { pid: process.pid, identity } : null;
  }
  return self ?? undefined;
}

/**
 * Whether the process `owner` names has provably ended (not merely unreadable): told here, when its
 * pid now names another process or none; told in an earlier boot, always; told in another pid
 * namespace of this boot, when `leases` (the database's, see process-leases.ts) hold none of it
 * renewed within LEASE_STALE_MS. Without `leases` such an owner is judged by its pid as well, which
 * takes it for ended: every caller that settles work passes them.
 */
export function hasEnded(owner: ProcessOwner, leases?: Leases): boolean {
  if (leases && toldElsewhereThisBoot(owner.identity)) return !leaseHeld(leases, owner.identity);
  const now = identityOf(owner.pid);
  return now !== undefined && now !== owner.identity;
}

/**
 * Of the owners of work still marked running, the identities of the other iAs processes that have
 * not ended: that work is theirs to finish, not to be marked interrupted. This process's own is not
 * among them (start-up recovery runs before it has started anything). `leases`: as for hasEnded.
 */
export function stillRunning(owners: readonly ProcessOwner[], me: ProcessOwner | undefined, leases?: Leases): string[] {
  return owners.filter((o) => o.identity !== me?.identity && !hasEnded(o, leases)).map((o) => o.identity);
}

/** A process recorded by its id, with its identity where one could be told. */
export interface RecordedProcess {
  pid: number;
  identity: string | null;
}

/**
 * Whether the process `recorded` names has provably ended: by its identity where it has one, else
 * (where identities cannot be told) only when no process has its id at all. A process given its id
 * since then counts as running: what it owned is never taken for left behind while it may run.
 * `leases`: as for hasEnded.
 */
export function recordedProcessEnded(recorded: RecordedProcess, leases?: Leases): boolean {
  if (recorded.identity !== null) return hasEnded({ pid: recorded.pid, identity: recorded.identity }, leases);
  try {
    process.kill(recorded.pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
