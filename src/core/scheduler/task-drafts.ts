/**
 * A task as it is written (a draft to make one, a patch to change one), checked and turned into what
 * the tasks table stores: its name and prompt, its schedule and time zone, and the skills it may use,
 * bounded by its creator's. Throws ScheduleError with what is wrong; nothing is stored here.
 */
import { randomUUID } from 'node:crypto';
import type { NewTask, ScheduledTask, TaskChange } from '../store/tasks-repo.js';
import { canonicalTimeZone } from '../time-zone.js';
import { checkTimeZone, firstCronRun, oneOffMoment, ScheduleError, wallClockText } from './schedule.js';

export interface TaskDraft {
  name: string;
  prompt: string;
  /** A cron expression; or `at` for a one-off. */
  cron?: string;
  /** An ISO 8601 moment for a one-off. */
  at?: string;
  timeZone?: string;
  /** The skills a run may use; by default all the creator may use except scheduling ones. */
  skills?: string[];
}

export type TaskPatch = Partial<TaskDraft>;

/** Who makes or changes a task: the skills it may use bound what the task may use. */
export interface TaskCreator {
  /** undefined: not limited (the owner at the terminal or in the app). */
  allowedSkills?: readonly string[];
  /** All skills there are, to check names against. */
  knownSkills: readonly string[];
  createdBy?: string;
}

/** Scheduling skills left out of a default allowlist, so tasks do not breed tasks unasked. */
const NOT_BY_DEFAULT = new Set(['manage_scheduled_task']);

/**
 * A time zone as IANA spells it (Asia/Shanghai for asia/shanghai), so that a task's zone reads as
 * the owner's when it is; throws for a zone that is not one.
 */
function zoneAsSpelt(timeZone: string): string {
  checkTimeZone(timeZone);
  return canonicalTimeZone(timeZone) ?? timeZone;
}

function allowlist(requested: string[] | undefined, creator: TaskCreator): string[] {
  const known = new Set(creator.knownSkills);
  const allowed = creator.allowedSkills ? new Set(creator.allowedSkills) : known;
  if (requested === undefined) return [...allowed].filter((s) => known.has(s) && !NOT_BY_DEFAULT.has(s)).sort();
  const unknown = requested.filter((s) => !known.has(s));
  if (unknown.length > 0) throw new ScheduleError(`unknown skills: ${unknown.join(', ')}`);
  const wider = requested.filter((s) => !allowed.has(s));
  if (wider.length > 0) {
    throw new ScheduleError(`a task may only use skills its creator may use; not allowed here: ${wider.join(', ')}`);
  }
  return [...new Set(requested)].sort();
}

function when(
  draft: { cron?: string | null; at?: string },
  timeZone: string,
  now: number,
): Pick<ScheduledTask, 'cron' | 'runAt' | 'nextRunAt'> {
  if (draft.cron && draft.at) throw new ScheduleError('give either "cron" (repeating) or "at" (once), not both');
  if (draft.cron)
    return { cron: draft.cron.trim(), runAt: null, nextRunAt: firstCronRun(draft.cron.trim(), timeZone, now) };
  if (draft.at) {
    const runAt = oneOffMoment(draft.at, timeZone, now);
    return { cron: null, runAt, nextRunAt: runAt };
  }
  throw new ScheduleError('a task needs a schedule: "cron" for a repeating task or "at" for a one-off');
}

/**
 * The row a draft makes, read at `now()`; `ownerZone()` for a draft that names no time zone.
 * Throws with what is wrong.
 */
export function newTask(draft: TaskDraft, creator: TaskCreator, ownerZone: () => string, now: () => number): NewTask {
  const name = draft.name?.trim();
  const prompt = draft.prompt?.trim();
  if (!name) throw new ScheduleError('a task needs a name');
  if (!prompt) throw new ScheduleError('a task needs a prompt: what to do when it runs');
  const timeZone = zoneAsSpelt(draft.timeZone ?? ownerZone());
  return {
    id: randomUUID().slice(0, 8),
    name: name.slice(0, 100),
    prompt,
    ...when(draft, timeZone, now()),
    allowlist: allowlist(draft.skills, creator),
    enabled: true,
    timeZone,
    createdBy: creator.createdBy ?? null,
    createdAt: now(),
  };
}

/** What a patch would change of `task`, read at `now()`. Throws with what is wrong. */
export function taskChange(task: ScheduledTask, patch: TaskPatch, creator: TaskCreator, now: () => number): TaskChange {
  const change: TaskChange = {};
  if (patch.name !== undefined) change.name = patch.name.trim().slice(0, 100) || task.name;
  if (patch.prompt !== undefined) {
    if (!patch.prompt.trim()) throw new ScheduleError('the prompt cannot be empty');
    change.prompt = patch.prompt.trim();
  }
  if (patch.skills !== undefined) change.allowlist = allowlist(patch.skills, creator);
  const timeZone = patch.timeZone !== undefined ? zoneAsSpelt(patch.timeZone) : task.timeZone;
  if (patch.cron !== undefined || patch.at !== undefined || patch.timeZone !== undefined) {
    const schedule =
      patch.cron !== undefined || patch.at !== undefined
        ? { cron: patch.cron, at: patch.at }
        : task.cron
          ? { cron: task.cron }
          : { at: oneOffIn(task) };
    Object.assign(change, when(schedule, timeZone, now()), { timeZone });
  }
  return change;
}

/**
 * A one-off's moment as the clock of its zone reads it, so that a new zone alone keeps its time of
 * day (08:00 in Shanghai becomes 08:00 in Tokyo), as a repeating task's does. Only the moment is
 * stored, so one made with an offset moves too. When its stored zone cannot be read, the moment.
 */
function oneOffIn(task: ScheduledTask): string {
  try {
    return wallClockText(task.runAt!, task.timeZone);
  } catch {
    return new Date(task.runAt!).toISOString();
  }
}
