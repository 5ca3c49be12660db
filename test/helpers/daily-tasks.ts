/** Daily scheduled tasks put straight into an iAs home's database, as browser tests find them. */
import { dataPaths } from '../../src/core/paths.js';
import { firstCronRun } from '../../src/core/scheduler/schedule.js';
import { openStore } from '../../src/core/store/index.js';
import type { NewTask } from '../../src/core/store/tasks-repo.js';

/** Task `id` named `name`, daily at 08:00 in `timeZone`, made by the CLI a day before `now`. */
export function dailyTask(id: string, name: string, now: number, timeZone = 'Asia/Shanghai'): NewTask {
  return {
    allowlist: [],
    enabled: true,
    createdBy: 'cli',
    createdAt: now - 86_400_000,
    id,
    name,
    prompt: `Write the ${name.toLowerCase()}`,
    cron: '0 8 * * *',
    runAt: null,
    timeZone,
    nextRunAt: firstCronRun('0 8 * * *', timeZone, now),
  };
}

/** Stores a daily task (see dailyTask) for each `[id, name]` in `home`'s database. */
export function insertDailyTasks(home: string, tasks: readonly (readonly [id: string, name: string])[]): void {
  const store = openStore(dataPaths(home).database);
  try {
    const now = Date.now();
    for (const [id, name] of tasks) store.tasks.insert(dailyTask(id, name, now));
  } finally {
    store.close();
  }
}
