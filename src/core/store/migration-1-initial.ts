/**
 * Schema version 1. Times are INTEGER milliseconds since the epoch; JSON is stored as TEXT.
 */
export const initialSchema = `
CREATE TABLE conversations (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX idx_conversations_updated ON conversations (updated_at);

CREATE TABLE messages (
  id INTEGER PRIMARY KEY,
  conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  role TEXT NOT NULL,
  content TEXT NOT NULL DEFAULT '',
  -- JSON: tool calls, tool call id, anything else the message carries.
  extra TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX idx_messages_conversation ON messages (conversation_id, id);

CREATE TABLE pending_approvals (
  id TEXT PRIMARY KEY,
  created_at INTEGER NOT NULL,
  -- Set when the approval becomes pending (a queued one has no code and no deadline yet).
  expires_at INTEGER,
  user_id TEXT NOT NULL,
  skill_name TEXT NOT NULL,
  -- The canonical JSON of the parameters, exactly as they will run.
  params TEXT NOT NULL,
  params_hash TEXT NOT NULL,
  skill_hash TEXT NOT NULL,
  -- HMAC of the one-time code; null while queued.
  code_hash TEXT,
  attempts_left INTEGER NOT NULL DEFAULT 3,
  status TEXT NOT NULL CHECK (status IN ('queued', 'pending', 'approved', 'executing', 'done', 'rejected', 'expired', 'cancelled')),
  result TEXT,
  consumed_at INTEGER,
  channel TEXT,
  requested_by TEXT,
  source TEXT NOT NULL DEFAULT 'chat',
  decided_at INTEGER,
  run_id TEXT NOT NULL,
  queued_at INTEGER
);
CREATE INDEX idx_approvals_owner_status ON pending_approvals (user_id, status, queued_at);
CREATE INDEX idx_approvals_status ON pending_approvals (status, created_at);
-- One pending approval per owner at a time; further ones wait as 'queued'.
CREATE UNIQUE INDEX idx_approvals_one_pending ON pending_approvals (user_id) WHERE status = 'pending';

CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY,
  started_at INTEGER NOT NULL,
  finished_at INTEGER,
  skill TEXT NOT NULL,
  skill_hash TEXT,
  source TEXT NOT NULL,
  requested_by TEXT,
  params TEXT NOT NULL DEFAULT '{}',
  risk TEXT NOT NULL CHECK (risk IN ('low', 'high')),
  approval_id TEXT,
  approval_outcome TEXT NOT NULL DEFAULT 'none',
  status TEXT NOT NULL CHECK (status IN ('running', 'done', 'failed', 'interrupted', 'refused')),
  duration_ms INTEGER,
  exit_code INTEGER,
  result_summary TEXT,
  error TEXT
);
-- Newest-first pages, alone or under one equality filter; the rowid (id) ends every index.
CREATE INDEX idx_audit_started ON audit_log (started_at);
CREATE INDEX idx_audit_skill ON audit_log (skill, started_at);
CREATE INDEX idx_audit_status ON audit_log (status, started_at);
CREATE INDEX idx_audit_source ON audit_log (source, started_at);

-- Substring search over skill, params, result and error: a trigram index queried with LIKE. External
-- content (the text lives once, in audit_log); detail=none and columnsize=0 keep it small, as only
-- LIKE prefiltering is asked of it (no phrases, no ranking).
CREATE VIRTUAL TABLE audit_fts USING fts5 (
  skill, params, result_summary, error,
  content = 'audit_log', content_rowid = 'id', tokenize = 'trigram', detail = 'none', columnsize = 0
);
-- A row is indexed once, when its call ends (its text is complete then); calls still running
-- are few and recent, and searches read them directly.
CREATE TRIGGER audit_fts_complete AFTER UPDATE OF status ON audit_log
WHEN old.status = 'running' AND new.status <> 'running' BEGIN
  INSERT INTO audit_fts (rowid, skill, params, result_summary, error)
  VALUES (new.id, new.skill, new.params, new.result_summary, new.error);
END;
CREATE TRIGGER audit_fts_delete AFTER DELETE ON audit_log WHEN old.status <> 'running' BEGIN
  INSERT INTO audit_fts (audit_fts, rowid, skill, params, result_summary, error)
  VALUES ('delete', old.id, old.skill, old.params, old.result_summary, old.error);
END;
CREATE TRIGGER audit_fts_update AFTER UPDATE OF skill, params, result_summary, error ON audit_log
WHEN old.status <> 'running' AND new.status <> 'running' BEGIN
  INSERT INTO audit_fts (audit_fts, rowid, skill, params, result_summary, error)
  VALUES ('delete', old.id, old.skill, old.params, old.result_summary, old.error);
  INSERT INTO audit_fts (rowid, skill, params, result_summary, error)
  VALUES (new.id, new.skill, new.params, new.result_summary, new.error);
END;

CREATE TABLE skill_settings (
  name TEXT PRIMARY KEY,
  enabled INTEGER NOT NULL DEFAULT 1,
  reviewed_hash TEXT,
  reviewed_at INTEGER,
  config TEXT
);

CREATE TABLE settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  updated_at INTEGER NOT NULL
);

CREATE TABLE scheduled_tasks (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  -- A cron expression for repeating tasks, or run_at for a one-off.
  cron TEXT,
  run_at INTEGER,
  prompt TEXT NOT NULL,
  -- JSON array of skill names the task may call.
  allowlist TEXT NOT NULL DEFAULT '[]',
  enabled INTEGER NOT NULL DEFAULT 1,
  next_run_at INTEGER,
  last_run_at INTEGER,
  last_result TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX idx_scheduled_next ON scheduled_tasks (enabled, next_run_at);

CREATE TABLE background_jobs (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  conversation_id TEXT REFERENCES conversations (id) ON DELETE SET NULL,
  skill TEXT,
  status TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  finished_at INTEGER,
  result TEXT
);
CREATE INDEX idx_jobs_status ON background_jobs (status, created_at);
CREATE INDEX idx_jobs_conversation ON background_jobs (conversation_id);
`;
