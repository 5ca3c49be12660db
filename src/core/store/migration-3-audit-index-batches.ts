/**
 * The audit log's search index takes finished calls in batches: indexing rows one commit at a time
 * costs several times more than indexing them together. Rows up to `indexed_upto` are indexed when
 * their call ends (as before); newer ones wait for the next batch (AuditRepo indexes them once
 * enough have gathered), and searches read them directly meanwhile, as they do running calls.
 * Invariant: a row is in the index exactly when its id is at most `indexed_upto` and it is not
 * running.
 */
export const auditIndexBatchesSchema = `
CREATE TABLE audit_fts_state (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  indexed_upto INTEGER NOT NULL
);
-- Every finished row is indexed already.
INSERT INTO audit_fts_state (id, indexed_upto) VALUES (1, coalesce((SELECT max(id) FROM audit_log), 0));

DROP TRIGGER audit_fts_complete;
DROP TRIGGER audit_fts_delete;
DROP TRIGGER audit_fts_update;
CREATE TRIGGER audit_fts_complete AFTER UPDATE OF status ON audit_log
WHEN old.status = 'running' AND new.status <> 'running'
  AND new.id <= (SELECT indexed_upto FROM audit_fts_state WHERE id = 1) BEGIN
  INSERT INTO audit_fts (rowid, skill, params, result_summary, error)
  VALUES (new.id, new.skill, new.params, new.result_summary, new.error);
END;
-- A call written whole when it ends (one that changes nothing) gets a new id, above indexed_upto;
-- should an id be reused below it, the row is indexed at once, as a finishing one would be.
CREATE TRIGGER audit_fts_insert AFTER INSERT ON audit_log
WHEN new.status <> 'running' AND new.id <= (SELECT indexed_upto FROM audit_fts_state WHERE id = 1) BEGIN
  INSERT INTO audit_fts (rowid, skill, params, result_summary, error)
  VALUES (new.id, new.skill, new.params, new.result_summary, new.error);
END;
CREATE TRIGGER audit_fts_delete AFTER DELETE ON audit_log
WHEN old.status <> 'running' AND old.id <= (SELECT indexed_upto FROM audit_fts_state WHERE id = 1) BEGIN
  INSERT INTO audit_fts (audit_fts, rowid, skill, params, result_summary, error)
  VALUES ('delete', old.id, old.skill, old.params, old.result_summary, old.error);
END;
CREATE TRIGGER audit_fts_update AFTER UPDATE OF skill, params, result_summary, error ON audit_log
WHEN old.status <> 'running' AND new.status <> 'running'
  AND old.id <= (SELECT indexed_upto FROM audit_fts_state WHERE id = 1) BEGIN
  INSERT INTO audit_fts (audit_fts, rowid, skill, params, result_summary, error)
  VALUES ('delete', old.id, old.skill, old.params, old.result_summary, old.error);
  INSERT INTO audit_fts (rowid, skill, params, result_summary, error)
  VALUES (new.id, new.skill, new.params, new.result_summary, new.error);
END;
`;
