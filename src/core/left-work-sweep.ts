/**
 * Work another iAs process left behind when it was killed while this one runs (`ias chat` beside
 * the app, kill -9): swept as start-up sweeps it, every so often, by the process that owns
 * approvals, however long it has been running. The skill processes are ended first (nothing goes
 * on unwatched past its time limit), then the calls and background jobs are marked interrupted and
 * the approvals it left open are cancelled.
 * What a process that still runs is doing, this one's included, stays its own.
 */
import type { ApprovalGate } from './approval/gate.js';
import { stopLeftoverProcesses } from './skills/leftover-processes.js';
import type { Store } from './store/index.js';

/** How often the work left by killed processes is looked for. */
export const LEFT_WORK_SWEEP_MS = 30_000;

interface Swept {
  store: Pick<Store, 'processes' | 'audit' | 'jobs'>;
  gate: Pick<ApprovalGate, 'closeAbandoned'>;
}

export function sweepLeftWork({ store, gate }: Swept): void {
  stopLeftoverProcesses(store.processes);
  store.audit.interruptLeft();
  store.jobs.interruptLeft();
  // Nobody can answer them now; the UI stops showing them as waiting.
  gate.closeAbandoned();
}

/** Sweeps every `ms` until the returned function is called; a sweep that fails (the database busy) is done at the next. */
export function sweepLeftWorkEvery(parts: Swept, ms = LEFT_WORK_SWEEP_MS): () => void {
  const timer = setInterval(() => {
    try {
      sweepLeftWork(parts);
    } catch {
      // Tried again at the next sweep.
    }
  }, ms);
  timer.unref?.();
  return () => clearInterval(timer);
}
