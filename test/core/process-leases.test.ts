/**
 * An iAs runtime's lease (see process-leases.ts): taken as it opens the store, renewed while it
 * runs, deleted when it closes; the leases that no longer say anything are forgotten as it starts.
 * A real runtime on a real SQLite file.
 */
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { thisProcess } from '../../src/core/process-identity.js';
import { LEASE_STALE_MS, leaseClock, leaseHeld } from '../../src/core/process-leases.js';
import { openRuntime } from '../../src/core/runtime.js';
import { openStore } from '../../src/core/store/index.js';
import { onCleanup, tempDir } from '../helpers/temp.js';

const renewedAt = (db: import('better-sqlite3').Database, identity: string) =>
  db.prepare<[string], { renewed_at: number }>('SELECT renewed_at FROM process_leases WHERE identity = ?').get(identity)
    ?.renewed_at;

describe.runIf(process.platform === 'linux')("an iAs runtime's lease", () => {
  it('is taken as it opens, kept fresh while it runs and deleted when it closes', async () => {
    const me = thisProcess()!;
    const app = await openRuntime({
      home: tempDir('ias-lease-'),
      systemSkills: tempDir('ias-no-skills-'),
      leaseRenewMs: 20,
    });
    onCleanup(() => void app.close());
    expect(leaseHeld(app.store.leases.leases(), me.identity)).toBe(true);
    // As if it had not been renewed for long: the next renewal makes it fresh again.
    const stale = leaseClock() - 10 * LEASE_STALE_MS;
    app.store.db.prepare('UPDATE process_leases SET renewed_at = ? WHERE identity = ?').run(stale, me.identity);
    expect(leaseHeld(app.store.leases.leases(), me.identity)).toBe(false);
    await vi.waitFor(() => expect(renewedAt(app.store.db, me.identity)).toBeGreaterThan(stale), { timeout: 10_000 });
    expect(leaseHeld(app.store.leases.leases(), me.identity)).toBe(true);
    await app.close();
    const after = openStore(app.paths.database);
    onCleanup(() => after.close());
    expect(after.db.prepare('SELECT identity FROM process_leases').all()).toEqual([]);
  });

  it('stays while another runtime of this process still runs on the same database', async () => {
    const me = thisProcess()!;
    const home = tempDir('ias-lease-');
    const systemSkills = tempDir('ias-no-skills-');
    const first = await openRuntime({ home, systemSkills });
    const second = await openRuntime({ home, systemSkills });
    onCleanup(() => void first.close());
    onCleanup(() => void second.close());
    await first.close();
    expect(renewedAt(second.store.db, me.identity)).toBeDefined();
    expect(leaseHeld(second.store.leases.leases(), me.identity)).toBe(true);
    await second.close();
    const after = openStore(path.join(home, 'ias.db'));
    onCleanup(() => after.close());
    expect(after.db.prepare('SELECT identity FROM process_leases').all()).toEqual([]);
  });

  it('forgets, as it starts, the leases of an earlier boot and the stale ones, and keeps the fresh ones', async () => {
    const home = tempDir('ias-lease-');
    const before = openStore(path.join(home, 'ias.db'));
    const [system = '', boot = ''] = thisProcess()!.identity.split(':');
    const thisBoot = (start: string) => ({ pid: 7, identity: `${system}:${boot}:pid:[4026531999]:${start}` });
    before.leases.renew({ pid: 7, identity: 'linux:00000000-0000-0000-0000-000000000000:pid:[1]:5' }, leaseClock());
    before.leases.renew(thisBoot('1'), leaseClock() - LEASE_STALE_MS - 5_000);
    before.leases.renew(thisBoot('2'), leaseClock());
    before.close();
    const app = await openRuntime({ home, systemSkills: tempDir('ias-no-skills-') });
    onCleanup(() => void app.close());
    const left = app.store.db.prepare<[], { identity: string }>(
      'SELECT identity FROM process_leases ORDER BY identity',
    );
    expect(left.all().map((row) => row.identity)).toEqual([thisBoot('2').identity, thisProcess()!.identity].sort());
  });
});
