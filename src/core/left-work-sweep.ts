/**
 * Work another iAs process left behind when it was killed while this one runs (`ias chat` beside
 * the app, kill -9): swept as start-up sweeps it, every so often, by the process that owns
 * approvals, however long it has been running, and once by every `ias` command as it opens the
 * store (with no app or `ias serve` to start after it, nothing else would). The skill processes are
 * ended first (nothing goes on unwatched past its time limit), then the calls and background jobs
 * are marked interrupted and the approvals it left open are cancelled (and any approval past its
 * time, whoever's, expired: its process may be asleep or busy, see ApprovalGate.closeAbandoned).
 * What a process that still runs is doing, this one's included, stays its own; so is work whose
 * process cannot be told to have ended.
 */
import { markCutOffTurns } from './agent/cut-off-turns.js';
import { INTERRUPTED, type ApprovalGate } from './approval/gate.js';
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

/**
 * For a process that does not own approvals (an `ias` command), as it opens the store: one sweep
 * (with the gate of its runtime, if it has one: else its approvals are cancelled in the store, as
 * the gate does), and the turns cut off by the ended processes say so. Never what only the start of
 * the process that owns approvals may do: work that names no owner, or whose owner cannot be told to
 * have ended, is left for it (another iAs may be doing it). Best effort: a sweep that fails (the
 * database busy) is done by the next command, and the command goes on.
 */
export function settleLeftWork(store: Store, gate?: Pick<ApprovalGate, 'closeAbandoned'>): void {
  try {
    sweepLeftWork({
      store,
      gate: gate ?? {
        closeAbandoned: () => {
          store.approvals.expirePastDue(Date.now());
          store.approvals.cancelAbandoned(Date.now(), INTERRUPTED);
        },
      },
    });
    markCutOffTurns(store.conversations, store.atomically);
  } catch {
    // Settled by the next command, or the app's next start.
  }
}
