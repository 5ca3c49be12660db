/**
 * Skill processes left behind when iAs is killed while they run. Each call's process group leader
 * is recorded with an identity that tells it apart from any later process given the same id: the
 * boot, the pid namespace and the start time (all from /proc, so Linux only). At the next start a
 * leader that is still the very process recorded has its group ended, so nothing keeps acting
 * unwatched (past its time limit, after its call was marked interrupted). Whatever cannot be
 * proven to be ours is left alone: a leader that is gone (its group may now be anyone's), a process
 * that cannot be read, another system (macOS and Windows are not covered).
 */
import fs from 'node:fs';
import type { SkillProcess, SkillProcessesRepo } from '../store/skill-processes-repo.js';

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

/**
 * The identity of process `pid` now; 'gone' when there is none; undefined when it cannot be told
 * (unreadable, not Linux).
 */
function identity(pid: number): string | 'gone' | undefined {
  if (process.platform !== 'linux') return undefined;
  const where = systemContext();
  const start = startTime(pid);
  if (!where || start === undefined) return undefined;
  return start === 'gone' ? 'gone' : `linux:${where}:${start}`;
}

/** The row to keep for a process this iAs just started, or undefined where none can be kept. */
export function trackedProcess(pid: number): Omit<SkillProcess, 'auditId' | 'startedAt'> | undefined {
  const leader = identity(pid);
  const owner = identity(process.pid);
  if (!leader || !owner || leader === 'gone' || owner === 'gone') return undefined;
  return { pid, identity: leader, ownerPid: process.pid, ownerIdentity: owner };
}

/**
 * Ends the process groups an earlier run left behind and forgets them: those whose iAs is gone and
 * whose leader is still the very process recorded. Groups of an iAs that still runs (this one, or
 * the command line beside the app) are left to it. Returns how many groups were ended.
 */
export function stopLeftoverProcesses(processes: SkillProcessesRepo): number {
  let ended = 0;
  for (const left of processes.all()) {
    const owner = identity(left.ownerPid);
    const leader = identity(left.pid);
    // Its iAs still runs, or either cannot be told now: left as it is (and kept for the next start).
    if (owner === undefined || owner === left.ownerIdentity || leader === undefined) continue;
    if (leader === left.identity) {
      try {
        process.kill(-left.pid, 'SIGKILL');
        ended++;
      } catch {
        // Gone in the meantime.
      }
    }
    processes.remove(left.auditId);
  }
  return ended;
}
