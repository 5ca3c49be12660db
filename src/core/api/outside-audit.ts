/**
 * What of the audit log was seen, to tell whether another iAs process added or ended calls. Two
 * cheap reads: the rows added past the last id seen (a range of the primary key) and the ids still
 * running (the status index). This process's own writes move what was seen as they are made, so
 * they are not told again; they are counted rather than listed, so nothing grows while no other
 * process writes.
 */
import type { AuditChange, AuditRepo } from '../store/audit-repo.js';

export interface AuditSeen {
  /** Reads the log and says whether another process changed it since the last look. */
  changedElsewhere(): boolean;
  /** Stops following this process's own writes. */
  stop(): void;
}

export function seeAudit(audit: AuditRepo): AuditSeen {
  let lastId = audit.addedSince(0).last;
  let running = new Set(audit.runningIds());
  /** Rows this process added past `lastId` since the last look. */
  let ownAdded = 0;

  const own = (change: AuditChange) => {
    if (change.id === undefined) {
      // Many rows at once (only at start-up): whatever they were, they are seen.
      running = new Set(audit.runningIds());
      return;
    }
    if (change.added && change.id > lastId) ownAdded++;
    if (change.running) running.add(change.id);
    else running.delete(change.id);
  };
  audit.on('changed', own);

  return {
    changedElsewhere() {
      const added = audit.addedSince(lastId);
      const nowRunning = audit.runningIds();
      // Another process's rows: more rows than this process added, or a running set that differs.
      let changed = added.count > ownAdded || nowRunning.length !== running.size;
      if (!changed) changed = nowRunning.some((id) => !running.has(id));
      lastId = added.last;
      ownAdded = 0;
      running = new Set(nowRunning);
      return changed;
    },
    stop() {
      audit.off('changed', own);
    },
  };
}
