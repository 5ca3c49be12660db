import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import {
  DatabaseTooNewError,
  MigrationError,
  runMigrations,
  schemaVersion,
  type Migration,
} from '../../../src/core/store/index.js';
import { onCleanup, tempDir } from '../../helpers/temp.js';

function rawDatabase(): Database.Database {
  const db = new Database(path.join(tempDir(), 'raw.db'));
  onCleanup(() => db.close());
  return db;
}

const createA: Migration = { name: 'create a', up: (db) => db.exec(`CREATE TABLE a (x INTEGER)`) };
const createB: Migration = { name: 'create b', up: (db) => db.exec(`CREATE TABLE b (y INTEGER)`) };
const failing: Migration = {
  name: 'half done',
  up: (db) => {
    db.exec(`CREATE TABLE c (z INTEGER); INSERT INTO a VALUES (1)`);
    throw new Error('boom');
  },
};

const tableNames = (db: Database.Database) =>
  db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).pluck().all();

describe('runMigrations', () => {
  it('applies the missing migrations in order and records the version', () => {
    const db = rawDatabase();
    expect(runMigrations(db, [createA])).toEqual([1]);
    expect(runMigrations(db, [createA, createB])).toEqual([2]);
    expect(runMigrations(db, [createA, createB])).toEqual([]);
    expect(schemaVersion(db)).toBe(2);
    expect(tableNames(db)).toEqual(['a', 'b']);
  });

  it('rolls a failing migration back entirely and keeps the earlier ones', () => {
    const db = rawDatabase();
    expect(() => runMigrations(db, [createA, failing, createB])).toThrow(MigrationError);
    expect(schemaVersion(db)).toBe(1);
    expect(tableNames(db)).toEqual(['a']);
    expect(db.prepare(`SELECT count(*) FROM a`).pluck().get()).toBe(0);
    expect(() => runMigrations(db, [createA, failing])).toThrow(
      /migration 2 \(half done\) failed and was rolled back: boom/,
    );
  });

  it('refuses a database newer than the migrations it knows', () => {
    const db = rawDatabase();
    runMigrations(db, [createA, createB]);
    expect(() => runMigrations(db, [createA])).toThrow(DatabaseTooNewError);
    expect(schemaVersion(db)).toBe(2);
  });
});
