import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../../src/core/store/index.js';
import { holdWriteLock } from '../../helpers/held-lock.js';
import { tempDir } from '../../helpers/temp.js';

describe('closing the store', () => {
  it('closes while another connection holds the write lock, and leaves the database whole', () => {
    const file = path.join(tempDir(), 'ias.db');
    const store = openStore(file);
    // Enough rows, and queries through their indexes, for SQLite's optimize to want to analyze.
    store.atomically(() => {
      for (let i = 0; i < 200; i++) store.conversations.create(`c-${i}`, `title ${i}`, i);
    });
    store.conversations.list(10);
    store.conversations.get('c-7');
    const lock = holdWriteLock(file);

    expect(() => store.close()).not.toThrow();
    lock.release();

    const check = new Database(file, { readonly: true, fileMustExist: true });
    expect(check.pragma('quick_check', { simple: true })).toBe('ok');
    check.close();
    const again = openStore(file);
    expect(again.conversations.get('c-7')?.title).toBe('title 7');
    again.close();
    expect(fs.readdirSync(path.dirname(file)).filter((name) => name.includes('damaged'))).toEqual([]);
  });
});
