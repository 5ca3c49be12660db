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
