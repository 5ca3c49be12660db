/**
 * The process group each running skill call started, so that one left behind when iAs was killed
 * is ended at the next start (its audit row then says interrupted, and it is). `identity` tells the
 * process apart from a later one given the same id, and the owner is the iAs process that started
 * it: while that one lives, its groups are its own (see skills/leftover-processes.ts; Linux only).
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
`;
