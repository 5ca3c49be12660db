/**
 * The audit log exported from the Audit page, in Chromium against `ias serve`: the CSV file begins
 * with a UTF-8 byte order mark, without which Excel reads it in the system's legacy code page
 * (GBK on a Chinese Windows) and shows 简体中文 garbled; the JSON file is plain UTF-8 JSON.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dataPaths } from '../../src/core/paths.js';
import { openStore } from '../../src/core/store/index.js';
import { openApp } from './harness.js';
import { servedWorld } from './served-world.js';

function seed(home: string): void {
  const store = openStore(dataPaths(home).database);
  const now = Date.now();
  try {
    store.audit.record(
      {
        skill: 'get_weather',
        source: 'cli',
        requestedBy: 'terminal',
        risk: 'low',
        params: { city: '上海' },
        startedAt: now - 5000,
      },
      { status: 'done', durationMs: 5, resultSummary: '晴，22°C', finishedAt: now - 4995 },
    );
  } finally {
    store.close();
  }
}

const world = servedWorld({ serve: { setup: seed }, page: openApp });

/** The bytes of the file the Audit page's export button `format` downloads. */
async function exported(format: 'csv' | 'json'): Promise<Buffer> {
  await world.page.goto(`${world.app.origin}/#/audit`);
  await world.page.locator('[data-testid="audit-row"]').first().waitFor();
  const [download] = await Promise.all([
    world.page.waitForEvent('download'),
    world.page.locator(`[data-testid="audit-export-${format}"]`).click(),
  ]);
  return fs.readFileSync((await download.path())!);
}

describe('the audit log exported', () => {
  it('as CSV begins with a UTF-8 byte order mark, so a spreadsheet reads its Chinese', async () => {
    const csv = await exported('csv');
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = csv.subarray(3).toString('utf8');
    expect(text).toMatch(/^[a-z_]+,/);
    expect(text).toContain('上海');
    expect(text).toContain('晴，22°C');
  });

  it('as JSON is JSON, with no mark before it', async () => {
    const json = await exported('json');
    const rows = JSON.parse(json.toString('utf8')) as { skill: string; resultSummary: string }[];
    expect(rows.map((r) => [r.skill, r.resultSummary])).toEqual([['get_weather', '晴，22°C']]);
  });
});
