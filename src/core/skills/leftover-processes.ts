/**
 * Skill processes left behind when iAs is killed while they run. Each call's process group leader
 * is recorded with an identity that tells it apart from any later process given the same id (see
 * process-identity.ts: Linux only). At the next start a leader that is still the very process
 * recorded has its group ended, so nothing keeps acting unwatched (past its time limit, after its
 * call was marked interrupted); and the processes carrying the call's token (see call-token.ts),
 * those that left the group included, are ended whatever became of the leader: the token is 128
 * random bits given to that call alone (only the processes started since the leader was are looked
 * at: see call-token.ts). Whatever cannot be proven to be ours is left alone: a group whose leader
 * is gone (its id may now be anyone's group), a process that cannot be read, another system (macOS
 * and Windows are not covered).
 */
import { hasEnded, identityOf as identity, startTicksOf, thisProcess } from '../process-identity.js';
import { signalCarriers } from './call-token.js';
import type { SkillProcess, SkillProcessesRepo } from '../store/skill-processes-repo.js';

/**
 * The row to keep for a process this iAs just started (with the token its call's processes carry,
 * if they have one), or undefined where none can be kept.
 */
export function trackedProcess(
  pid: number,
  callToken?: string,
): Omit<SkillProcess, 'auditId' | 'startedAt'> | undefined {
  const leader = identity(pid);
  const owner = thisProcess();
  if (!leader || !owner || leader === 'gone') return undefined;
  return {
    pid,
    identity: leader,
    ownerPid: owner.pid,
    ownerIdentity: owner.identity,
    ...(callToken ? { callToken } : {}),
  };
}

/**
 * Ends the process groups an earlier run left behind and forgets them: those whose iAs is gone and
 * whose leader is still the very process recorded. Groups of an iAs that still runs (this one, or
 * the command line beside the app) are left to it. Returns how many calls had processes ended.
 */
export function stopLeftoverProcesses(processes: SkillProcessesRepo): number {
  let ended = 0;
  const leases = processes.leases();
  for (const left of processes.all()) {
    const leader = identity(left.pid);
    // Its iAs still runs, or either cannot be told now: left as it is (and kept for the next start).
    if (!hasEnded({ pid: left.ownerPid, identity: left.ownerIdentity }, leases)) continue;
    // One look: what it finds is killed at once (looking again at once would find the same, not yet
    // reaped); only at the processes started since the leader (the call's first process) was.
    const since = { ticks: startTicksOf(left.identity) };
    let stopped = left.callToken ? signalCarriers(left.callToken, 'SIGKILL', since) > 0 : false;
    if (leader === undefined) continue;
    if (leader === left.identity) {
      try {
        process.kill(-left.pid, 'SIGKILL');
        stopped = true;
      } catch {
        // Gone in the meantime.
      }
    }
    if (stopped) ended++;
    processes.remove(left.auditId);
  }
  return ended;
}
