/**
 * One task that cannot be read, or a database that is busy for a moment, never stops the scheduler:
 * the other tasks run, and the timer is armed again (it used to die with the first error).
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import { TaskScheduler, type TaskRunOutcome } from '../../../src/core/scheduler/scheduler.js';
import { openStore, type ScheduledTask, type Store } from '../../../src/core/store/index.js';
import { sayTaskResult } from '../../../src/shared/task-results.js';
import { chineseTaskResults } from '../../../src/shared/task-results-zh-CN.js';
import { onCleanup, tempDir } from '../../helpers/temp.js';

const owner = { knownSkills: ['get_current_datetime'], createdBy: 'test' };

function world() {
  const file = path.join(tempDir('ias-tick-'), 'ias.db');
  const store = openStore(file);
  const runs: string[] = [];
  const reported: [ScheduledTask, TaskRunOutcome][] = [];
  const scheduler = new TaskScheduler({
    tasks: store.tasks,
    timeZone: () => 'Asia/Shanghai',
    pollMs: 20,
    run: async (task) => {
      runs.push(task.name);
      return { success: true, text: 'ok' };
    },
  });
  scheduler.on('ran', (task, outcome) => reported.push([task, outcome]));
  onCleanup(() => {
    void scheduler.stop();
    store.close();
  });
  return { file, store, scheduler, runs, reported };
}

/** A task row written straight into the database, as another version of iAs (or a hand) might. */
function writeRow(store: Store, id: string, row: { cron: string; timeZone: string; nextRunAt: number }): void {
  store.db
    .prepare(
      `INSERT INTO scheduled_tasks (id, name, cron, run_at, prompt, allowlist, enabled, next_run_at, time_zone,
         created_by, created_at, updated_at)
       VALUES (?, ?, ?, NULL, 'p', '[]', 1, ?, ?, 'test', ?, ?)`,
    )
    .run(id, id, row.cron, row.nextRunAt, row.timeZone, Date.now(), Date.now());
}

describe('the scheduler keeps running', () => {
  it('pauses a stored task it cannot read, tells the owner once, and runs the others', async () => {
    const w = world();
    const due = Date.now() - 60_000;
    // Refused since it was stored: it would run twice a minute.
    writeRow(w.store, 'twice-a-minute', { cron: '0,30 * * * * *', timeZone: 'UTC', nextRunAt: due - 3 });
    writeRow(w.store, 'bad-cron', { cron: '0 8 * * * * * *', timeZone: 'Asia/Shanghai', nextRunAt: due - 2 });
    writeRow(w.store, 'bad-zone', { cron: '0 8 * * *', timeZone: 'Mars/Olympus', nextRunAt: due - 1 });
    const good = w.scheduler.create({ name: 'good', prompt: 'p', cron: '0 8 * * *' }, owner);
    w.store.tasks.update(good.id, { nextRunAt: due });

    w.scheduler.start();
    await w.scheduler.idle();
    expect(w.runs).toEqual(['good']);
    for (const id of ['twice-a-minute', 'bad-cron', 'bad-zone']) {
      expect(w.scheduler.get(id)).toMatchObject({
        enabled: false,
        nextRunAt: null,
        lastStatus: 'failed',
        lastResultCode: { code: 'schedule-unusable' },
      });
    }
    const zone = w.scheduler.get('bad-zone');
    expect(zone.lastResult).toMatch(/stored schedule cannot be used here, so iAs paused it: unknown time zone "Mars/);
    expect(sayTaskResult(chineseTaskResults, zone.lastResult!, zone.lastResultCode)).toMatch(
      /^这个任务保存的时间安排在这里无法使用，所以 iAs 暂停了它：unknown time zone "Mars\/Olympus"/,
    );
    expect(w.scheduler.get('twice-a-minute').lastResult).toMatch(
      /paused it: "0,30 \* \* \* \* \*" runs more than once a minute/,
    );
    expect(w.reported.filter(([, o]) => !o.success).map(([t]) => t.id)).toEqual([
      'twice-a-minute',
      'bad-cron',
      'bad-zone',
    ]);

    // The timer is still armed: a task another process adds later runs on the next look.
    writeRow(w.store, 'later', { cron: '0 8 * * *', timeZone: 'UTC', nextRunAt: Date.now() - 1 });
    await vi.waitFor(() => expect(w.scheduler.get('later').lastStatus).toBe('done'));
    // The bad ones, paused, were neither run nor reported again.
    expect(w.runs).toEqual(['good', 'later']);
    expect(w.reported.filter(([, o]) => !o.success)).toHaveLength(3);
  });

  it('tries again after a look at a busy database, and runs what was due then', async () => {
    const w = world();
    // Busy at once rather than after the five seconds iAs waits.
    w.store.db.pragma('busy_timeout = 0');
    const task = w.scheduler.create({ name: 'daily', prompt: 'p', cron: '0 8 * * *' }, owner);
    w.store.tasks.update(task.id, { nextRunAt: Date.now() - 1000 });
    const other = new Database(w.file);
    onCleanup(() => other.close());
    other.exec('BEGIN IMMEDIATE');

    expect(() => w.scheduler.start()).not.toThrow();
    expect(w.runs).toEqual([]);
    other.exec('COMMIT');
    await vi.waitFor(() => expect(w.scheduler.get(task.id).lastStatus).toBe('done'));
    expect(w.runs).toEqual(['daily']);
  });
});
