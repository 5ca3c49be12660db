/**
 * `ias tasks run ID [--json]`: runs a scheduled task now, as its schedule would (its skills only,
 * the same bookkeeping), with the owner at this terminal: its high-risk calls are approved here
 * (y/N), as in `ias chat`; without a terminal nobody can be asked and they are refused. Its result
 * is printed here (an app or `ias serve` on the same data folder shows it in the task's row).
 */
import type { Command } from 'commander';
import { lazyAction } from './lazy-action.js';

export function registerTaskRunCommand(tasks: Command): void {
  tasks
    .command('run')
    .description('run a task now, as its schedule would; its schedule stays as it is (a one-off is then finished)')
    .argument('<id>', 'the task id (see `ias tasks`)')
    .option('--json', 'print the run as JSON')
    .action(lazyAction(async () => (await import('./task-run-action.js')).runTask));
}
