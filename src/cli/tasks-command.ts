/** `ias tasks [list] | run ID | pause ID | resume ID | delete ID`: the owner's scheduled tasks. */
import type { Command } from 'commander';
import { taskInfo } from '../core/api/tasks-api.js';
import type { Runtime } from '../core/runtime.js';
import type { ScheduledTask } from '../core/store/tasks-repo.js';
import { cliContext, contextRuntime, type GlobalOptions } from './context.js';
import { cell, color, jsonText, table } from './format.js';
import { registerTaskRunCommand } from './task-run-command.js';
import { UsageError } from './usage-error.js';

async function withRuntime<T>(cmd: Command, work: (runtime: Runtime) => T): Promise<T> {
  const context = cliContext(cmd.optsWithGlobals<GlobalOptions>());
  const runtime = await contextRuntime(context);
  try {
    return work(runtime);
  } catch (err) {
    throw new UsageError((err as Error).message);
  } finally {
    await runtime.close();
  }
}

const when = (ms: number | null) => (ms === null ? '—' : new Date(ms).toLocaleString());

function rows(tasks: ScheduledTask[]): string[][] {
  return [
    ['ID', 'NAME', 'SCHEDULE', 'NEXT RUN', 'LAST RUN'].map((h) => color.dim(h)),
    ...tasks.map((t) => [
      t.id,
      color.bold(cell(t.name)),
      cell(`${t.cron ?? `once at ${when(t.runAt)}`} (${t.timeZone})`),
      t.enabled ? when(t.nextRunAt) : t.cron ? color.yellow('paused') : 'finished',
      t.lastRunAt === null
        ? '—'
        : `${when(t.lastRunAt)} ${t.lastStatus === 'done' ? color.green('done') : color.red(t.lastStatus ?? '')}`,
    ]),
  ];
}

export function registerTasksCommand(program: Command): void {
  const tasks = program
    .command('tasks')
    .description('list, run now, pause, resume or delete scheduled tasks (made in chat)');
  tasks
    .command('list', { isDefault: true })
    .description('list scheduled tasks')
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }, cmd: Command) => {
      const list = await withRuntime(cmd, (r) => r.scheduler.list());
      if (opts.json) process.stdout.write(`${jsonText(list.map(taskInfo), 2)}\n`);
      else
        process.stdout.write(
          list.length ? `${table(rows(list))}\n` : 'No scheduled tasks. Ask iAs in chat to schedule one.\n',
        );
    });
  registerTaskRunCommand(tasks);
  for (const [name, description] of [
    ['pause', 'pause a task'],
    ['resume', 'resume a paused task from its next slot'],
    ['delete', 'delete a task'],
  ] as const) {
    tasks
      .command(name)
      .description(description)
      .argument('<id>', 'the task id (see `ias tasks`)')
      .action(async (id: string, _opts: unknown, cmd: Command) => {
        const done = await withRuntime(cmd, (r) =>
          name === 'delete'
            ? r.scheduler.delete(id)
            : name === 'pause'
              ? r.scheduler.pause(id)
              : r.scheduler.resume(id),
        );
        process.stdout.write(
          `${name === 'delete' ? 'Deleted' : name === 'pause' ? 'Paused' : 'Resumed'} ${color.bold(cell(done.name))} (${done.id}).\n`,
        );
      });
  }
}
