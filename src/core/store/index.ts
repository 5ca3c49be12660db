/** The store: one SQLite file and a small repository per table. */
import { thisProcess } from '../process-identity.js';
import { ApprovalsRepo } from './approvals-repo.js';
import { AuditRepo } from './audit-repo.js';
import { BackgroundJobsRepo } from './background-jobs-repo.js';
import { ConversationsRepo } from './conversations-repo.js';
import { openDatabase, type Db } from './database.js';
import { leaseBookOf, type ProcessLeasesRepo } from './process-leases-repo.js';
import { SettingsRepo } from './settings-repo.js';
import { SkillProcessesRepo } from './skill-processes-repo.js';
import { SkillSettingsRepo } from './skill-settings-repo.js';
import { TasksRepo } from './tasks-repo.js';

export * from './approvals-repo.js';
export * from './audit-repo.js';
export { cap, LIST_TEXT_CHARS, MAX_ERROR_CHARS, MAX_PARAMS_CHARS, MAX_RESULT_SUMMARY_CHARS } from './audit-rows.js';
export * from './background-jobs-repo.js';
export * from './conversations-repo.js';
export * from './database.js';
export * from './migrations.js';
export * from './process-leases-repo.js';
export * from './settings-repo.js';
export * from './skill-processes-repo.js';
export * from './skill-settings-repo.js';
export * from './tasks-repo.js';

export interface Store {
  db: Db;
  approvals: ApprovalsRepo;
  audit: AuditRepo;
  skillSettings: SkillSettingsRepo;
  settings: SettingsRepo;
  conversations: ConversationsRepo;
  jobs: BackgroundJobsRepo;
  tasks: TasksRepo;
  processes: SkillProcessesRepo;
  /** The iAs processes' signs of life, read across pid namespaces (see process-leases.ts). */
  leases: ProcessLeasesRepo;
  /**
   * Runs `fn` in one transaction: writes made at one moment (a reply and the start of its tool
   * calls) commit together, and all or none of them are kept. Takes the write lock at once (so a
   * read before a write cannot meet another process's newer commit); nests as a savepoint.
   */
  atomically<T>(fn: () => T): T;
  /**
   * Lets SQLite refresh its planner statistics when it can at once (not while another connection
   * writes), then closes the file. Safe to call twice.
   */
  close(): void;
}

/** Opens the database (see openDatabase for the errors it throws) and its repositories. */
export function openStore(file: string): Store {
  const db = openDatabase(file);
  const owner = thisProcess();
  const inOneCommit = db.transaction((fn: () => unknown) => fn());
  return {
    db,
    approvals: new ApprovalsRepo(db, owner),
    audit: new AuditRepo(db, owner),
    skillSettings: new SkillSettingsRepo(db),
    settings: new SettingsRepo(db),
    conversations: new ConversationsRepo(db, owner),
    jobs: new BackgroundJobsRepo(db, owner),
    tasks: new TasksRepo(db, owner),
    processes: new SkillProcessesRepo(db),
    leases: leaseBookOf(db),
    atomically: <T>(fn: () => T): T => inOneCommit.immediate(fn) as T,
    close() {
      if (!db.open) return;
      // Best effort: optimize may need the write lock, and waiting for another process's write (or
      // failing on it) must not turn a command that did its work into a failed one.
      try {
        db.pragma('busy_timeout = 0');
        db.pragma('optimize');
      } catch {
        // The statistics are refreshed by a later close.
      } finally {
        db.close();
      }
    },
  };
}
