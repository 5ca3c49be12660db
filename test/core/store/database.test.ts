import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import {
  DatabaseDamagedError,
  DatabaseTooNewError,
  MIGRATIONS,
  moveAside,
  openDatabase,
  runMigrations,
} from '../../../src/core/store/index.js';
import { onCleanup, tempDir } from '../../helpers/temp.js';

function open(file: string) {
  const db = openDatabase(file);
  onCleanup(() => db.open && db.close());
  return db;
}

function tables(db: Database.Database): string[] {
  return (
    db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).pluck().all() as string[]
  ).filter((name) => !name.startsWith('audit_fts_') && !name.startsWith('sqlite_'));
}

/** A real database file with some rows, closed cleanly. */
function makeDatabase(file: string): void {
  const db = openDatabase(file);
  const insert = db.prepare(`INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)`);
  db.transaction(() => {
    for (let i = 0; i < 2000; i++) insert.run(`key-${i}`, JSON.stringify('x'.repeat(200)), i);
  })();
  db.close();
}

function damagedCopies(dir: string, base: string): string[] {
  return fs
    .readdirSync(dir)
    .filter((name) => name.startsWith(`${base}.damaged-`))
    .sort();
}

describe('openDatabase', () => {
  it('creates the folder and the schema, with WAL, foreign keys, a busy timeout and synchronous NORMAL', () => {
    const file = path.join(tempDir(), 'nested', 'deeper', 'ias.db');
    const db = open(file);
    expect(fs.existsSync(file)).toBe(true);
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(db.pragma('synchronous', { simple: true })).toBe(1);
    expect(tables(db)).toEqual([
      'audit_fts',
      'audit_log',
      'background_jobs',
      'conversations',
      'messages',
      'pending_approvals',
      'process_leases',
      'scheduled_tasks',
      'settings',
      'skill_processes',
      'skill_settings',
    ]);
  });

  it('reopens an up-to-date database without changing it', () => {
    const file = path.join(tempDir(), 'ias.db');
    const first = open(file);
    first.prepare(`INSERT INTO settings (key, value, updated_at) VALUES ('a', '1', 1)`).run();
    const schema = first.prepare(`SELECT sql FROM sqlite_master ORDER BY name`).pluck().all();
    first.close();
    const again = open(file);
    expect(again.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    expect(runMigrations(again)).toEqual([]);
    expect(again.prepare(`SELECT sql FROM sqlite_master ORDER BY name`).pluck().all()).toEqual(schema);
    expect(again.prepare(`SELECT value FROM settings WHERE key = 'a'`).pluck().get()).toBe('1');
  });

  it('enforces foreign keys: deleting a conversation deletes its messages', () => {
    const db = open(path.join(tempDir(), 'ias.db'));
    db.prepare(`INSERT INTO conversations (id, title, created_at, updated_at) VALUES ('c1', 'Hi', 1, 1)`).run();
    db.prepare(
      `INSERT INTO messages (conversation_id, role, content, created_at) VALUES ('c1', 'user', 'hello', 1)`,
    ).run();
    expect(() =>
      db
        .prepare(`INSERT INTO messages (conversation_id, role, content, created_at) VALUES ('nope', 'user', 'x', 1)`)
        .run(),
    ).toThrow(/FOREIGN KEY/);
    db.prepare(`DELETE FROM conversations WHERE id = 'c1'`).run();
    expect(db.prepare(`SELECT count(*) FROM messages`).pluck().get()).toBe(0);
  });

  it('refuses a database written by a newer iAs and leaves it untouched', () => {
    const file = path.join(tempDir(), 'ias.db');
    open(file).close();
    const raw = new Database(file);
    raw.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    raw.close();
    const before = fs.readFileSync(file);
    expect(() => openDatabase(file)).toThrow(DatabaseTooNewError);
    expect(() => openDatabase(file)).toThrow(/newer/);
    expect(fs.readFileSync(file).equals(before)).toBe(true);
  });

  it('moves a database with damaged pages aside, byte for byte, and says where', () => {
    const dir = tempDir();
    const file = path.join(dir, 'ias.db');
    makeDatabase(file);
    const bytes = fs.readFileSync(file);
    bytes.fill(0x5a, 4096 * 2, 4096 * 6); // garbage over some pages, the header left intact
    fs.writeFileSync(file, bytes);

    let error: unknown;
    try {
      openDatabase(file);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DatabaseDamagedError);
    const damaged = error as DatabaseDamagedError;
    expect(damaged.file).toBe(file);
    expect(path.basename(damaged.keptAt)).toMatch(/^ias\.db\.damaged-\d{4}-\d{2}-\d{2}T\d{6}\.\d{3}Z$/);
    expect(damaged.message).toContain('damaged');
    expect(damaged.message).toContain(damaged.keptAt);
    expect(fs.existsSync(file)).toBe(false);
    expect(fs.readFileSync(damaged.keptAt).equals(bytes)).toBe(true);

    // The next open starts afresh; the damaged copy stays.
    const fresh = open(file);
    expect(fresh.prepare(`SELECT count(*) FROM settings`).pluck().get()).toBe(0);
    expect(fs.readFileSync(damaged.keptAt).equals(bytes)).toBe(true);
  });

  it('treats a file that is not SQLite as damaged', () => {
    const dir = tempDir();
    const file = path.join(dir, 'ias.db');
    const text = Buffer.from('this is not a database, just some notes\n'.repeat(200));
    fs.writeFileSync(file, text);
    expect(() => openDatabase(file)).toThrow(DatabaseDamagedError);
    const [copy] = damagedCopies(dir, 'ias.db');
    expect(copy).toBeDefined();
    expect(fs.readFileSync(path.join(dir, copy!)).equals(text)).toBe(true);
  });

  it('keeps a leftover WAL with the damaged file, unchanged, and never overwrites an earlier copy', () => {
    const dir = tempDir();
    const source = path.join(dir, 'source.db');
    const file = path.join(dir, 'ias.db');
    makeDatabase(source);
    // Leave committed pages in the WAL, as a crash would, and copy the files while it is open.
    const live = new Database(source);
    live.pragma('wal_autocheckpoint = 0');
    live.prepare(`UPDATE settings SET value = '"changed"'`).run();
    for (const suffix of ['', '-wal', '-shm']) fs.copyFileSync(source + suffix, file + suffix);
    live.close();
    const main = fs.readFileSync(file);
    main.fill(0x00, 4096 * 2, 4096 * 4);
    fs.writeFileSync(file, main);
    const wal = fs.readFileSync(`${file}-wal`);
    expect(wal.length).toBeGreaterThan(0);

    for (let round = 0; round < 2; round++) {
      if (round === 1) {
        fs.writeFileSync(file, main);
        fs.writeFileSync(`${file}-wal`, wal);
      }
      expect(() => openDatabase(file)).toThrow(DatabaseDamagedError);
    }
    const copies = damagedCopies(dir, 'ias.db').filter((name) => !name.endsWith('-wal') && !name.endsWith('-shm'));
    expect(copies).toHaveLength(2);
    for (const copy of copies) {
      expect(fs.readFileSync(path.join(dir, copy)).equals(main)).toBe(true);
      expect(fs.readFileSync(path.join(dir, `${copy}-wal`)).equals(wal)).toBe(true);
    }
  });

  it('moves aside under a new name when one is taken', () => {
    const dir = tempDir();
    const file = path.join(dir, 'ias.db');
    const at = new Date('2025-03-04T05:06:07.089Z');
    fs.writeFileSync(file, 'first');
    fs.writeFileSync(`${file}-wal`, 'first wal');
    const first = moveAside(file, at);
    fs.writeFileSync(file, 'second');
    const second = moveAside(file, at);
    expect(path.basename(first)).toBe('ias.db.damaged-2025-03-04T050607.089Z');
    expect(path.basename(second)).toBe('ias.db.damaged-2025-03-04T050607.089Z-2');
    expect(fs.readFileSync(first, 'utf8')).toBe('first');
    expect(fs.readFileSync(`${first}-wal`, 'utf8')).toBe('first wal');
    expect(fs.readFileSync(second, 'utf8')).toBe('second');
  });
});
