/**
 * An audit log larger than the memory of `ias serve`, exported from the Audit page in Chromium: the
 * file comes whole. A year of calls can be more than a process holds as one string (V8 refuses a
 * string past about 512 M characters); here the server’s memory is made small instead, and the
 * export larger than it, so an export made as one answer cannot fit while one written a piece at a
 * time does.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dataPaths } from '../../src/core/paths.js';
import { openStore } from '../../src/core/store/index.js';
import { openApp } from './harness.js';
import { servedWorld } from './served-world.js';

/**
 * MiB of heap `ias serve` is given: enough for the app with this log open on its Audit page (its list
 * holds a line of each row, see AuditRepo.list), far less than the export as one string would take.
 */
const HEAP_MB = 48;

let expected = '';

function seed(home: string): void {
  const store = openStore(dataPaths(home).database);
  try {
    // Calls of the largest kind the log keeps: their text is capped, every quote doubles in CSV.
    const text = '"'.repeat(5000);
    const now = Date.now();
    store.atomically(() => {
      for (let i = 0; i < 2200; i++) {
        store.audit.record(
          { skill: 'shell', source: 'chat', risk: 'high', params: { command: text, i }, startedAt: now - 60_000 + i },
          { status: 'failed', durationMs: i, resultSummary: text, error: text },
        );
      }
    });
    expected = store.audit.exportCsv();
  } finally {
    store.close();
  }
}

const world = servedWorld({
  serve: { setup: seed, env: { NODE_OPTIONS: `--max-old-space-size=${HEAP_MB}` } },
  page: openApp,
});

describe('an audit log larger than the memory of ias serve', () => {
  it('is exported whole from the Audit page, its CSV with the byte order mark', async () => {
    expect(expected.length).toBeGreaterThan(HEAP_MB * 1024 * 1024);
    await world.page.goto(`${world.app.origin}/#/audit`);
    await world.page.locator('[data-testid="audit-row"]').first().waitFor();
    // A server that runs out of memory ends: told at once, not after the wait for the download.
    let onExit: (code: number | null, signal: NodeJS.Signals | null) => void = () => undefined;
    const ended = new Promise<never>((_, reject) => {
      onExit = (code, signal) => reject(new Error(`ias serve ended (${signal ?? code})`));
      world.app.process.once('exit', onExit);
    });
    const [download] = await Promise.race([
      Promise.all([
        world.page.waitForEvent('download', { timeout: 120_000 }),
        world.page.locator('[data-testid="audit-export-csv"]').click(),
      ]),
      ended,
    ]).finally(() => world.app.process.off('exit', onExit));
    const csv = fs.readFileSync((await download.path())!);
    expect(csv.equals(Buffer.from(`\ufeff${expected}`, 'utf8'))).toBe(true);
    expect(world.app.process.exitCode).toBe(null);
  }, 180_000);
});
