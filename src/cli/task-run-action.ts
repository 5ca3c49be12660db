/**
 * `ias tasks run ID [--json]`: runs a scheduled task now, as its schedule would (its skills only,
 * the same bookkeeping), with the owner at this terminal: its high-risk calls are approved here
 * (y/N), as in `ias chat`; without a terminal nobody can be asked and they are refused. Its result
 * is printed here (an app or `ias serve` on the same data folder shows it in the task's row).
 */
import readline from 'node:readline';
import type { Command } from 'commander';
import type { Agent, AgentEvent } from '../core/agent/agent.js';
import { taskInfo } from '../core/api/tasks-api.js';
import { ScheduleError } from '../core/scheduler/schedule.js';
import { TaskRunningError, type TaskRunNow } from '../core/scheduler/scheduler.js';
import { apiErrorText, sayApiError } from '../shared/api-errors.js';
import { sayTaskResult } from '../shared/task-results.js';
import { withControlsShown } from '../shared/visible-text.js';
import { printError } from './chat-output.js';
import { chatWords } from './chat-words.js';
import { commandLocale } from './cli-locale.js';
import { cliContext, contextRuntime, type GlobalOptions } from './context.js';
import { endingStatus, INTERRUPTED_STATUS, onEndingSignal, type EndingSignal } from './ending-signals.js';
import { cell, color, jsonText } from './format.js';
import { tasksWords } from './tasks-words.js';
import { refusedForNoApprover, TerminalApprovals, unreviewedOncePerRun } from './terminal-approvals.js';

type Ended = Extract<AgentEvent, { type: 'background-result' }>;

export async function runTask(id: string, opts: { json?: boolean }, cmd: Command): Promise<void> {
  const context = cliContext(cmd.optsWithGlobals<GlobalOptions>());
  const locale = commandLocale(context.paths.database);
  const words = tasksWords[locale];
  const onTerminal = process.stdin.isTTY;
  const agents: Agent[] = [];
  const background: Ended[] = [];
  let toldNoApprover = false;
  const newlyUnreviewed = unreviewedOncePerRun();
  const onEvent = (event: AgentEvent) => {
    if (event.type === 'background-result') background.push(event);
    // The run waits for a call gone on in the background (one may wait for its approval, whose
    // question is drawn again under the line).
    if (event.type === 'tool-result' && event.status === 'background') {
      approvals?.beforeOutput();
      process.stderr.write(color.dim(`${words.waitingForBackground(1)}\n`));
      approvals?.ask();
    }
    if (!onTerminal && !toldNoApprover && refusedForNoApprover(event)) {
      toldNoApprover = true;
      process.stderr.write(color.yellow(`${words.noApprover}\n`));
    }
    // Once for each skill in the run, however many of its calls are refused.
    const unreviewed = !onTerminal && newlyUnreviewed(event, runtime);
    if (unreviewed) process.stderr.write(color.yellow(`${words.unreviewedNoApprover(unreviewed)}\n`));
  };
  const runtime = await contextRuntime(context, {
    channels: [],
    taskAgents: { onEvent, made: (agent) => agents.push(agent) },
  });
  // Opened once iAs has started: a start that fails leaves no terminal open to hold the process.
  const rl = onTerminal ? readline.createInterface({ input: process.stdin, output: process.stderr }) : undefined;
  // Its y/N question in the owner's language, as `ias chat` asks it.
  const approvals = rl && new TerminalApprovals(runtime.gate, rl, chatWords[locale]);
  if (approvals) runtime.gate.addChannel(approvals.channel);
  rl?.on('line', (line) => approvals?.answer(line));
  // Ctrl-D: no answer can come from this terminal any more; its questions are declined (see endInput).
  rl?.on('close', () => approvals?.endInput());
  // Stopping (Ctrl-C, SIGTERM, SIGHUP) ends the run as iAs stopping would: stored as interrupted.
  const stop = () => {
    for (const agent of agents) agent.stopBackground();
    void runtime.stopTurns();
  };
  // Ctrl-C stops the run (which then ends with 130): on a terminal it is a key, which declines
  // an approval asked for, else stops the run.
  let interrupted = false;
  const interrupt = () => {
    interrupted = true;
    stop();
  };
  rl?.on('SIGINT', () => {
    if (!approvals?.answer('n')) interrupt();
  });
  let terminated: EndingSignal | undefined;
  // SIGTERM, or SIGHUP (the terminal closed): a second one ends the process at once.
  const stopListening = onEndingSignal((signal) => {
    terminated = signal;
    stop();
  });
  process.on('SIGINT', interrupt);
  try {
    let started: TaskRunNow;
    try {
      started = runtime.scheduler.runNow(id);
    } catch (err) {
      if (!(err instanceof ScheduleError)) throw err;
      // The only refusals: a run of it is under way, or there is no such task.
      const { message, messageCode } =
        err instanceof TaskRunningError
          ? apiErrorText('task-running', { name: err.task.name })
          : apiErrorText('no-task', { id });
      printError(words, sayApiError(words.apiErrors, message, messageCode));
      // Running already is how things stand, not a mistake in the command.
      process.exitCode = err instanceof TaskRunningError ? 1 : 2;
      return;
    }
    const { task } = started;
    process.stderr.write(color.dim(`${words.running(cell(task.name), task.id)}\n`));
    // Ends once the calls gone on in the background have too (see runTaskTurn).
    const outcome = await started.ran;
    const stored = runtime.store.tasks.get(task.id);
    const after = stored ?? task;
    // Deleted while it ran (its run stopped then): told as the run ended, not as it was taken.
    const status = stored?.lastStatus ?? (outcome.interrupted ? 'interrupted' : outcome.success ? 'done' : 'failed');
    if (opts.json) {
      const ended = background.map((e) => ({ name: e.name, status: e.status, result: e.result }));
      const run = { status, result: outcome.text, ...(ended.length ? { background: ended } : {}) };
      process.stdout.write(`${jsonText({ task: taskInfo(after), run }, 2)}\n`);
    } else {
      // What iAs itself says in it (a failure, a notice) in the owner's language; JSON keeps it as stored.
      const result = sayTaskResult(words.results, outcome.text, outcome.code);
      process.stdout.write(`${withControlsShown(result)}\n`);
      for (const e of background)
        process.stderr.write(color.dim(`${words.finishedInBackground(cell(e.name), e.status)}\n`));
      const said = status === 'done' ? color.green(words.status[status]) : color.red(words.status[status]);
      process.stderr.write(`${words.ended(color.bold(cell(after.name)), after.id, said)}\n`);
    }
    process.exitCode = interrupted ? INTERRUPTED_STATUS : outcome.success ? 0 : 1;
  } finally {
    rl?.close();
    process.off('SIGINT', interrupt);
    stopListening();
    await runtime.close();
    if (terminated) process.exitCode = endingStatus[terminated];
  }
}
