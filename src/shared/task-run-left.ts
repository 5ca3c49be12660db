/**
 * Whether a paused task has a run left to resume to: a repeating task always; a one-off only while
 * its moment is still ahead and it has not been run already (Run now finishes a one-off and clears
 * its next run; a new moment given to it sets one again).
 */
export function hasRunLeft(
  task: { cron: string | null; runAt: number | null; nextRunAt: number | null },
  now: number,
): boolean {
  return task.cron !== null || (task.runAt !== null && task.runAt > now && task.nextRunAt !== null);
}

/**
 * A one-off whose run was cut off (iAs quit, or was killed, during it) and that has no run left: it
 * did not do its work, so it is not finished but interrupted, and the owner may run it again now.
 */
export function interruptedOneOff(
  task: { cron: string | null; runAt: number | null; nextRunAt: number | null; lastStatus: string | null },
  now: number,
): boolean {
  return task.cron === null && task.lastStatus === 'interrupted' && !hasRunLeft(task, now);
}

/**
 * Why a one-off has no run left: it was run already (Run now, before its moment, which is still
 * ahead), not left until its moment passed.
 */
export function ranBeforeItsMoment(task: { runAt: number | null }, now: number): boolean {
  return task.runAt !== null && task.runAt > now;
}
