/**
 * The iAs process whose run of a task is under way (same identity as the owners of migration 4):
 * set when the run is taken, cleared when it ends. A run left "running" by a process that has ended
 * (killed mid-run) is interrupted, by whichever iAs meets it; one of a process that still runs
 * (`ias tasks run` beside the app) is its own, and no second run of the task starts meanwhile.
 */
export const taskRunOwnersSchema = `
ALTER TABLE scheduled_tasks ADD COLUMN run_owner_pid INTEGER;
ALTER TABLE scheduled_tasks ADD COLUMN run_owner_identity TEXT;
`;
