/**
 * Each iAs process that records work says here, every few seconds, that it still runs (see
 * process-leases.ts): the one sign of life an iAs in another pid namespace of this boot (`ias serve`
 * in a container sharing the data folder with the app on the host) can read, where its pid means
 * another process or none. `renewed_at` is by the boot's monotonic clock, in milliseconds.
 */
export const processLeasesSchema = `
CREATE TABLE process_leases (
  identity TEXT PRIMARY KEY,
  pid INTEGER NOT NULL,
  renewed_at INTEGER NOT NULL
) WITHOUT ROWID;
`;
