/** Scheduled tasks in the UI: list, pause or resume, delete. Making them is the chat's job. */
import type { IasApi, TaskInfo } from '../../shared/contract.js';
import type { Runtime } from '../runtime.js';
import { NoRunLeftError } from '../scheduler/schedule.js';
import { TaskRunningError } from '../scheduler/scheduler.js';
import { apiError } from './api-error.js';
import type { ScheduledTask } from '../store/tasks-repo.js';

type TasksMethods = Pick<IasApi, 'listTasks' | 'setTaskEnabled' | 'deleteTask' | 'runTaskNow'>;

export function taskInfo(task: ScheduledTask): TaskInfo {
  return {
    id: task.id,
    name: task.name,
    cron: task.cron,
    runAt: task.runAt,
    timeZone: task.timeZone,
    prompt: task.prompt,
    skills: task.allowlist,
    enabled: task.enabled,
    nextRunAt: task.nextRunAt,
    lastRunAt: task.lastRunAt,
    lastStatus: task.lastStatus,
    lastResult: task.lastResult,
    ...(task.lastResultCode ? { lastResultCode: task.lastResultCode } : {}),
    createdAt: task.createdAt,
  };
}

export function tasksApi(runtime: Runtime): TasksMethods {
  const { scheduler } = runtime;
  const existing = (id: string): ScheduledTask => {
    const task = runtime.store.tasks.get(id);
    if (!task) throw apiError('no-task', { id });
    return task;
  };
  return {
    async listTasks() {
      return scheduler.list().map(taskInfo);
    },
    async setTaskEnabled(id, enabled) {
      const task = existing(id);
      if (!enabled) return taskInfo(scheduler.pause(id));
      try {
        return taskInfo(scheduler.resume(id));
      } catch (err) {
        // The only refusals of a task that exists: a one-off's moment has passed, it was run now, or
        // its run was interrupted (it may be run again now).
        if (err instanceof NoRunLeftError) {
          const code = {
            ran: 'task-ran-already',
            passed: 'task-no-run-left',
            interrupted: 'task-run-interrupted',
          } as const;
          throw apiError(code[err.reason], { name: task.name, id: task.id });
        }
        throw err;
      }
    },
    async deleteTask(id) {
      existing(id);
      scheduler.delete(id);
    },
    async runTaskNow(id) {
      const task = existing(id);
      try {
        // Its end is told as every run's is (tasks-changed, the result delivered): not waited for here.
        return taskInfo(scheduler.runNow(id).task);
      } catch (err) {
        if (err instanceof TaskRunningError) throw apiError('task-running', { name: task.name });
        throw err;
      }
    },
  };
}
