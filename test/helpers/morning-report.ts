/** The daily task that browser tests run from another window to make its result come as a toast. */
import type { NewTask } from '../../src/core/store/tasks-repo.js';
import { dailyTask } from './daily-tasks.js';

/** "Morning report" (`report01`), daily at 08:00 in `timeZone`, made by the CLI a day before `now`. */
export function morningReport(now: number, timeZone = 'UTC'): NewTask {
  return dailyTask('report01', 'Morning report', now, timeZone);
}
