/** The leases of the iAs processes on this database (see process-leases.ts and migration 17). */
import Database from 'better-sqlite3';
import { leaseClock, LEASE_STALE_MS, type LeaseBook, type Leases } from '../process-leases.js';
import type { ProcessOwner } from '../process-identity.js';

type Db = Database.Database;

interface LeaseRow {
  identity: string;
  renewedAt: number;
}

const ALL = 'SELECT identity, renewed_at AS renewedAt FROM process_leases';

/** Leases read once, at the first question (a sweep whose owners are all of this namespace reads none). */
function readOnce(read: () => LeaseRow[]): Leases {
  let rows: Map<string, number> | undefined;
  let at = 0;
  const load = () => {
    if (!rows) {
      rows = new Map(read().map((row) => [row.identity, row.renewedAt]));
      at = leaseClock();
    }
    return rows;
  };
  return {
    renewedAt: (identity) => load().get(identity),
    now: () => (load(), at),
  };
}

export class ProcessLeasesRepo implements LeaseBook {
  private readonly renewStmt;
  private readonly endStmt;
  private readonly pruneStmt;
  private readonly allStmt;
  readonly place: string;

  constructor(db: Db) {
    this.place = db.name;
    this.renewStmt = db.prepare<[string, number, number]>(
      `INSERT INTO process_leases (identity, pid, renewed_at) VALUES (?, ?, ?)
       ON CONFLICT (identity) DO UPDATE SET pid = excluded.pid, renewed_at = excluded.renewed_at`,
    );
    this.endStmt = db.prepare<[string]>('DELETE FROM process_leases WHERE identity = ?');
    this.pruneStmt = db.prepare<{ boot: string; stale: number }>(
      `DELETE FROM process_leases
       WHERE substr(identity, 1, length(@boot)) <> @boot OR renewed_at < @stale`,
    );
    this.allStmt = db.prepare<[], LeaseRow>(ALL);
  }

  renew(owner: ProcessOwner, now = leaseClock()): void {
    this.renewStmt.run(owner.identity, owner.pid, now);
  }

  end(identity: string): void {
    this.endStmt.run(identity);
  }

  /** Forgets the leases that say nothing any more: of an earlier boot (another clock), or stale (same as none). */
  prune(owner: ProcessOwner, now = leaseClock()): void {
    const boot = `${owner.identity.split(':').slice(0, 2).join(':')}:`;
    this.pruneStmt.run({ boot, stale: now - LEASE_STALE_MS });
  }

  /** Every lease, read at the first question asked of them (one read, however many owners are judged). */
  leases(): Leases {
    return readOnce(() => this.allStmt.all());
  }
}

const books = new WeakMap<Db, ProcessLeasesRepo>();

/** The leases' repository of `db` (one per connection, its statements prepared once). */
export function leaseBookOf(db: Db): ProcessLeasesRepo {
  let book = books.get(db);
  if (!book) {
    book = new ProcessLeasesRepo(db);
    books.set(db, book);
  }
  return book;
}

/** The leases on `db`, read at the first question (see ProcessLeasesRepo.leases). */
export function leasesIn(db: Db): Leases {
  return leaseBookOf(db).leases();
}

/**
 * The leases in the database file `file`, read now on a read-only connection (before the store is
 * opened: the serve lock); undefined when they cannot be read (no file yet, an older schema, busy).
 */
export function leasesInFile(file: string): Leases | undefined {
  let db: Db | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true, timeout: 1000 });
    const rows = db.prepare<[], LeaseRow>(ALL).all();
    return readOnce(() => rows);
  } catch {
    return undefined;
  } finally {
    db?.close();
  }
}
