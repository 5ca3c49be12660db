/**
 * Commits of other connections to the database (other iAs processes) are noticed: through a watch
 * of the WAL file where the system tells its writes at once, else by reading `data_version` often.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, it, vi } from 'vitest';
import { watchCommitsElsewhere, type CommitsElsewhereOptions } from '../../../src/core/store/commits-elsewhere.js';
import { openStore } from '../../../src/core/store/index.js';
import { onCleanup, tempDir } from '../../helpers/temp.js';

/** Two connections to one database file, as two iAs processes hold it; `here` watches for the other's commits. */
function twoConnections(options: CommitsElsewhereOptions) {
  const file = path.join(tempDir('ias-commits-'), 'ias.db');
  const here = openStore(file);
  const there = openStore(file);
  let noticed = 0;
  const stop = watchCommitsElsewhere(here.db, () => noticed++, options);
  onCleanup(() => {
    stop();
    there.close();
    here.close();
  });
  return { here, there, noticed: () => noticed };
}

const eventually = (check: () => void) => vi.waitFor(check, { timeout: 15_000, interval: 20 });

it.runIf(process.platform !== 'win32')(
  'a write to the watched WAL file has it look at once, not at the slow poll',
  async () => {
    // Either poll would come after this test's time: only the watch can tell.
    const w = twoConnections({ watchedPollMs: 600_000, pollMs: 600_000 });
    w.there.conversations.create('elsewhere', 'made by another process');
    await eventually(() => expect(w.noticed()).toBe(1));
    w.there.conversations.append('elsewhere', 'user', 'and written to');
    await eventually(() => expect(w.noticed()).toBe(2));
  },
);

it.runIf(process.platform !== 'win32')(
  "a 'rename' told of the WAL file still there (as macOS tells a write that does not grow it) keeps the watch",
  async () => {
    const w = twoConnections({ watchedPollMs: 600_000, pollMs: 600_000 });
    w.there.conversations.create('elsewhere', 'made by another process');
    await eventually(() => expect(w.noticed()).toBe(1));
    // The same file moved away and back: 'rename' events, and the file at its place as before.
    const wal = `${w.here.db.name}-wal`;
    fs.renameSync(wal, `${wal}.moved`);
    fs.renameSync(`${wal}.moved`, wal);
    await new Promise((resolve) => setTimeout(resolve, 200));
    w.there.conversations.append('elsewhere', 'user', 'written after');
    await vi.waitFor(() => expect(w.noticed()).toBe(2), { timeout: 3000, interval: 20 });
  },
);

/**
 * Two connections as in twoConnections, the watching one opened here to see its statements: it
 * holds a read transaction (`holdSnapshot`) and ends it right after its next look at the version,
 * so that look finds the commits as they were, as when a commit's index update comes after the
 * look. Ending it writes nothing to the WAL file. Only the watch looks within the test's time.
 */
function heldSnapshot() {
  const file = path.join(tempDir('ias-commits-'), 'ias.db');
  const there = openStore(file);
  let looks = 0;
  let release = false;
  const here = new Database(file, {
    verbose: (sql) => {
      if (sql !== 'PRAGMA data_version') return;
      looks++;
      if (release) setImmediate(() => here.exec('COMMIT'));
      release = false;
    },
  });
  let noticed = 0;
  const stop = watchCommitsElsewhere(here, () => noticed++, { watchedPollMs: 600_000, pollMs: 600_000 });
  onCleanup(() => {
    stop();
    if (here.inTransaction) here.exec('COMMIT');
    here.close();
    there.close();
  });
  return {
    there,
    noticed: () => noticed,
    looks: () => looks,
    holdSnapshot() {
      here.exec('BEGIN');
      here.prepare('SELECT count(*) FROM conversations').get();
      release = true;
    },
  };
}

it.runIf(process.platform !== 'win32')(
  'a commit not yet seen at the look after its write is looked for once more, not left to the slow poll',
  async () => {
    const w = heldSnapshot();
    w.holdSnapshot();
    const before = w.looks();
    w.there.conversations.create('elsewhere', 'made by another process');
    await vi.waitFor(() => expect(w.noticed()).toBe(1), { timeout: 3000, interval: 20 });
    // Found by a look after the first.
    expect(w.looks() - before).toBeGreaterThanOrEqual(2);
  },
);

it.runIf(process.platform !== 'win32')(
  'writes that came during the wait have it look once more, after a commit found at the first look',
  async () => {
    const w = heldSnapshot();
    w.there.conversations.create('first', 'made by another process');
    // Its write told (the wait begun), then a second commit, which the first look does not see.
    await new Promise((resolve) => setTimeout(resolve, 5));
    w.holdSnapshot();
    w.there.conversations.create('second', 'made by another process');
    await vi.waitFor(() => expect(w.noticed()).toBe(2), { timeout: 3000, interval: 20 });
  },
);

it('without a watch, the version read every so often tells the commits of others', async () => {
  const w = twoConnections({ watch: false, pollMs: 100 });
  w.there.conversations.create('elsewhere', 'made by another process');
  await eventually(() => expect(w.noticed()).toBe(1));
  // This connection's own commits do not move the version: only the other's next one is noticed.
  w.here.conversations.create('here', 'made here');
  w.there.conversations.rename('elsewhere', 'renamed elsewhere');
  await eventually(() => expect(w.noticed()).toBe(2));
});
