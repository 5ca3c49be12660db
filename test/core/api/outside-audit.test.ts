/**
 * What of the audit log was seen: another connection's rows (another iAs process) added or ended
 * are found, this connection's own are not, even when both write between two looks.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { seeAudit } from '../../../src/core/api/outside-audit.js';
import { openStore, type Store } from '../../../src/core/store/index.js';
import { onCleanup, tempDir } from '../../helpers/temp.js';

const call = { skill: 'lookup', source: 'chat' as const, risk: 'low' as const, params: { q: 'x' } };
const done = { status: 'done' as const, durationMs: 1 };
/** The own writes are told once their synchronous work is done. */
const told = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function twoConnections(): { mine: Store; other: Store } {
  const file = path.join(tempDir('ias-audit-seen-'), 'ias.db');
  const mine = openStore(file);
  const other = openStore(file);
  onCleanup(() => {
    other.close();
    mine.close();
  });
  return { mine, other };
}

it("finds another connection's rows added or ended, and not this one's own", async () => {
  const { mine, other } = twoConnections();
  other.audit.record(call, done);
  const seen = seeAudit(mine.audit);
  onCleanup(() => seen.stop());
  expect(seen.changedElsewhere()).toBe(false);

  const own = mine.audit.start(call);
  mine.audit.record(call, done);
  await told();
  expect(seen.changedElsewhere()).toBe(false);
  mine.audit.finish(own, done);
  await told();
  expect(seen.changedElsewhere()).toBe(false);

  const theirs = other.audit.start(call);
  expect(seen.changedElsewhere()).toBe(true);
  expect(seen.changedElsewhere()).toBe(false);
  other.audit.finish(theirs, { status: 'refused', durationMs: 2 });
  expect(seen.changedElsewhere()).toBe(true);
  expect(seen.changedElsewhere()).toBe(false);
});

it("finds another connection's row when this one wrote too before the look", async () => {
  const { mine, other } = twoConnections();
  const seen = seeAudit(mine.audit);
  onCleanup(() => seen.stop());

  other.audit.record(call, done);
  mine.audit.record(call, done);
  await told();
  expect(seen.changedElsewhere()).toBe(true);

  // A running call of each; then this one's own ends and the other's is found ended too.
  const own = mine.audit.start(call);
  const theirs = other.audit.start(call);
  await told();
  expect(seen.changedElsewhere()).toBe(true);
  mine.audit.finish(own, done);
  other.audit.finish(theirs, done);
  await told();
  expect(seen.changedElsewhere()).toBe(true);
  expect(seen.changedElsewhere()).toBe(false);
});
