/**
 * Where a process's identity cannot be told (macOS, Windows), a run names its iAs by pid alone. One
 * left "running" by an iAs that was killed, whose pid is now this process's (a reboot gives pids
 * out again), is interrupted as this iAs starts: it used to stay "running" for good, every slot
 * skipped and Run now refused. Simulated on Linux by rows (and a repository) without identities.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { TaskScheduler, type TaskRunOutcome } from '../../../src/core/scheduler/scheduler.js';
import { openStore, TasksRepo, type ScheduledTask } from '../../../src/core/store/index.js';
import { onCleanup, tempDir } from '../../helpers/temp.js';

const owner = { knownSkills: [], createdBy: 'test' };

/** A scheduler over a store whose tasks repository is `tasks` (the store's own, or one without identity). */
function world(tasksOf: (store: ReturnType<typeof openStore>) => TasksRepo = (store) => store.tasks) {
  const store = openStore(path.join(tempDir('ias-left-runs-'), 'ias.db'));
  const tasks = tasksOf(store);
  const runs: ScheduledTask[] = [];
  const held: (() => void)[] = [];
  const scheduler = new TaskScheduler({
    tasks,
    timeZone: () => 'Asia/Shanghai',
    run: (task) => {
      runs.push(task);
      return new Promise<TaskRunOutcome>((resolve) => held.push(() => resolve({ success: true, text: 'ok' })));
    },
  });
  onCleanup(async () => {
    for (const release of held) release();
    await scheduler.stop();
    store.close();
  });
  /** Marks the task's run as taken by this process's pid, with no identity, due a second ago. */
  const leftRunning = (task: ScheduledTask) =>
    store.db
      .prepare(
        `UPDATE scheduled_tasks SET last_status = 'running', run_owner_pid = ?, run_owner_identity = NULL,
           next_run_at = ? WHERE id = ?`,
      )
      .run(process.pid, Date.now() - 1000, task.id);
  return { store, tasks, scheduler, runs, held, leftRunning };
}

it("a run left naming this process's pid without an identity is interrupted at start, and the due slot runs", () => {
  const w = world();
  const task = w.scheduler.create({ name: 'daily', prompt: 'p', cron: '0 8 * * *' }, owner);
  w.leftRunning(task);
  w.scheduler.start();
  expect(w.runs.map((r) => r.id)).toEqual([task.id]);
  // The run now under way is this one's; the one left before it was marked interrupted.
  expect(w.store.tasks.get(task.id)!.lastStatus).toBe('running');
  expect(w.store.tasks.get(task.id)!.lastResult).toMatch(/^iAs stopped before this run finished\./);
});

it('without identities, a run this process took itself is left running when it starts', () => {
  // This process's repository records its runs by pid alone, as on macOS or Windows.
  const w = world((store) => new TasksRepo(store.db, undefined));
  const task = w.scheduler.create({ name: 'daily', prompt: 'p', cron: '0 8 * * *' }, owner);
  w.scheduler.runNow(task.id);
  const row = w.store.db
    .prepare('SELECT run_owner_pid AS pid, run_owner_identity AS identity FROM scheduled_tasks')
    .get();
  expect(row).toEqual({ pid: process.pid, identity: null });
  w.scheduler.start();
  expect(w.store.tasks.get(task.id)!.lastStatus).toBe('running');
  expect(w.runs).toHaveLength(1);
});
