/**
 * Opens the one SQLite file of iAs: WAL, foreign keys, a busy timeout, an integrity check at open and
 * the schema migrations. A damaged file is moved aside, unchanged, and reported; it is never deleted.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { folderRefusalReason } from '../../shared/folder-refusal-reasons.js';
import type { StartRefusal } from '../../shared/start-refusals-zh-CN.js';
import { MIGRATIONS, runMigrations } from './migrations.js';

export type Db = Database.Database;

/** Thrown when the database file is damaged. The damaged copy is kept at `keptAt`. */
export class DatabaseDamagedError extends Error {
  override readonly name = 'DatabaseDamagedError';
  /** The same by its code, said in the owner's language where iAs says why it did not start. */
  readonly messageCode: Extract<StartRefusal, { code: 'database-damaged' }>;

  constructor(
    readonly file: string,
    readonly keptAt: string,
    readonly reason: string,
  ) {
    super(
      `The database ${file} is damaged (${reason}). It was moved aside, unchanged, to ${keptAt}; ` +
        'opening the database again starts a new, empty one. The damaged copy is kept and can be ' +
        'inspected or salvaged with the sqlite3 ".recover" command.',
    );
    this.messageCode = { code: 'database-damaged', params: { file, keptAt, reason } };
  }
}

const SIDE_FILES = ['', '-wal', '-shm'] as const;

function isCorruption(error: unknown): boolean {
  const code = error instanceof Database.SqliteError ? error.code : undefined;
  return code !== undefined && (code.startsWith('SQLITE_CORRUPT') || code.startsWith('SQLITE_NOTADB'));
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Runs `PRAGMA quick_check` on a read-only connection, so nothing is written to a damaged file (a
 * read-write connection would checkpoint a leftover WAL into it when closed). Returns the problem
 * found, or undefined when the file is sound.
 */
function checkIntegrity(file: string): string | undefined {
  if (!fs.existsSync(file) || fs.statSync(file).size === 0) return undefined;
  let check: Db | undefined;
  try {
    check = new Database(file, { readonly: true, fileMustExist: true, timeout: 5000 });
    const rows = check.pragma('quick_check') as { quick_check: string }[];
    const problems = rows.map((row) => row.quick_check).filter((text) => text !== 'ok');
    if (problems.length > 0) return `integrity check failed: ${problems.slice(0, 3).join('; ')}`;
    return undefined;
  } catch (error) {
    if (isCorruption(error)) return describe(error);
    throw error;
  } finally {
    check?.close();
  }
}

/** `<file>.damaged-<ISO time without colons>`, with a counter if that name is taken by any of the three files. */
function damagedName(file: string, now: Date): string {
  const base = `${file}.damaged-${now.toISOString().replace(/:/g, '')}`;
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (SIDE_FILES.every((suffix) => !fs.existsSync(candidate + suffix))) return candidate;
  }
}

/** Renames the file and its -wal/-shm aside (a rename keeps them byte for byte) and returns the new path. */
export function moveAside(file: string, now = new Date()): string {
  const target = damagedName(file, now);
  for (const suffix of SIDE_FILES) {
    if (fs.existsSync(file + suffix)) fs.renameSync(file + suffix, target + suffix);
  }
  return target;
}

function closeQuietly(db: Db | undefined): void {
  try {
    db?.close();
  } catch {
    // Already failing: the first error is the one to report.
  }
}

function damaged(file: string, reason: string): DatabaseDamagedError {
  return new DatabaseDamagedError(file, moveAside(file), reason);
}

/**
 * The database holds the conversations, the audit log and settings: readable by the owner only,
 * whatever the umask. The file is made 0600 before SQLite opens
 * it, so SQLite gives the -wal and -shm files it creates the same mode; files an earlier version
 * left readable by others are made private.
 */
function keepPrivate(file: string): void {
  if (process.platform === 'win32') return;
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  for (const suffix of SIDE_FILES) {
    const stat = fs.statSync(file + suffix, { throwIfNoEntry: false });
    if (stat && (stat.mode & 0o077) !== 0) fs.chmodSync(file + suffix, stat.mode & 0o700);
  }
}

/** Why the data folder cannot be made: a file in its place, or what the system answered. */
export type DataFolderProblem =
  | { code: 'data-folder-not-folder'; params: { folder: string } }
  | { code: 'data-folder-unmakeable'; params: { folder: string; reason: string } };

/** Thrown when the data folder cannot be made (a file stands where it or a parent should be, or the system refuses). */
export class DataFolderError extends Error {
  readonly messageCode: DataFolderProblem;

  constructor(folder: string, reason?: string) {
    super(
      reason === undefined
        ? `iAs did not start: its data folder ${folder} cannot be made: a file, not a folder, is there or in ` +
            'the place of one of its parents. Choose another folder with IAS_HOME or --home, or move that file.'
        : `iAs did not start: its data folder ${folder} cannot be made: the system refused (${folderRefusalReason(reason, 'en')}). ` +
            'Choose another folder with IAS_HOME or --home.',
    );
    this.name = 'DataFolderError';
    this.messageCode =
      reason === undefined
        ? { code: 'data-folder-not-folder', params: { folder } }
        : { code: 'data-folder-unmakeable', params: { folder, reason } };
  }
}

/**
 * Makes the data folder (0700 when new; an existing one keeps its mode), one level at a time: Node's
 * recursive mkdir never ends where the system answers ENOENT for a parent that is there (/proc).
 */
export function makeDataFolder(folder: string): void {
  const missing: string[] = [];
  for (let at = path.resolve(folder); ; at = path.dirname(at)) {
    const stat = statOf(folder, at);
    if (stat?.isDirectory()) break;
    if (stat) throw new DataFolderError(folder);
    missing.unshift(at);
    if (path.dirname(at) === at) break;
  }
  for (const at of missing) {
    try {
      fs.mkdirSync(at, { mode: 0o700 });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      // Made meanwhile by another process: fine if it is a folder.
      if (code === 'EEXIST' && statOf(folder, at)?.isDirectory()) continue;
      if (code === 'EEXIST' || code === 'ENOTDIR') throw new DataFolderError(folder);
      throw new DataFolderError(folder, code ?? String(err));
    }
  }
}

/** `at`'s stat (undefined when nothing is there); a file in the place of a parent is `folder`'s DataFolderError. */
function statOf(folder: string, at: string): fs.Stats | undefined {
  try {
    return fs.statSync(at, { throwIfNoEntry: false });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOTDIR') throw new DataFolderError(folder);
    throw new DataFolderError(folder, code ?? String(err));
  }
}

/**
 * Opens (creating it and its folder if needed) the database file and brings its schema up to date.
 * Throws DatabaseDamagedError if the file is damaged, after moving it aside; throws
 * DatabaseTooNewError if it was written by a newer iAs, leaving it untouched; throws DataFolderError
 * if a file stands where its folder should be.
 */
export function openDatabase(file: string): Db {
  const resolved = path.resolve(file);
  // A new data folder is the owner's alone (an existing one keeps the mode it was given).
  makeDataFolder(path.dirname(resolved));
  // Private first: a damaged file is kept, so it must not stay readable by others where it is kept.
  keepPrivate(resolved);
  const problem = checkIntegrity(resolved);
  if (problem) throw damaged(resolved, problem);

  let db: Db | undefined;
  try {
    db = new Database(resolved, { timeout: 5000 });
    db.pragma('busy_timeout = 5000');
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    runMigrations(db, MIGRATIONS);
    return db;
  } catch (error) {
    closeQuietly(db);
    if (isCorruption(error)) throw damaged(resolved, describe(error));
    throw error;
  }
}
