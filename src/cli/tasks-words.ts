/**
 * What `ias tasks` and `ias tasks run` say, in English and 简体中文: the Scheduled tasks page's words
 * (src/renderer/i18n), the contract's errors (shared/api-errors) and `ias chat`'s background lines.
 */
import { englishApiErrors, type ApiErrorStrings } from '../shared/api-errors.js';
import { chineseApiErrors } from '../shared/api-errors-zh-CN.js';
import type { TaskRunStatus } from '../shared/contract.js';
import type { Locale } from '../shared/locale.js';
import { englishTaskResults, type TaskResultStrings } from '../shared/task-results.js';
import { chineseTaskResults } from '../shared/task-results-zh-CN.js';
import { chatWords, type ChatWords } from './chat-words.js';

export interface TasksWords extends Pick<
  ChatWords,
  'error' | 'waitingForBackground' | 'finishedInBackground' | 'unreviewedNoApprover'
> {
  headers: { id: string; name: string; schedule: string; nextRun: string; lastRun: string };
  /**
   * A repeating task: its cron expression in words (null when they cannot be said), the expression,
   * and its zone when it is not the owner's (the zone the table's moments are in).
   */
  repeats: (words: string | null, cron: string, zone?: string) => string;
  /** A one-off: its moment (in its zone), and the zone when it is not the owner's. */
  once: (at: string, zone?: string) => string;
  paused: string;
  finished: string;
  /** A one-off whose run was cut off (see interruptedOneOff), in the next-run column. */
  interrupted: string;
  /** Under the table, for each task whose allowed skills were deleted (or no longer load) or turned off. */
  skillsMissing: (task: string, id: string, deleted: string[], off: string[]) => string;
  /** Under the table, for each such one-off: how to run it again. */
  runAgain: (task: string, id: string) => string;
  status: Record<TaskRunStatus, string>;
  noTasks: string;
  didPause: (task: string, id: string) => string;
  /** After didPause, when a run of the task is under way: pausing does not stop it. */
  pauseLeavesRun: string;
  didResume: (task: string, id: string) => string;
  didDelete: (task: string, id: string) => string;
  /** `ias tasks run`, as the run starts. */
  running: (task: string, id: string) => string;
  /** `ias tasks run`, as the run has ended (the status already coloured). */
  ended: (task: string, id: string, status: string) => string;
  /** `ias tasks run` without a terminal, once a high-risk call was refused for want of one. */
  noApprover: string;
  apiErrors: ApiErrorStrings;
  /** `ias tasks run`: what iAs itself says in a run's result (it failed, it could not start…). */
  results: TaskResultStrings;
}

const english: TasksWords = {
  error: chatWords.en.error,
  waitingForBackground: chatWords.en.waitingForBackground,
  unreviewedNoApprover: chatWords.en.unreviewedNoApprover,
  finishedInBackground: chatWords.en.finishedInBackground,
  headers: { id: 'ID', name: 'NAME', schedule: 'SCHEDULE', nextRun: 'NEXT RUN', lastRun: 'LAST RUN' },
  repeats: (words, cron, zone) => {
    const detail = zone ? `${cron}, ${zone}` : cron;
    return words === null ? (zone ? `${cron} (${zone})` : cron) : `${words} (${detail})`;
  },
  once: (at, zone) => `once at ${at}${zone ? ` (${zone})` : ''}`,
  paused: 'paused',
  finished: 'finished',
  interrupted: 'interrupted',
  skillsMissing: (task, id, deleted, off) =>
    `${task} (${id}) may use skills its runs go without: ${[
      ...deleted.map((name) => `${name} (deleted, or it no longer loads)`),
      ...off.map((name) => `${name} (turned off: \`ias skills enable ${name}\`)`),
    ].join(', ')}.`,
  runAgain: (task, id) => `${task} (${id}) was interrupted before it finished: \`ias tasks run ${id}\` runs it again.`,
  status: { running: 'running', done: 'done', failed: 'failed', interrupted: 'interrupted' },
  noTasks: 'No scheduled tasks. Ask iAs in chat to schedule one.',
  didPause: (task, id) => `Paused ${task} (${id}).`,
  pauseLeavesRun: 'Its run under way goes on to its end; `ias tasks delete` stops it.',
  didResume: (task, id) => `Resumed ${task} (${id}).`,
  didDelete: (task, id) => `Deleted ${task} (${id}).`,
  running: (task, id) => `Running ${task} (${id})…`,
  ended: (task, id, status) => `${task} (${id}): ${status}`,
  noApprover:
    '[a high-risk call needs your approval, and there is no terminal here to ask you at: ' +
    'run `ias tasks run` on a terminal, or Run now in the app, to approve it]',
  apiErrors: englishApiErrors,
  results: englishTaskResults,
};

const chinese: TasksWords = {
  error: chatWords['zh-CN'].error,
  waitingForBackground: chatWords['zh-CN'].waitingForBackground,
  unreviewedNoApprover: chatWords['zh-CN'].unreviewedNoApprover,
  finishedInBackground: chatWords['zh-CN'].finishedInBackground,
  headers: { id: 'ID', name: '名称', schedule: '计划', nextRun: '下次运行', lastRun: '上次运行' },
  repeats: (words, cron, zone) => {
    const detail = zone ? `${cron}，${zone}` : cron;
    return words === null ? (zone ? `${cron}（${zone}）` : cron) : `${words}（${detail}）`;
  },
  once: (at, zone) => `一次：${at}${zone ? `（${zone}）` : ''}`,
  paused: '已暂停',
  finished: '已结束',
  interrupted: '已中断',
  skillsMissing: (task, id, deleted, off) =>
    `${task}（${id}）可以使用的技能中，有的运行时无法使用：${[
      ...deleted.map((name) => `${name}（已删除，或已无法加载）`),
      ...off.map((name) => `${name}（已关闭：\`ias skills enable ${name}\`）`),
    ].join('、')}。`,
  runAgain: (task, id) => `${task}（${id}）在完成之前被中断了：\`ias tasks run ${id}\` 可以重新运行它。`,
  status: { running: '运行中', done: '完成', failed: '失败', interrupted: '已中断' },
  noTasks: '还没有定时任务。在对话中告诉 iAs 来新建一个。',
  didPause: (task, id) => `已暂停 ${task}（${id}）。`,
  pauseLeavesRun: '正在进行的这次运行会继续到结束；`ias tasks delete` 会停止它。',
  didResume: (task, id) => `已恢复 ${task}（${id}）。`,
  didDelete: (task, id) => `已删除 ${task}（${id}）。`,
  running: (task, id) => `正在运行 ${task}（${id}）…`,
  ended: (task, id, status) => `${task}（${id}）：${status}`,
  noApprover:
    '[一个高风险调用需要你的确认，但这里没有可以询问你的终端：' +
    '请在终端中运行 `ias tasks run`，或在应用中点“立即运行”，来确认它]',
  apiErrors: chineseApiErrors,
  results: chineseTaskResults,
};

export const tasksWords: Record<Locale, TasksWords> = { en: english, 'zh-CN': chinese };
