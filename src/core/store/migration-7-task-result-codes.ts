/**
 * The code of a scheduled run's result beside its English text (see shared/task-results.ts), for a
 * UI to say it in its own language. Rows from before have none: their text is shown as it stands.
 */
export const taskResultCodesSchema = `
ALTER TABLE scheduled_tasks ADD COLUMN last_result_code TEXT;
`;
