/**
 * Schema migrations by `PRAGMA user_version`: migration N (1-based position in the list) brings the
 * schema from version N-1 to N. Each runs in its own transaction together with the version bump, so
 * a failing migration leaves the database exactly as it was.
 */
import type Database from 'better-sqlite3';
import { initialSchema } from './migration-1-initial.js';
import { taskRunsSchema } from './migration-2-task-runs.js';
import { auditIndexBatchesSchema } from './migration-3-audit-index-batches.js';
import { skillProcessesSchema } from './migration-4-skill-processes.js';
import { approvalOwnersSchema } from './migration-5-approval-owners.js';
import { turnOwnersSchema } from './migration-6-turn-owners.js';
import { taskResultCodesSchema } from './migration-7-task-result-codes.js';
import { approvalSkillOriginSchema } from './migration-8-approval-skill-origin.js';
import { taskRunOwnersSchema } from './migration-9-task-run-owners.js';
import { auditErrorCodesSchema } from './migration-10-audit-error-codes.js';
import { auditErrorCodeIndexSchema } from './migration-11-audit-error-code-index.js';
import { skillCopyEnabledSchema } from './migration-12-skill-copy-enabled.js';
import { chatCodeBudgetSchema } from './migration-13-chat-code-budget.js';
import { backgroundCallStatusSchema } from './migration-14-background-call-status.js';
import { backgroundCallCodesSchema } from './migration-15-background-call-codes.js';
import { skillProcessTokensSchema } from './migration-16-skill-process-tokens.js';
import { processLeasesSchema } from './migration-17-process-leases.js';
import type { StartRefusal } from '../../shared/start-refusals-zh-CN.js';

type Db = Database.Database;

export interface Migration {
  /** A short description, used in error messages. */
  name: string;
  up(db: Db): void;
}

/** Every migration, in order. Append only: never edit or reorder one that has shipped. */
export const MIGRATIONS: readonly Migration[] = [
  { name: 'initial schema', up: (db) => db.exec(initialSchema) },
  { name: 'scheduled task runs', up: (db) => db.exec(taskRunsSchema) },
  { name: 'audit search index in batches', up: (db) => db.exec(auditIndexBatchesSchema) },
  { name: 'skill process groups and work owners', up: (db) => db.exec(skillProcessesSchema) },
  { name: 'approval owners', up: (db) => db.exec(approvalOwnersSchema) },
  { name: 'turn owners', up: (db) => db.exec(turnOwnersSchema) },
  { name: 'task result codes', up: (db) => db.exec(taskResultCodesSchema) },
  { name: 'approval skill origin', up: (db) => db.exec(approvalSkillOriginSchema) },
  { name: 'task run owners', up: (db) => db.exec(taskRunOwnersSchema) },
  { name: 'audit error codes', up: (db) => db.exec(auditErrorCodesSchema) },
  { name: 'audit error code index', up: (db) => db.exec(auditErrorCodeIndexSchema) },
  { name: 'skill copy switch', up: (db) => db.exec(skillCopyEnabledSchema) },
  { name: 'chat code budget', up: (db) => db.exec(chatCodeBudgetSchema) },
  { name: 'background call status', up: (db) => db.exec(backgroundCallStatusSchema) },
  { name: 'background call codes', up: (db) => db.exec(backgroundCallCodesSchema) },
  { name: 'skill process tokens', up: (db) => db.exec(skillProcessTokensSchema) },
  { name: 'process leases', up: (db) => db.exec(processLeasesSchema) },
];

/** The database was written by a newer iAs than this one. The file is left untouched. */
export class DatabaseTooNewError extends Error {
  override readonly name = 'DatabaseTooNewError';
  /** The same by its code, said in the owner's language where iAs says why it did not start. */
  readonly messageCode: Extract<StartRefusal, { code: 'database-too-new' }>;

  constructor(
    readonly file: string,
    readonly found: number,
    readonly known: number,
  ) {
    super(
      `The database ${file} has schema version ${found}, but this version of iAs only knows up to ${known}: ` +
        'it was written by a newer iAs. Update iAs to open it. The file was left unchanged.',
    );
    this.messageCode = { code: 'database-too-new', params: { file, found, known } };
  }
}

export class MigrationError extends Error {
  override readonly name = 'MigrationError';

  constructor(
    readonly version: number,
    readonly migration: string,
    override readonly cause: unknown,
  ) {
    super(
      `Database migration ${version} (${migration}) failed and was rolled back: ` +
        (cause instanceof Error ? cause.message : String(cause)),
    );
  }
}

export function schemaVersion(db: Db): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/**
 * Applies the migrations the database lacks and returns the versions it applied. Each step re-reads
 * the version inside its (immediate) transaction, so two processes opening the same file at once
 * never apply a migration twice.
 */
export function runMigrations(db: Db, migrations: readonly Migration[] = MIGRATIONS): number[] {
  const current = schemaVersion(db);
  if (current > migrations.length) throw new DatabaseTooNewError(db.name, current, migrations.length);
  const applied: number[] = [];
  for (let version = current + 1; version <= migrations.length; version++) {
    const migration = migrations[version - 1]!;
    const apply = db.transaction(() => {
      if (schemaVersion(db) >= version) return false;
      migration.up(db);
      db.pragma(`user_version = ${version}`);
      return true;
    });
    try {
      if (apply.immediate()) applied.push(version);
    } catch (error) {
      throw new MigrationError(version, migration.name, error);
    }
  }
  return applied;
}
