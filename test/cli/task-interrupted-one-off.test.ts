/**
 * A one-off task whose run was cut off by iAs being killed (or quitting) did not do its work: after
 * that iAs is gone, `ias tasks` shows it as interrupted, not as finished, and says how to run it
 * again; resuming it says the same instead of "it has run already". It used to read "finished", as
 * if it had run, and nothing offered it again.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';
import { openStore } from '../../src/core/store/index.js';
import { ias } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

/** A data folder with a one-off whose run was taken (its moment `at`) by an iAs that has since been killed. */
function cutOffOneOff(at: number) {
  const dir = tempDir('ias-home-');
  const store = openStore(path.join(dir, 'ias.db'));
  store.tasks.insert({
    id: 'once1234',
    name: 'Call the bank',
    cron: null,
    runAt: at,
    prompt: 'Remind me to call the bank',
    allowlist: [],
    enabled: true,
    nextRunAt: at,
    timeZone: 'UTC',
    createdBy: 'test',
    createdAt: Date.now() - 7200_000,
  });
  // Taken as the scheduler takes a one-off's run (no run left after it), by a process now ended.
  const killed = spawnSync(process.execPath, ['-e', '0']).pid!;
  store.db
    .prepare(
      `UPDATE scheduled_tasks SET enabled = 0, next_run_at = NULL, last_status = 'running', last_run_at = ?,
         run_owner_pid = ?, run_owner_identity = NULL WHERE id = 'once1234'`,
    )
    .run(at, killed);
  store.close();
  return ['--home', dir];
}

it('a one-off cut off mid-run reads as interrupted, with how to run it again, not as finished', () => {
  const args = cutOffOneOff(Date.now() - 3600_000);
  const list = ias(['tasks', ...args], { TZ: 'UTC' });
  expect(list.status).toBe(0);
  const row = list.stdout.split('\n').find((line) => line.includes('once1234'))!;
  expect(row).toContain('interrupted');
  expect(row).not.toContain('finished');
  expect(list.stdout).toContain('ias tasks run once1234');
  const [task] = JSON.parse(ias(['tasks', '--json', ...args]).stdout) as { lastStatus: string }[];
  expect(task!.lastStatus).toBe('interrupted');

  const resume = ias(['tasks', 'resume', 'once1234', ...args]);
  expect(resume.status).toBe(2);
  expect(resume.stderr).toContain('interrupted');
  expect(resume.stderr).not.toContain('run already');
  expect(resume.stderr).toContain('ias tasks run once1234');

  const chinese = ias(['tasks', ...args], { TZ: 'UTC', LANG: 'zh_CN.UTF-8' });
  expect(chinese.stdout).toContain('已中断');
  expect(chinese.stdout).not.toContain('已结束');
  expect(chinese.stdout).toContain('ias tasks run once1234');
});

it('one run now before its moment and cut off is not said to have run already', () => {
  // Run now took it an hour before its moment; the iAs running it was killed.
  const args = cutOffOneOff(Date.now() + 3600_000);
  const resume = ias(['tasks', 'resume', 'once1234', ...args]);
  expect(resume.status).toBe(2);
  expect(resume.stderr).not.toContain('run already');
  expect(resume.stderr).toContain('ias tasks run once1234');
});
