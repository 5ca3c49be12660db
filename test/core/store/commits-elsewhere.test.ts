/**
 * Commits of other connections to the database (other iAs processes) are noticed: through a watch
 * of the WAL file where the system tells its writes at once, else by reading `data_version` often.
 */
import fs from 'node:fs';
import path from 'node:path';
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

it('without a watch, the version read every so often tells the commits of others', async () => {
  const w = twoConnections({ watch: false, pollMs: 100 });
  w.there.conversations.create('elsewhere', 'made by another process');
  await eventually(() => expect(w.noticed()).toBe(1));
  // This connection's own commits do not move the version: only the other's next one is noticed.
  w.here.conversations.create('here', 'made here');
  w.there.conversations.rename('elsewhere', 'renamed elsewhere');
  await eventually(() => expect(w.noticed()).toBe(2));
});
