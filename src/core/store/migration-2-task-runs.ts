/** Scheduled tasks learn their time zone, who made them, and how their last run went. */
export const taskRunsSchema = `
ALTER TABLE scheduled_tasks ADD COLUMN time_zone TEXT;
ALTER TABLE scheduled_tasks ADD COLUMN created_by TEXT;
-- running | done | failed | interrupted
ALTER TABLE scheduled_tasks ADD COLUMN last_status TEXT;
ALTER TABLE scheduled_tasks ADD COLUMN updated_at INTEGER;
`;
