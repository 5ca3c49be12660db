/** list_scheduled_tasks and manage_scheduled_task: the scheduler, as the model sees it. */
import { requestingConversation, taskOfConversation } from '../../shared/run-now-requests.js';
import { hasRunLeft } from '../../shared/task-run-left.js';
import type { TaskScheduler } from '../scheduler/scheduler.js';
import type { TaskDraft, TaskPatch } from '../scheduler/task-drafts.js';
import type { ScheduledTask } from '../store/tasks-repo.js';
import { getCurrentDatetime } from './datetime.js';
import type { BuiltinCheck, BuiltinContext } from './index.js';

function scheduler(context: Pick<BuiltinContext, 'services'>): TaskScheduler {
  const s = context.services.scheduler;
  if (!s) throw new Error('scheduled tasks are not available in this mode');
  return s;
}

/** A moment as the owner reads it, in the task's time zone. */
function local(ms: number | null, timeZone: string): string | null {
  if (ms === null) return null;
  return (getCurrentDatetime({ format: 'full', timezone: timeZone }, undefined, new Date(ms)) as { iso: string }).iso;
}

export function describeTask(task: ScheduledTask) {
  return {
    id: task.id,
    name: task.name,
    schedule: task.cron ? { cron: task.cron } : { at: local(task.runAt, task.timeZone) },
    timezone: task.timeZone,
    // As the owner reads it (the app, `ias tasks`): a one-off whose moment passed while paused is finished.
    state: task.enabled ? 'active' : hasRunLeft(task, Date.now()) ? 'paused' : 'finished',
    nextRun: task.enabled ? local(task.nextRunAt, task.timeZone) : null,
    lastRun: local(task.lastRunAt, task.timeZone),
    lastStatus: task.lastStatus,
    lastResult: task.lastResult,
    prompt: task.prompt,
    skills: task.allowlist,
  };
}

export function listScheduledTasks(_params: Record<string, unknown>, context: BuiltinContext) {
  const tasks = scheduler(context).list().map(describeTask);
  return { count: tasks.length, tasks };
}

type Action = 'create' | 'update' | 'pause' | 'resume' | 'delete';

/** The call's action, id, fields and creator, as the scheduler takes them. */
function request(params: Record<string, unknown>, context: Omit<BuiltinContext, 'signal'>) {
  const action = params.action as Action;
  const id = params.id as string | undefined;
  const draft: TaskPatch = {};
  for (const [from, to] of [
    ['name', 'name'],
    ['prompt', 'prompt'],
    ['cron', 'cron'],
    ['at', 'at'],
    ['timezone', 'timeZone'],
    ['skills', 'skills'],
  ] as const) {
    if (params[from] !== undefined) (draft as Record<string, unknown>)[to] = params[from];
  }
  const creator = {
    allowedSkills: context.call.allowedSkills,
    knownSkills: context.services.knownSkills?.() ?? [],
    createdBy: context.call.requestedBy ?? context.call.source,
  };
  return { action, id, draft, creator };
}

/**
 * A change of a task names it: the owner, asked to approve, reads which task it is (an id alone
 * could be any). Checked before they are asked and again once they have approved: the name must be
 * the task's own, then and now.
 */
function checkNamed(s: TaskScheduler, action: Action, id: string, params: Record<string, unknown>): void {
  const given = params.task_name;
  const task = s.get(id);
  if (typeof given !== 'string' || !given.trim()) {
    throw new Error(
      `"${action}" needs the task's name as "task_name" with its id (list_scheduled_tasks shows both), for the owner to read`,
    );
  }
  if (given.trim() !== task.name) {
    throw new Error(`the task "${id}" is "${task.name}", not "${given.trim()}": give its own name as "task_name"`);
  }
}

/** Before the owner is asked: a schedule, an allowlist or an id that would not work is refused now. */
export const checkManageTask: BuiltinCheck = (params, context) => {
  const { action, id, draft, creator } = request(params, context);
  scheduler(context).check(action, id, draft, creator);
  if (action !== 'create' && id) checkNamed(scheduler(context), action, id, params);
};

export function manageScheduledTask(params: Record<string, unknown>, context: BuiltinContext) {
  const s = scheduler(context);
  const { action, id, draft, creator } = request(params, context);
  if (action === 'create') {
    const task = s.create(draft as TaskDraft, creator);
    return { created: describeTask(task) };
  }
  if (!id) throw new Error(`"${action}" needs the task's "id" (list_scheduled_tasks shows them)`);
  checkNamed(s, action, id, params);
  switch (action) {
    case 'update':
      return { updated: describeTask(s.update(id, draft, creator)) };
    case 'pause':
      return { paused: describeTask(s.pause(id)) };
    case 'resume':
      return { resumed: describeTask(s.resume(id)) };
    case 'delete': {
      // A run that deletes its own task (a one-time job told to remove itself) ends as it would.
      const asker = context.call.requestedBy;
      const ownRun =
        context.call.source === 'schedule' && !!asker && taskOfConversation(requestingConversation(asker)) === id;
      const task = s.delete(id, { byItsOwnRun: ownRun });
      return { deleted: { id: task.id, name: task.name } };
    }
    default:
      throw new Error(`unknown action "${String(action)}": use create, update, pause, resume or delete`);
  }
}
