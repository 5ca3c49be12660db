/**
 * `ias` cold start (the built CLI, spawned with node as an owner's shell would): `ias --version`
 * ≤ 250 ms and `ias skills list` on a fresh data folder ≤ 600 ms, medians of 15 runs each.
 * Each command loads only the code it runs; `node -e 0` is printed beside them for scale.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { median, report } from './report.js';

const RUNS = 15;

/** Median wall time of spawning `node …args` to its end, in ms. */
function medianRun(args: string[], env: Record<string, string> = {}): number {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const result = spawnSync(process.execPath, args, {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', ...env },
    });
    times.push(performance.now() - started);
    if (result.status !== 0) throw new Error(`node ${args.join(' ')} exited with ${result.status}: ${result.stderr}`);
  }
  return median(times);
}

export default async function (): Promise<void> {
  if (!fs.existsSync('out/cli/ias.mjs')) throw new Error('build the CLI first: npm run build:cli');
  const ias = path.resolve('bin/ias.mjs');
  console.log(`node -e 0 (for scale, median of ${RUNS}): ${medianRun(['-e', '0']).toFixed(0)} ms`);
  report({ name: `ias --version (median of ${RUNS})`, value: medianRun([ias, '--version']), unit: 'ms', target: 250 });

  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'ias-bench-cli-'));
  try {
    // The first run sets the data folder up (its database, the example skills); the rest list.
    spawnSync(process.execPath, [ias, 'skills', 'list'], { env: { ...process.env, IAS_HOME: home } });
    report({
      name: `ias skills list, fresh data folder (median of ${RUNS})`,
      value: medianRun([ias, 'skills', 'list'], { IAS_HOME: home }),
      unit: 'ms',
      target: 600,
    });
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
}
