/**
 * `ias serve` (the built CLI, WeChat off): ready to answer an authenticated HTTP request ≤ 1.5 s after
 * spawn (median of 5 cold starts), and idle RSS with 1,000 user skills ≤ 150 MB.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { startServe, stopServe, type ServeProcess } from '../test/server/serve-process.js';
import { median, report } from './report.js';
import { generateSkills } from './skills-load.bench.js';

function authorisedGet(serve: ServeProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${serve.origin}/api/session`,
      { headers: { authorization: `Bearer ${serve.token}` }, agent: false },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
  });
}

/** Resident memory of a process, in MB. */
function rssMb(pid: number): number {
  if (process.platform === 'linux') {
    const line = /^VmRSS:\s+(\d+)\s+kB$/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    if (!line) throw new Error(`no VmRSS for ${pid}`);
    return Number(line[1]) / 1024;
  }
  return Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim()) / 1024;
}

function freshHome(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'ias-bench-serve-'));
}

export default async function (): Promise<void> {
  if (!fs.existsSync('out/cli/ias.mjs')) throw new Error('build the CLI first: npm run build:cli');
  const homes: string[] = [];
  try {
    const times: number[] = [];
    for (let run = 0; run < 5; run++) {
      const home = freshHome();
      homes.push(home);
      const started = performance.now();
      const serve = await startServe(['--port', '0', '--no-wechat'], { IAS_HOME: home });
      const status = await authorisedGet(serve);
      times.push(performance.now() - started);
      if (status !== 204) throw new Error(`the authenticated request got ${status}`);
      const { code } = await stopServe(serve);
      if (code !== 0) throw new Error(`ias serve exited with ${code} on SIGTERM`);
    }
    report({ name: 'ias serve ready to answer (median of 5)', value: median(times), unit: 'ms', target: 1500 });

    const home = freshHome();
    homes.push(home);
    generateSkills(path.join(home, 'skills'), 1000);
    const serve = await startServe(['--port', '0', '--no-wechat'], { IAS_HOME: home });
    await authorisedGet(serve);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const rss = rssMb(serve.child.pid!);
    await stopServe(serve);
    report({ name: 'ias serve idle RSS with 1,000 skills', value: rss, unit: 'MB', target: 150 });
  } finally {
    for (const home of homes) fs.rmSync(home, { recursive: true, force: true });
  }
}
