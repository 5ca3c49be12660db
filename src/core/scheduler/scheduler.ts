/**
 * Scheduled tasks: made, changed (a draft checked in task-drafts.ts) and listed here; run when due,
 * each run through the agent loop under the task's allowlist, its result delivered to the owner. A
 * run that was due while iAs was off happens once at start (the next run is counted from now, never
 * once per missed slot).
 */
import { EventEmitter } from 'node:events';
import type { TaskResultCode } from '../../shared/task-results.js';
import type { MessageCode } from '../../shared/turn-messages.js';
import { hasRunLeft, interruptedOneOff, ranBeforeItsMoment } from '../../shared/task-run-left.js';
import type { NewTask, ScheduledTask, TaskChange, TasksRepo } from '../store/tasks-repo.js';
import { nextCronRun, NoRunLeftError, ScheduleError } from './schedule.js';
import { newTask, taskChange, type TaskCreator, type TaskDraft, type TaskPatch } from './task-drafts.js';

export interface TaskRunOutcome {
  success: boolean;
  /** The run was stopped before it ended (iAs shutting down): not a failure of the task. */
  interrupted?: boolean;
  /** The reply, or what went wrong, as the owner should read it (in English where iAs speaks). */
  text: string;
  /** What iAs itself says in `text`, as a code, for the owner's language (see shared/task-results.ts). */
  code?: TaskResultCode;
}

/** Why a task runs: its schedule came, or the owner asked for a run now (Run now, `ias tasks run`). */
export type TaskRunCause = 'schedule' | 'owner';

export interface TaskSchedulerOptions {
  tasks: TasksRepo;
  /**
   * Runs the task's prompt through the agent loop with only its allowlisted skills; `signal` stops
   * the run (its task deleted), as the owner's Stop stops a turn.
   */
  run: (task: ScheduledTask, cause: TaskRunCause, signal: AbortSignal) => Promise<TaskRunOutcome>;
  /** The owner's time zone, for tasks that name none. */
  timeZone: () => string;
  now?: () => number;
  /** The longest sleep between looks at the table (other processes may add tasks). */
  pollMs?: number;
  /** How often a run under way looks whether its task is still there (another iAs process may delete it). */
  deletedPollMs?: number;
}

/** A run asked for now while one of the same task is under way (here or in another iAs process). */
export class TaskRunningError extends ScheduleError {
  constructor(readonly task: ScheduledTask) {
    super(`"${task.name}" is running now; wait until this run ends`);
  }
}

/** A run asked for now: the task as it was taken, and the run's outcome once it has ended. */
export interface TaskRunNow {
  task: ScheduledTask;
  ran: Promise<TaskRunOutcome>;
}

const MAX_RESULT_CHARS = 4000;
/** The longest wait before the tasks are looked at again after a look that failed. */
const RETRY_MS = 5_000;

/** A result (or a text in its code) as it is kept: at most MAX_RESULT_CHARS characters. */
export const clip = (text: string) => (text.length > MAX_RESULT_CHARS ? `${text.slice(0, MAX_RESULT_CHARS)}…` : text);

/**
 * A result's code as it is kept: its texts clipped as the result's are. The outcome keeps them
 * whole, so that WeChat and the notifier give the owner the whole result in their language.
 */
function clipCode(code: TaskResultCode | undefined): TaskResultCode | undefined {
  if (!code) return undefined;
  const params = Object.fromEntries(
    Object.entries(code.params).map(([name, value]) => [name, typeof value === 'string' ? clip(value) : value]),
  );
  return { ...code, params } as TaskResultCode;
}

/** A run that could not start: `detail` says why, and `line` codes it when iAs said it (no model set). */
export function notStartedRun(detail: string, line?: MessageCode): TaskRunOutcome {
  return {
    success: false,
    text: `the task could not run: ${detail}`,
    code: { code: 'run-not-started', params: { detail, ...(line ? { line } : {}) } },
  };
}

/** A run stopped because its task was deleted while it ran: nothing more of it runs, and nothing is kept of it. */
export function deletedRun(): TaskRunOutcome {
  return {
    success: false,
    interrupted: true,
    text: 'The task was deleted while this run was under way, so iAs stopped the run.',
  };
}

/**
 * A run that iAs stopped before it ended: shut down (with what it `said` so far), or killed (its
 * run, left "running", is marked so by whichever iAs meets it).
 */
export function interruptedRun(said = ''): TaskRunOutcome & { code: TaskResultCode } {
  return {
    success: false,
    interrupted: true,
    text: `iAs stopped before this run finished.${said ? `\n\n${said}` : ''}`,
    code: { code: 'run-interrupted', params: { said } },
  };
}

export class TaskScheduler extends EventEmitter<{
  changed: [];
  ran: [ScheduledTask, TaskRunOutcome];
}> {
  private timer?: NodeJS.Timeout;
  private started = false;
  /** The first look at the tasks since start() is still to come (or failed). */
  private firstLook = false;
  private readonly running = new Map<string, Promise<void>>();
  /** What stops each run under way here, by task id (its task deleted). */
  private readonly stops = new Map<string, AbortController>();
  /** The tasks deleted by a call of their own run under way here: that run goes on to its end. */
  private readonly deletedByOwnRun = new Set<string>();

  constructor(private readonly options: TaskSchedulerOptions) {
    super();
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /** Every task; a run left "running" by an iAs that was killed is marked interrupted first (it is over). */
  list(): ScheduledTask[] {
    this.interruptLeftRuns({});
    return this.options.tasks.list();
  }

  get(id: string): ScheduledTask {
    const task = this.options.tasks.get(id);
    if (!task) throw new ScheduleError(`there is no scheduled task "${id}"; list them to see their ids`);
    return task;
  }

  /** The row a draft makes; throws with what is wrong. Nothing is stored. */
  private newTask(draft: TaskDraft, creator: TaskCreator): NewTask {
    return newTask(
      draft,
      creator,
      () => this.options.timeZone(),
      () => this.now(),
    );
  }

  /** What an update would change; throws with what is wrong. Nothing is stored. */
  private change(id: string, patch: TaskPatch, creator: TaskCreator): TaskChange {
    return taskChange(this.get(id), patch, creator, () => this.now());
  }

  /** When a paused task would run next if resumed now; throws when it has no run left. */
  private resumedAt(id: string): number {
    // A run of it left "running" by an iAs that was killed is over: said as interrupted, not as run.
    this.interruptLeftRuns({ id });
    const task = this.get(id);
    const now = this.now();
    const nextRunAt = task.cron ? nextCronRun(task.cron, task.timeZone, now) : task.runAt;
    if (!hasRunLeft(task, now) || nextRunAt === null) {
      const reason = interruptedOneOff(task, now) ? 'interrupted' : ranBeforeItsMoment(task, now) ? 'ran' : 'passed';
      throw new NoRunLeftError(task.name, reason);
    }
    return nextRunAt;
  }

  /** Checks a change without making it (before the owner is asked to approve it). */
  check(
    action: 'create' | 'update' | 'pause' | 'resume' | 'delete',
    id: string | undefined,
    patch: TaskPatch,
    creator: TaskCreator,
  ): void {
    if (action === 'create') this.newTask(patch as TaskDraft, creator);
    else if (!id) throw new ScheduleError(`"${action}" needs the task's "id" (list_scheduled_tasks shows them)`);
    else if (action === 'update') this.change(id, patch, creator);
    else if (action === 'resume') this.resumedAt(id);
    else this.get(id);
  }

  create(draft: TaskDraft, creator: TaskCreator): ScheduledTask {
    const task = this.options.tasks.insert(this.newTask(draft, creator));
    this.changed();
    return task;
  }

  update(id: string, patch: TaskPatch, creator: TaskCreator): ScheduledTask {
    const updated = this.options.tasks.update(id, this.change(id, patch, creator), this.now())!;
    this.changed();
    return updated;
  }

  pause(id: string): ScheduledTask {
    this.get(id);
    const task = this.options.tasks.update(id, { enabled: false }, this.now())!;
    this.changed();
    return task;
  }

  /** Resumes a paused task from now: runs missed while paused are not made up. */
  resume(id: string): ScheduledTask {
    const resumed = this.options.tasks.update(id, { enabled: true, nextRunAt: this.resumedAt(id) }, this.now())!;
    this.changed();
    return resumed;
  }

  /**
   * Deletes a task, stopping its run under way (unless `byItsOwnRun`: a call of that run deleted
   * it, and the run ends as it would, its result sent); returns what it was.
   */
  delete(id: string, { byItsOwnRun = false }: { byItsOwnRun?: boolean } = {}): ScheduledTask {
    const task = this.get(id);
    this.options.tasks.delete(id);
    if (byItsOwnRun && this.stops.has(id)) this.deletedByOwnRun.add(id);
    else this.stops.get(id)?.abort();
    this.changed();
    return task;
  }

  /**
   * Runs a task now, as its schedule would (same policy, gate, delivery and bookkeeping), whether
   * it is paused or not: a repeating task keeps its next run; a one-off is then finished (it will
   * not run again at its moment), and one that failed or was interrupted may be run again so.
   * Refused (TaskRunningError) while a run of it is under way, here or in another iAs process that
   * still runs; one left "running" by an iAs that was killed is marked interrupted and holds nothing up.
   */
  runNow(id: string): TaskRunNow {
    const task = this.get(id);
    if (this.running.has(id)) throw new TaskRunningError(task);
    this.interruptLeftRuns({ id });
    if (!this.options.tasks.claimNow(id, this.now())) throw new TaskRunningError(task);
    const taken = this.options.tasks.get(id) ?? task;
    const ran = this.track(taken, 'owner');
    this.changed();
    return { task: taken, ran };
  }

  /**
   * Another iAs process changed the tasks (`ias chat` made one, `ias tasks` paused one): the
   * listeners are told, and the next run is looked for again (it may be sooner than the next poll).
   */
  changedElsewhere(): void {
    this.stopRunsOfDeleted();
    this.changed();
  }

  /** Stops the runs under way here whose task is no longer there (deleted by another iAs process). */
  private stopRunsOfDeleted(): void {
    for (const [id, stop] of this.stops) {
      if (this.deletedByOwnRun.has(id)) continue;
      try {
        if (!this.options.tasks.get(id)) stop.abort();
      } catch {
        // The database busy: looked at again soon (see track).
      }
    }
  }

  private changed(): void {
    this.emit('changed');
    if (this.started) this.arm();
  }

  /**
   * Marks interrupted the runs (of every task, or of task `id`) left "running" by an iAs process
   * that has ended; `unowned`: also those that name no owner (see TasksRepo.interruptLeftRuns).
   */
  private interruptLeftRuns(options: { id?: string; unowned?: boolean }): void {
    if (this.options.tasks.interruptLeftRuns(interruptedRun(), options, this.now()).length > 0) this.changed();
  }

  /**
   * Starts running tasks: what is due now (missed while iAs was off) first, once the runs left
   * "running" by an iAs that stopped are marked interrupted (another iAs that still runs keeps its own).
   */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.firstLook = true;
    this.tick();
  }

  /** Stops the timer; runs already going finish. Resolves when they have. */
  async stop(): Promise<void> {
    this.started = false;
    clearTimeout(this.timer);
    await Promise.allSettled([...this.running.values()]);
  }

  /** Waits for the runs going now (tests, shutdown). */
  async idle(): Promise<void> {
    await Promise.allSettled([...this.running.values()]);
  }

  /**
   * Sleeps until the next run is due (at most `pollMs`); after a look at the tasks that failed (the
   * database busy), `RETRY_MS` at most, so a passing trouble never stops the runs nor spins.
   */
  private arm(failed = false): void {
    clearTimeout(this.timer);
    if (!this.started) return;
    const poll = this.options.pollMs ?? 60_000;
    const retry = Math.min(RETRY_MS, poll);
    let delay = retry;
    if (!failed) {
      try {
        const next = this.options.tasks.nextRunAt();
        delay = next === undefined ? poll : Math.max(0, Math.min(next - this.now(), poll));
      } catch {
        delay = retry;
      }
    }
    this.timer = setTimeout(() => this.tick(), delay);
    this.timer.unref?.();
  }

  /** Runs what is due. Never throws: whatever goes wrong, the timer is armed again. */
  private tick(): void {
    if (!this.started) return;
    let failed = false;
    try {
      // A run left by an iAs that was killed holds no slot up, and the tasks say it is over; at
      // the first look, also one that names no owner (taken before owners were recorded).
      this.interruptLeftRuns(this.firstLook ? { unowned: true } : {});
      this.firstLook = false;
      const now = this.now();
      for (const task of this.options.tasks.due(now)) {
        try {
          this.runDue(task, now);
        } catch {
          // The database could not be written (busy): the slot stays due and is tried again soon.
          failed = true;
        }
      }
    } catch {
      failed = true;
    }
    this.arm(failed);
  }

  /** Takes a due slot of a task and runs it, or skips it. */
  private runDue(task: ScheduledTask, now: number): void {
    let next: number | null;
    try {
      next = task.cron ? nextCronRun(task.cron, task.timeZone, now) : null;
    } catch (err) {
      this.setAside(task, err as Error, now);
      return;
    }
    // A slot that comes while the task still runs (asked for now, or a run that outlasted it;
    // here or in another iAs process) is skipped, as a missed one is: one run of a task at a
    // time, and no waiting on it in a loop. Taken before it runs: a crash or a second process
    // never runs it twice.
    if (!this.running.has(task.id) && this.options.tasks.claim(task, next, now)) this.track(task, 'schedule');
    else this.options.tasks.skip(task, next, now);
  }

  /**
   * A task whose stored schedule this runtime cannot read (a cron or time zone written by another
   * version, or by hand) is paused, not tried again at every look, and the owner is told why.
   */
  private setAside(task: ScheduledTask, err: Error, now: number): void {
    if (!this.options.tasks.skip(task, null, now)) return;
    const detail = err.message;
    const outcome: TaskRunOutcome = {
      success: false,
      text: `this task's stored schedule cannot be used here, so iAs paused it: ${detail}. Give it a new schedule.`,
      code: { code: 'schedule-unusable', params: { detail } },
    };
    this.options.tasks.finish(task.id, 'failed', clip(outcome.text), now, clipCode(outcome.code));
    this.emit('ran', this.options.tasks.get(task.id) ?? task, outcome);
    this.emit('changed');
  }

  /** Runs a task taken for running, known as running until it has ended. */
  private track(task: ScheduledTask, cause: TaskRunCause): Promise<TaskRunOutcome> {
    const stop = new AbortController();
    this.stops.set(task.id, stop);
    // Another iAs process (the app, `ias tasks delete`) may delete the task: its run stops then too.
    const watch = setInterval(() => this.stopRunsOfDeleted(), this.options.deletedPollMs ?? 1000);
    watch.unref?.();
    const run = this.runOnce(task, cause, stop.signal);
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    this.running.set(
      task.id,
      settled.finally(() => {
        clearInterval(watch);
        this.stops.delete(task.id);
        this.deletedByOwnRun.delete(task.id);
        this.running.delete(task.id);
      }),
    );
    return run;
  }

  private async runOnce(task: ScheduledTask, cause: TaskRunCause, signal: AbortSignal): Promise<TaskRunOutcome> {
    let outcome: TaskRunOutcome;
    try {
      outcome = await this.options.run(task, cause, signal);
    } catch (err) {
      outcome = notStartedRun((err as Error).message);
    }
    if (signal.aborted) {
      // Its task was deleted: nothing is kept of the run, and nobody is sent its result.
      this.options.tasks.finish(task.id, 'interrupted', '', this.now());
      this.emit('changed');
      return deletedRun();
    }
    const text = clip(outcome.text);
    const status = outcome.interrupted ? 'interrupted' : outcome.success ? 'done' : 'failed';
    this.options.tasks.finish(task.id, status, text, this.now(), clipCode(outcome.code));
    this.emit('ran', this.options.tasks.get(task.id) ?? task, outcome);
    this.emit('changed');
    return outcome;
  }
}
