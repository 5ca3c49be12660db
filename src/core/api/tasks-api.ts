/** Scheduled tasks in the UI: list, pause or resume, delete. Making them is the chat's job. */
import type { IasApi, TaskInfo } from '../../shared/contract.js';
import type { Runtime } from '../runtime.js';
import type { ScheduledTask } from '../store/tasks-repo.js';

type TasksMethods = Pick<IasApi, 'listTasks' | 'setTaskEnabled' | 'deleteTask'>;

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
    createdAt: task.createdAt,
  };
}

export function tasksApi(runtime: Runtime): TasksMethods {
  const { scheduler } = runtime;
  return {
    async listTasks() {
      return scheduler.list().map(taskInfo);
    },
    async setTaskEnabled(id, enabled) {
      return taskInfo(enabled ? scheduler.resume(id) : scheduler.pause(id));
    },
    async deleteTask(id) {
      scheduler.delete(id);
    },
  };
}
