/**
 * Skill processes left behind when iAs is killed while they run. Each call's process group is
 * recorded with an identity that tells its leader apart from a later process given the same id:
 * on Linux the start time (from /proc), on other POSIX systems the command line as `ps` shows it.
 * At the next start the groups still there are ended, so nothing keeps acting unwatched (past its
 * time limit, after its call was marked interrupted). Windows is not covered: its processes have
 * no group to end, and are left as they are.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type { SkillProcessesRepo } from '../store/skill-processes-repo.js';

/** The identity of the process just started as `command`, or undefined where none is kept. */
export function processIdentity(pid: number, command: readonly string[]): string | undefined {
  if (process.platform === 'win32') return undefined;
  if (process.platform === 'linux') {
    const start = linuxStartTime(pid);
    return start === undefined ? undefined : `start:${start}`;
  }
  return `command:${command.join(' ')}`;
}

/** Field 22 of /proc/PID/stat: when the process started, in clock ticks after boot. */
function linuxStartTime(pid: number): string | undefined {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The name (field 2) is in parentheses and may hold spaces: count the fields after it (from 3).
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[22 - 3];
}

/** This iAs process, as the owner of the processes it starts: its start time on Linux, else nothing. */
const self = (() => {
  let identity: string | undefined;
  return () => (identity ??= process.platform === 'linux' ? `start:${linuxStartTime(process.pid)}` : '');
})();

/** The row to keep for a process this iAs just started, or undefined where none is kept. */
export function trackedProcess(pid: number, command: readonly string[]) {
  const identity = processIdentity(pid, command);
  return identity === undefined ? undefined : { pid, identity, ownerPid: process.pid, ownerIdentity: self() };
}

/** Whether the iAs process that started a group still runs (then the group is its business). */
function ownerAlive(pid: number, identity: string): boolean {
  if (identity) return identityNow(pid, identity) === identity;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The identity process `pid` has now, of the same kind as `recorded`; undefined if it is gone. */
function identityNow(pid: number, recorded: string): string | undefined {
  if (recorded.startsWith('start:')) {
    const start = linuxStartTime(pid);
    return start === undefined ? undefined : `start:${start}`;
  }
  try {
    const shown = execFileSync('ps', ['-ww', '-o', 'command=', '-p', String(pid)], { encoding: 'utf8' }).trim();
    return shown ? `command:${shown}` : undefined;
  } catch {
    return undefined;
  }
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Ends the process groups an earlier run left behind (their iAs process is gone) and forgets them.
 * Those of another iAs process still running are left to it. A group is ended when
 * its leader is the very process that was started, or when the leader is gone but the group lives
 * on (a group's id is given to no other process while the group has members). Returns how many.
 */
export function stopLeftoverProcesses(processes: SkillProcessesRepo): number {
  let ended = 0;
  for (const left of processes.all()) {
    // Another iAs process (the command line, say) still runs it: not left behind.
    if (left.ownerPid !== process.pid && ownerAlive(left.ownerPid, left.ownerIdentity)) continue;
    if (process.platform !== 'win32') {
      const now = identityNow(left.pid, left.identity);
      const ours = now === undefined ? groupAlive(left.pid) : now === left.identity;
      if (ours) {
        try {
          process.kill(-left.pid, 'SIGKILL');
          ended++;
        } catch {
          // Gone in the meantime.
        }
      }
    }
    processes.remove(left.auditId);
  }
  return ended;
}
