/** A database's write lock held by another connection, as a long write of another iAs process holds it. */
import Database from 'better-sqlite3';
import { onCleanup } from './temp.js';

/** Takes the write lock on the database `file` until released (at the latest after the test). */
export function holdWriteLock(file: string): { release(): void } {
  const db = new Database(file);
  db.exec('BEGIN IMMEDIATE');
  const release = () => {
    if (!db.open) return;
    if (db.inTransaction) db.exec('ROLLBACK');
    db.close();
  };
  onCleanup(release);
  return { release };
}
