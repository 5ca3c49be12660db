/**
 * Leases: how an iAs process tells iAs processes in another pid namespace of this boot that it still
 * runs (`ias serve` in a container sharing the data folder with the app on the host, or the reverse).
 * There its pid means another process or none, so /proc cannot tell (see process-identity.ts); so
 * each iAs process whose runtime records work renews a row of `process_leases` (its identity, its
 * pid, when) every LEASE_RENEW_MS, and deletes it when it closes. An owner of another namespace whose
 * lease is missing or older than LEASE_STALE_MS has ended: what it left is settled.
 */
import type { ProcessOwner } from './process-identity.js';

/** How often an iAs process renews its lease. */
export const LEASE_RENEW_MS = 10_000;

/**
 * How long a lease not renewed still says its process runs: six renewals, so that an iAs whose
 * renewals are held up for a while (a busy machine, a long synchronous write, the database locked by
 * another writer) is never taken for ended while it runs, which would cancel its approvals and kill
 * its skills' processes. The price: what an iAs killed in another pid namespace left is settled
 * within this limit (and the next sweep), not at once as for one of this namespace.
 */
export const LEASE_STALE_MS = 60_000;

/**
 * Now by this boot's monotonic clock, in milliseconds: one clock for every process of the boot,
 * whatever its pid namespace (containers get no time namespace of their own by default); not the
 * wall clock, which jumps when set and runs on while the machine sleeps, when nobody can renew (a
 * lease would read stale at waking). Leases are compared only within one boot.
 */
export function leaseClock(): number {
  return Number(process.hrtime.bigint() / 1_000_000n);
}

/** The leases as read from the database, once (see ProcessLeasesRepo.leases). */
export interface Leases {
  /** When the process with this identity last renewed its lease (by leaseClock); undefined when it has none. */
  renewedAt(identity: string): number | undefined;
  /** When they were read, by the same clock. */
  now(): number;
}

/** Whether the process with this identity has renewed its lease recently enough to count as running. */
export function leaseHeld(leases: Leases, identity: string): boolean {
  const renewed = leases.renewedAt(identity);
  return renewed !== undefined && leases.now() - renewed <= LEASE_STALE_MS;
}

/** What keeping a lease needs of the store (see ProcessLeasesRepo). */
export interface LeaseBook {
  /** The database the leases are kept in (its file): two books on one file hold one lease per process. */
  readonly place: string;
  renew(owner: ProcessOwner, now?: number): void;
  end(identity: string): void;
  prune(owner: ProcessOwner, now?: number): void;
}

/** How many runtimes of this process keep its lease in each database (by place and identity). */
const holders = new Map<string, number>();

/**
 * Takes this process's lease and renews it every `ms` (the timer keeps no process alive) until the
 * returned function is called, which deletes it unless another runtime of this process still keeps
 * it in the same database (they share the one row: deleting it under the other would let an iAs of
 * another namespace take that runtime's work for ended). Best effort: a renewal that fails (the
 * database busy) is made at the next, a lease that cannot be deleted goes stale; the leases that no
 * longer say anything are forgotten as it begins.
 */
export function keepLease(book: LeaseBook, owner: ProcessOwner, ms = LEASE_RENEW_MS): () => void {
  const key = `${book.place}\n${owner.identity}`;
  holders.set(key, (holders.get(key) ?? 0) + 1);
  const renew = () => {
    try {
      book.renew(owner);
    } catch {
      // Renewed at the next tick, well before the lease is stale.
    }
  };
  renew();
  try {
    book.prune(owner);
  } catch {
    // Forgotten at a later start.
  }
  const timer = setInterval(renew, ms);
  timer.unref?.();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    clearInterval(timer);
    const left = (holders.get(key) ?? 1) - 1;
    if (left > 0) {
      holders.set(key, left);
      return;
    }
    holders.delete(key);
    try {
      book.end(owner.identity);
    } catch {
      // Stale within LEASE_STALE_MS all the same.
    }
  };
}
