/**
 * `ias audit --export` writes an audit log of any size: a year of calls can be more than a process
 * holds as one string (V8 refuses a string past about 512 M characters, "Invalid string length").
 * Here the command's memory is made small instead, and the log larger than it.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../src/core/store/index.js';
import { ENGLISH_SYSTEM } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

/** MiB of heap the command is given: enough for it, less than the export. */
const HEAP_MB = 32;

describe('ias audit --export', () => {
  it('writes an export larger than the memory of the command, every row, as the app exports it', () => {
    const home = tempDir('ias-home-');
    const store = openStore(path.join(home, 'ias.db'));
    // Calls of the largest kind the log keeps: their text is capped, every quote doubles in CSV.
    const text = '"'.repeat(5000);
    store.atomically(() => {
      for (let i = 0; i < 3000; i++) {
        store.audit.record(
          { skill: 'shell', source: 'chat', risk: 'high', params: { command: text, i } },
          { status: 'failed', durationMs: i, resultSummary: text, error: text },
        );
      }
    });
    const expected = { csv: store.audit.exportCsv(), json: `${store.audit.exportJson()}\n` };
    store.close();
    for (const text of Object.values(expected)) expect(text.length).toBeGreaterThan(2 * HEAP_MB * 1024 * 1024);

    for (const format of ['csv', 'json'] as const) {
      const file = path.join(home, `export.${format}`);
      const out = fs.openSync(file, 'w');
      const run = spawnSync(
        process.execPath,
        [path.resolve('bin/ias.mjs'), 'audit', '--export', format, '--home', home],
        {
          stdio: ['ignore', out, 'pipe'],
          encoding: 'utf8',
          env: { ...process.env, NO_COLOR: '1', ...ENGLISH_SYSTEM, NODE_OPTIONS: `--max-old-space-size=${HEAP_MB}` },
          timeout: 120_000,
        },
      );
      fs.closeSync(out);
      expect({ format, status: run.status, stderr: run.stderr.slice(0, 300) }).toEqual({
        format,
        status: 0,
        stderr: '',
      });
      expect(fs.readFileSync(file, 'utf8') === expected[format]).toBe(true);
    }
  }, 240_000);
});
