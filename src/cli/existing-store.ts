/** The data folder's database when there is one: read by commands that must create nothing. */
import fs from 'node:fs';
import { openStore, type Store } from '../core/store/index.js';

/** Calls `fn` with the store, or with undefined when there is no database or it cannot be opened. */
export function withExistingStore<T>(database: string, fn: (store: Store | undefined) => T): T {
  if (!fs.existsSync(database)) return fn(undefined);
  let store;
  try {
    store = openStore(database);
  } catch {
    return fn(undefined); // an unreadable database has nothing to offer
  }
  try {
    return fn(store);
  } finally {
    store.close();
  }
}
