/**
 * App settings: one JSON value per key. A key set or deleted by this process is told as `changed`
 * (another process's writes are found by comparing what is read, see api/outside-changes.ts).
 */
import { EventEmitter } from 'node:events';
import type Database from 'better-sqlite3';

type Db = Database.Database;

export class SettingsRepo extends EventEmitter<{ changed: [key: string] }> {
  private readonly getStmt;
  private readonly allStmt;
  private readonly setStmt;
  private readonly deleteStmt;

  constructor(db: Db) {
    super();
    this.getStmt = db.prepare<[string], string>(`SELECT value FROM settings WHERE key = ?`).pluck();
    this.allStmt = db.prepare<[], { key: string; value: string }>(`SELECT key, value FROM settings ORDER BY key`);
    this.setStmt = db.prepare<[string, string, number]>(
      `INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)
       ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
    );
    this.deleteStmt = db.prepare<[string]>(`DELETE FROM settings WHERE key = ?`);
  }

  /** The stored value, parsed from JSON; undefined when the key is not set. The caller vouches for T. */
  get<T = unknown>(key: string): T | undefined {
    const value = this.getStmt.get(key);
    return value === undefined ? undefined : (JSON.parse(value) as T);
  }

  /** Stores any JSON-serialisable value; undefined deletes the key. */
  set(key: string, value: unknown): void {
    const json = JSON.stringify(value);
    if (json === undefined) {
      this.delete(key);
      return;
    }
    this.setStmt.run(key, json, Date.now());
    this.emit('changed', key);
  }

  /** Returns whether the key was set. */
  delete(key: string): boolean {
    const deleted = this.deleteStmt.run(key).changes > 0;
    if (deleted) this.emit('changed', key);
    return deleted;
  }

  all(): Record<string, unknown> {
    const result: Record<string, unknown> = {};
    for (const { key, value } of this.allStmt.all()) result[key] = JSON.parse(value);
    return result;
  }
}
