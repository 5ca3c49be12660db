import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { TaskScheduler, type TaskRunOutcome } from '../../../src/core/scheduler/scheduler.js';
import { openStore, TasksRepo, type ScheduledTask, type Store } from '../../../src/core/store/index.js';
import { endedProcessId } from '../../helpers/process.js';
import { onCleanup, tempDir } from '../../helpers/temp.js';

const SKILLS = [
  'get_current_datetime',
  'query_weather',
  'execute_shell',
  'manage_scheduled_task',
  'list_scheduled_tasks',
];
const owner = { knownSkills: SKILLS, createdBy: 'test' };

interface World {
  file: string;
  store: Store;
  runs: ScheduledTask[];
  scheduler: TaskScheduler;
}

function world(
  file = path.join(tempDir('ias-sched-'), 'ias.db'),
  run: (task: ScheduledTask) => Promise<TaskRunOutcome> = async (t) => ({ success: true, text: `ran ${t.name}` }),
): World {
  const store = openStore(file);
  const runs: ScheduledTask[] = [];
  const scheduler = new TaskScheduler({
    tasks: store.tasks,
    timeZone: () => 'Asia/Shanghai',
    run: (task) => {
      runs.push(task);
      return run(task);
    },
  });
  onCleanup(() => {
    void scheduler.stop();
    store.close();
  });
  return { file, store, runs, scheduler };
}

const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();

describe('scheduled tasks', () => {
  it('fixes the allowlist at creation, never wider than what the creator may use', () => {
    const { scheduler } = world();
    const byDefault = scheduler.create({ name: 'weather', prompt: 'weather please', cron: '0 8 * * *' }, owner);
    expect(byDefault.allowlist).toEqual(SKILLS.filter((s) => s !== 'manage_scheduled_task').sort());
    expect(byDefault.timeZone).toBe('Asia/Shanghai');
    expect(byDefault.createdBy).toBe('test');

    const chat = { ...owner, allowedSkills: ['get_current_datetime', 'query_weather'] };
    expect(scheduler.create({ name: 'a', prompt: 'p', cron: '0 8 * * *' }, chat).allowlist).toEqual([
      'get_current_datetime',
      'query_weather',
    ]);
    expect(() =>
      scheduler.create({ name: 'b', prompt: 'p', cron: '0 8 * * *', skills: ['execute_shell'] }, chat),
    ).toThrow(/only use skills its creator may use; not allowed here: execute_shell/);
    expect(() =>
      scheduler.create({ name: 'c', prompt: 'p', cron: '0 8 * * *', skills: ['no_such_skill'] }, owner),
    ).toThrow(/unknown skills: no_such_skill/);
    const id = byDefault.id;
    expect(() => scheduler.update(id, { skills: ['execute_shell'] }, chat)).toThrow(/not allowed here/);
    expect(scheduler.get(id).allowlist).toContain('execute_shell');
  });

  it('needs a name, a prompt and exactly one schedule', () => {
    const { scheduler } = world();
    expect(() => scheduler.create({ name: 'x', prompt: 'p' }, owner)).toThrow(/needs a schedule/);
    expect(() => scheduler.create({ name: 'x', prompt: 'p', cron: '0 8 * * *', at: inSeconds(60) }, owner)).toThrow(
      /either "cron".*or "at"/,
    );
    expect(() => scheduler.create({ name: ' ', prompt: 'p', cron: '0 8 * * *' }, owner)).toThrow(/needs a name/);
    expect(() => scheduler.create({ name: 'x', prompt: '', cron: '0 8 * * *' }, owner)).toThrow(/needs a prompt/);
    expect(scheduler.list()).toHaveLength(0);
  });

  it('keeps the time of day of a one-off, as of a repeating task, when only its time zone changes', () => {
    const { scheduler } = world();
    const daily = scheduler.create({ name: 'd', prompt: 'p', cron: '0 8 * * *', timeZone: 'Asia/Shanghai' }, owner);
    const once = scheduler.create({ name: 'o', prompt: 'p', at: '2030-01-01T08:00', timeZone: 'Asia/Shanghai' }, owner);
    expect(once.runAt).toBe(Date.parse('2030-01-01T00:00:00Z'));
    const tokyo = scheduler.update(daily.id, { timeZone: 'Asia/Tokyo' }, owner);
    expect(new Date(tokyo.nextRunAt!).getUTCHours()).toBe(23); // 08:00 in Tokyo
    // 08:00 in Tokyo, not 08:00 in Shanghai (09:00 in Tokyo).
    const moved = scheduler.update(once.id, { timeZone: 'Asia/Tokyo' }, owner);
    expect(moved).toMatchObject({
      timeZone: 'Asia/Tokyo',
      runAt: Date.parse('2029-12-31T23:00:00Z'),
      nextRunAt: Date.parse('2029-12-31T23:00:00Z'),
    });
    // Seconds are kept; a moment given with an offset is read on its zone's clock too (only the moment is stored).
    const precise = scheduler.create(
      { name: 's', prompt: 'p', at: '2030-06-01T08:30:15+02:00', timeZone: 'UTC' },
      owner,
    );
    expect(scheduler.update(precise.id, { timeZone: 'Europe/Berlin' }, owner).runAt).toBe(
      Date.parse('2030-06-01T06:30:15+02:00'),
    );
    // A time of day that has already passed in the new zone is refused, and nothing changes.
    const soon = new Date(Date.now() + 30 * 60_000).toISOString().slice(0, 16);
    const near = scheduler.create({ name: 'n', prompt: 'p', at: soon, timeZone: 'UTC' }, owner);
    expect(() => scheduler.update(near.id, { timeZone: 'Asia/Tokyo' }, owner)).toThrow(
      `${soon}:00 (Asia/Tokyo) has already passed`,
    );
    expect(scheduler.get(near.id)).toMatchObject({ timeZone: 'UTC', runAt: Date.parse(`${soon}Z`) });
  });

  it('survives a restart, and runs a run missed while iAs was off once, not once per missed slot', async () => {
    const first = world();
    const task = first.scheduler.create({ name: 'hourly', prompt: 'p', cron: '0 * * * *' }, owner);
    // iAs was off for five hours: five hourly slots went by.
    first.store.tasks.update(task.id, { nextRunAt: Date.now() - 5 * 3600_000 });
    await first.scheduler.stop();
    first.store.close();

    const again = world(first.file);
    expect(again.scheduler.get(task.id).name).toBe('hourly');
    again.scheduler.start();
    await vi.waitFor(() => expect(again.scheduler.get(task.id).lastStatus).toBe('done'));
    await again.scheduler.idle();
    expect(again.runs.map((t) => t.id)).toEqual([task.id]);
    const after = again.scheduler.get(task.id);
    expect(after.lastResult).toBe('ran hourly');
    expect(after.nextRunAt).toBeGreaterThan(Date.now());
    expect(after.nextRunAt! - Date.now()).toBeLessThanOrEqual(3600_000);
    expect(new Date(after.nextRunAt!).getUTCMinutes()).toBe(0);
  });

  it('runs a one-off at its moment, once, and then it is finished', async () => {
    const w = world();
    const task = w.scheduler.create({ name: 'once', prompt: 'p', at: inSeconds(1) }, owner);
    w.scheduler.start();
    expect(w.runs).toHaveLength(0);
    await vi.waitFor(() => expect(w.scheduler.get(task.id).lastStatus).toBe('done'), { timeout: 5000 });
    const done = w.scheduler.get(task.id);
    expect(done.enabled).toBe(false);
    expect(done.nextRunAt).toBeNull();
    expect(w.runs).toHaveLength(1);
    expect(() => w.scheduler.resume(task.id)).toThrow(/has no run left/);
  });

  it('never runs a due task twice, even with two processes on one database', async () => {
    const a = world();
    const b = world(a.file);
    const task = a.scheduler.create({ name: 'shared', prompt: 'p', cron: '*/5 * * * *' }, owner);
    a.store.tasks.update(task.id, { nextRunAt: Date.now() - 1000 });
    a.scheduler.start();
    b.scheduler.start();
    await vi.waitFor(() => expect(a.scheduler.get(task.id).lastStatus).toBe('done'));
    await Promise.all([a.scheduler.idle(), b.scheduler.idle()]);
    expect(a.runs.length + b.runs.length).toBe(1);
  });

  it('marks a run cut short by a crash as interrupted and does not run it again', async () => {
    const w = world();
    const task = w.scheduler.create({ name: 'crashy', prompt: 'p', cron: '0 8 * * *' }, owner);
    const due = w.store.tasks.update(task.id, { nextRunAt: Date.now() - 1000 })!;
    // The previous process took the run, then died before finishing it.
    const died = new TasksRepo(w.store.db, { pid: endedProcessId(), identity: 'linux:an-iAs-that-ended' });
    expect(died.claim(due, Date.now() + 3600_000)).toBe(true);
    w.scheduler.start();
    await w.scheduler.idle();
    expect(w.scheduler.get(task.id)).toMatchObject({
      lastStatus: 'interrupted',
      lastResult: 'iAs stopped before this run finished.',
      lastResultCode: { code: 'run-interrupted', params: { said: '' } },
    });
    expect(w.runs).toHaveLength(0);
  });

  it('skips paused tasks and resumes from now without making up missed runs', async () => {
    const w = world();
    const task = w.scheduler.create({ name: 'paused', prompt: 'p', cron: '0 8 * * *' }, owner);
    w.scheduler.pause(task.id);
    w.store.tasks.update(task.id, { nextRunAt: Date.now() - 1000 });
    w.scheduler.start();
    await w.scheduler.idle();
    expect(w.runs).toHaveLength(0);
    const resumed = w.scheduler.resume(task.id);
    expect(resumed.enabled).toBe(true);
    expect(resumed.nextRunAt).toBeGreaterThan(Date.now());
    await w.scheduler.idle();
    expect(w.runs).toHaveLength(0);
  });

  it('records a failed run with what went wrong', async () => {
    const w = world(undefined, async () => {
      throw new Error('No model is configured');
    });
    const task = w.scheduler.create({ name: 'fails', prompt: 'p', cron: '0 8 * * *' }, owner);
    w.store.tasks.update(task.id, { nextRunAt: Date.now() - 1000 });
    const ran = new Promise<TaskRunOutcome>((resolve) => w.scheduler.once('ran', (_t, outcome) => resolve(outcome)));
    w.scheduler.start();
    const notStarted = { code: 'run-not-started', params: { detail: 'No model is configured' } };
    expect(await ran).toEqual({
      success: false,
      text: 'the task could not run: No model is configured',
      code: notStarted,
    });
    expect(w.scheduler.get(task.id)).toMatchObject({
      lastStatus: 'failed',
      lastResult: 'the task could not run: No model is configured',
      lastResultCode: notStarted,
    });
  });
});
