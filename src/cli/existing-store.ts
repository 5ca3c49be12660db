/**
 * A peek at the data folder's database, for commands that must create nothing and for the words of
 * any command (its language): read-only, never moved, migrated or written.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type Database from 'better-sqlite3';
import { SettingsRepo } from '../core/store/settings-repo.js';
import { SkillSettingsRepo } from '../core/store/skill-settings-repo.js';

/**
 * better-sqlite3, loaded at the first peek (a help or an error text in the owner's language), not
 * when `ias` starts: `ias --version` needs no database, and the package takes milliseconds to load.
 * A require, as a peek is synchronous (commander formats help synchronously).
 */
let sqlite: typeof Database | undefined;
function openDatabase(file: string, options: Database.Options): Database.Database {
  sqlite ??= createRequire(import.meta.url)('better-sqlite3') as typeof Database;
  return new sqlite(file, options);
}

/** What a peek can read. */
export interface StorePeek {
  settings: Pick<SettingsRepo, 'get'>;
  skillSettings: Pick<SkillSettingsRepo, 'get'>;
}

/**
 * Calls `fn` with the database opened read-only, or with undefined when there is none or it cannot
 * be read. `fn` only reads: if it fails on the database (a damaged page, a table an older iAs has
 * not made yet), it is called again with undefined, as if nothing were set. A damaged file is left
 * where it is, for the command's own opening to find and report (see core/store/database.ts).
 */
export function withExistingStore<T>(database: string, fn: (store: StorePeek | undefined) => T): T {
  if (!fs.existsSync(database)) return fn(undefined);
  let db: Database.Database | undefined;
  try {
    db = openDatabase(database, { readonly: true, fileMustExist: true, timeout: 1000 });
    const open = db;
    // Each table is prepared only when asked for, so one that cannot be read spoils no other.
    let settings: SettingsRepo | undefined;
    let skillSettings: SkillSettingsRepo | undefined;
    return fn({
      get settings() {
        return (settings ??= new SettingsRepo(open));
      },
      get skillSettings() {
        return (skillSettings ??= new SkillSettingsRepo(open));
      },
    });
  } catch {
    return fn(undefined); // an unreadable database has nothing to offer
  } finally {
    try {
      db?.close();
    } catch {
      // Nothing was written: there is nothing to lose.
    }
  }
}
