/**
 * A high-risk call the owner ran at the terminal (`ias skills run`), cut off by a kill while it
 * ran: its audit row still says who approved it, not that it needed no approval.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../src/core/store/index.js';
import { iasProcess } from '../helpers/cli.js';
import { onCleanup, scriptSkill, tempDir, writeSkill } from '../helpers/temp.js';

describe('ias skills run, killed while a high-risk call runs', () => {
  it('leaves the call approved by the owner at the terminal', async () => {
    const home = tempDir('ias-home-');
    const started = path.join(home, 'started');
    writeSkill(
      path.join(home, 'skills'),
      'wipe_disk',
      scriptSkill({ risk: 'High', script: `echo $$ > '${started}.tmp' && mv '${started}.tmp' '${started}'\nsleep 30` }),
    );
    const { child, run } = iasProcess(['skills', 'run', 'wipe_disk', '--home', home]);
    while (!fs.existsSync(started)) await new Promise((resolve) => setTimeout(resolve, 20));
    child.kill('SIGKILL');
    await run;
    // The skill's own processes, left behind by the kill (a group of their own), end with the test.
    const group = Number(fs.readFileSync(started, 'utf8'));
    onCleanup(() => {
      try {
        process.kill(-group, 'SIGKILL');
      } catch {
        // Already ended.
      }
    });
    const store = openStore(path.join(home, 'ias.db'));
    try {
      const [row] = store.audit.query({ skill: 'wipe_disk' }).rows;
      expect(row).toMatchObject({ risk: 'high', approvalOutcome: 'owner-at-terminal' });
    } finally {
      store.close();
    }
  }, 60_000);
});
