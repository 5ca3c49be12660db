/**
 * `ias tasks [list] | pause ID | resume ID | delete ID` (`run ID` in task-run-action.ts): the owner's scheduled tasks, in
 * the owner's language, their next and last runs in the owner's time zone; a schedule in its task's
 * zone (named when it is not the owner's), as the app's Scheduled tasks page says it. `--json` as
 * the contract gives them.
 */
import type { Command } from 'commander';
import { ApiError } from '../core/api/api-error.js';
import { tasksApi } from '../core/api/tasks-api.js';
import type { Runtime } from '../core/runtime.js';
import { missingSkills } from '../core/scheduler/missing-skills.js';
import { sayApiError } from '../shared/api-errors.js';
import type { TaskInfo } from '../shared/contract.js';
import { sayCron } from '../shared/cron-words.js';
import { formatDateTime } from '../shared/date-time.js';
import type { Locale } from '../shared/locale.js';
import { hasRunLeft, interruptedOneOff } from '../shared/task-run-left.js';
import { printError } from './chat-output.js';
import { ownerLocale } from './cli-locale.js';
import { cliContext, contextRuntime, type GlobalOptions } from './context.js';
import { cell, color, jsonText, table } from './format.js';
import { tasksWords, type TasksWords } from './tasks-words.js';

interface Said {
  runtime: Runtime;
  locale: Locale;
  words: TasksWords;
}

/** Runs `work` over this command's data folder; a refusal of the contract (no such task…) is said in the owner's language. */
async function withTasks(cmd: Command, work: (said: Said) => Promise<void>): Promise<void> {
  const runtime = await contextRuntime(cliContext(cmd.optsWithGlobals<GlobalOptions>()));
  const locale = await ownerLocale(runtime);
  const words = tasksWords[locale];
  try {
    await work({ runtime, locale, words });
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    printError(words, sayApiError(words.apiErrors, err.message, err.messageCode));
    process.exitCode = 2;
  } finally {
    await runtime.close();
  }
}

function rows(tasks: TaskInfo[], { runtime, locale, words }: Said, now = Date.now()): string[][] {
  const zone = runtime.timeZone();
  const when = (ms: number | null) => (ms === null ? '—' : formatDateTime(ms, locale, zone));
  const { headers } = words;
  return [
    [headers.id, headers.name, headers.schedule, headers.nextRun, headers.lastRun].map((h) => color.dim(h)),
    ...tasks.map((t) => {
      // As the app says it: a one-off whose moment has passed, or that was run now, has no run left.
      const resumable = hasRunLeft(t, now);
      const status = t.lastStatus && words.status[t.lastStatus];
      // A task's own zone is said when it is not the owner's, the one the moments here are in.
      const taskZone = t.timeZone === zone ? undefined : t.timeZone;
      return [
        t.id,
        color.bold(cell(t.name)),
        cell(
          t.cron !== null
            ? words.repeats(sayCron(t.cron, locale), t.cron, taskZone)
            : words.once(t.runAt === null ? '—' : formatDateTime(t.runAt, locale, t.timeZone), taskZone),
        ),
        t.enabled
          ? when(t.nextRunAt)
          : resumable
            ? color.yellow(words.paused)
            : // A one-off cut off mid-run did not do its work: not finished (see below the table).
              interruptedOneOff(t, now)
              ? color.yellow(words.interrupted)
              : words.finished,
        t.lastRunAt === null
          ? '—'
          : `${when(t.lastRunAt)} ${t.lastStatus === 'done' ? color.green(status ?? '') : color.red(status ?? '')}`.trimEnd(),
      ];
    }),
  ];
}

/** Under the table: the allowed skills each task's runs go without, and how to run again each one-off cut off. */
function notesUnder(list: TaskInfo[], { runtime, words }: Said, now = Date.now()): void {
  const { registry } = runtime;
  const offered = runtime.enabledSkills();
  for (const t of list) {
    const { deleted, off } = missingSkills(t.skills, offered, (name) => registry.get(name) !== undefined);
    if (deleted.length + off.length > 0) {
      process.stdout.write(`${color.yellow(words.skillsMissing(cell(t.name), t.id, deleted, off))}\n`);
    }
  }
  for (const t of list.filter((task) => interruptedOneOff(task, now))) {
    process.stdout.write(`${words.runAgain(color.bold(cell(t.name)), t.id)}\n`);
  }
}

export async function listTasks(opts: { json?: boolean }, cmd: Command): Promise<void> {
  await withTasks(cmd, async (said) => {
    const list = await tasksApi(said.runtime).listTasks();
    if (opts.json) process.stdout.write(`${jsonText(list, 2)}\n`);
    else process.stdout.write(list.length ? `${table(rows(list, said))}\n` : `${said.words.noTasks}\n`);
    if (!opts.json) notesUnder(list, said);
  });
}

/** `ias tasks pause|resume|delete ID`. */
export function changeTask(
  name: 'pause' | 'resume' | 'delete',
): (id: string, _opts: unknown, cmd: Command) => Promise<void> {
  return async (id, _opts, cmd) => {
    await withTasks(cmd, async ({ runtime, words }) => {
      const api = tasksApi(runtime);
      let done: Pick<TaskInfo, 'id' | 'name' | 'lastStatus'>;
      if (name === 'delete') {
        const task = runtime.store.tasks.get(id);
        // Refuses an id it does not know (the task is then undefined).
        await api.deleteTask(id);
        done = task ?? { id, name: id, lastStatus: null };
      } else done = await api.setTaskEnabled(id, name === 'resume');
      const say = name === 'delete' ? words.didDelete : name === 'pause' ? words.didPause : words.didResume;
      process.stdout.write(`${say(color.bold(cell(done.name)), done.id)}\n`);
      // Pausing stops the runs to come; one under way is stopped only by deleting the task.
      if (name === 'pause' && done.lastStatus === 'running') process.stdout.write(`${words.pauseLeavesRun}\n`);
    });
  };
}
