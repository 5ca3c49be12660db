/**
 * The process group each running skill call started, so that one left behind when iAs was killed
 * is ended at the next start (its audit row then says interrupted, and it is). `identity` tells the
 * process apart from a later one given the same id, and the owner is the iAs process that started
 * it: while that one lives, its groups are its own (see skills/leftover-processes.ts; Linux only).
 * Calls and background jobs learn their owner too.
 */
export const skillProcessesSchema = `
CREATE TABLE skill_processes (
  audit_id INTEGER PRIMARY KEY,
  pid INTEGER NOT NULL,
  identity TEXT NOT NULL,
  owner_pid INTEGER NOT NULL,
  owner_identity TEXT NOT NULL,
  started_at INTEGER NOT NULL
);

-- The iAs process that made a call or a background job (same identity): at start-up, only the
-- work of processes that are gone is marked interrupted, not that of one still running.
ALTER TABLE audit_log ADD COLUMN owner_pid INTEGER;
ALTER TABLE audit_log ADD COLUMN owner_identity TEXT;
ALTER TABLE background_jobs ADD COLUMN owner_pid INTEGER;
ALTER TABLE background_jobs ADD COLUMN owner_identity TEXT;
`;
