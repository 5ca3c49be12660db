/**
 * A scheduled run's news as a notification says it (the app's toast, the desktop's native
 * notification): its title and its result, in a language. Plain types and functions: no Node, no DOM.
 */
import type { TaskRunNews } from './contract.js';
import type { Locale } from './locale.js';
import { englishTaskResults, sayTaskResult, type TaskResultStrings } from './task-results.js';
import { chineseTaskResults } from './task-results-zh-CN.js';

/** A run's title: the task's name, and whether it failed. */
export const taskRanTitles: Record<Locale, (name: string, failed: boolean) => string> = {
  en: (name, failed) => (failed ? `⏰ ${name} failed` : `⏰ ${name}`),
  'zh-CN': (name, failed) => (failed ? `⏰ ${name} 运行失败` : `⏰ ${name}`),
};

const taskResults: Record<Locale, TaskResultStrings> = { en: englishTaskResults, 'zh-CN': chineseTaskResults };

/** The notification of `task`'s run, whose stored (English) result is `text`, in `locale`. */
export function taskNotice(locale: Locale, task: TaskRunNews, text: string): { title: string; body: string } {
  return {
    title: taskRanTitles[locale](task.name, task.status === 'failed'),
    body: sayTaskResult(taskResults[locale], text, task.resultCode),
  };
}
