/**
 * The audit log's cost per skill call: start() when it begins plus finish() when it ends, each its
 * own write (WAL, synchronous NORMAL), must take at most 0.5 ms at the median.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { median, percentile, report } from './report.js';
import { openStore } from '../src/core/store/index.js';

const WARM_UP = 2_000;
const SAMPLES = 5_000;

export default async function (): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ias-bench-audit-'));
  const store = openStore(path.join(dir, 'ias.db'));
  try {
    const samples: number[] = [];
    for (let i = 0; i < WARM_UP + SAMPLES; i++) {
      const t0 = performance.now();
      const id = store.audit.start({
        skill: `send_mail_${i % 50}`,
        skillHash: 'sha256-0123456789abcdef',
        source: i % 4 === 0 ? 'job' : 'chat',
        requestedBy: `conversation-${i % 100}`,
        params: { to: 'owner@example.com', subject: `Weekly report ${i}`, body: 'Hello,\nthe report is attached.' },
        risk: i % 5 === 0 ? 'high' : 'low',
      });
      store.audit.finish(id, {
        status: i % 10 === 0 ? 'failed' : 'done',
        durationMs: 120,
        exitCode: i % 10 === 0 ? 1 : 0,
        resultSummary: `{"success":true,"data":"sent message ${i} to owner@example.com"}`,
        error: i % 10 === 0 ? 'SMTP 550: mailbox unavailable' : null,
      });
      if (i >= WARM_UP) samples.push(performance.now() - t0);
    }
    console.log(`${SAMPLES} calls, p95 ${percentile(samples, 95).toFixed(3)} ms`);
    report({ name: 'audit start()+finish() median', value: median(samples), unit: 'ms', target: 0.5 });
  } finally {
    store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
