/**
 * `ias tasks [list] | run ID | pause ID | resume ID | delete ID`: the owner's scheduled tasks, in
 * the owner's language, their next and last runs in the owner's time zone; a schedule in its task's
 * zone (named when it is not the owner's), as the app's Scheduled tasks page says it. `--json` as
 * the contract gives them.
 */
import type { Command } from 'commander';
import { registerTaskRunCommand } from './task-run-command.js';
import { lazyAction } from './lazy-action.js';

export function registerTasksCommand(program: Command): void {
  const tasks = program
    .command('tasks')
    .description('list, run now, pause, resume or delete scheduled tasks (made in chat)');
  tasks
    .command('list', { isDefault: true })
    .description('list scheduled tasks')
    .option('--json', 'print JSON')
    .action(lazyAction(async () => (await import('./tasks-actions.js')).listTasks));
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
      .action(lazyAction(async () => (await import('./tasks-actions.js')).changeTask(name)));
  }
}
