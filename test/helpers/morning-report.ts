/** The daily task that browser tests run from another window to make its result come as a toast. */
import { firstCronRun } from '../../src/core/scheduler/schedule.js';
import type { NewTask } from '../../src/core/store/tasks-repo.js';

/** "Morning report" (`report01`), daily at 08:00 in `timeZone`, made by the CLI a day before `now`. */
export function morningReport(now: number, timeZone = 'UTC'): NewTask {
  return {
    allowlist: [],
    enabled: true,
    createdBy: 'cli',
    createdAt: now - 86_400_000,
    id: 'report01',
    name: 'Morning report',
    prompt: 'Write the morning report',
    cron: '0 8 * * *',
    runAt: null,
    timeZone,
    nextRunAt: firstCronRun('0 8 * * *', timeZone, now),
  };
}
