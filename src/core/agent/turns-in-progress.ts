/**
 * The turns under way in one process, so that shutting down (the app quitting, `ias serve`
 * stopping) stops them and waits for them: each is then stored as stopped, not left to look cut off.
 */
export class TurnsInProgress {
  private readonly turns = new Map<AbortController, Promise<unknown>>();
  private closed = false;

  /**
   * Runs a turn with a signal of its own that stopAll aborts, as `signal` (the owner's Stop) does.
   * Once stopAll has been called, a turn starts stopped.
   */
  async run<T>(signal: AbortSignal | undefined, turn: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const stop = new AbortController();
    const follow = () => stop.abort();
    if (signal?.aborted || this.closed) stop.abort();
    else signal?.addEventListener('abort', follow, { once: true });
    const done = turn(stop.signal);
    this.turns.set(stop, done);
    try {
      return await done;
    } finally {
      signal?.removeEventListener('abort', follow);
      this.turns.delete(stop);
    }
  }

  /** Stops every turn under way and waits until each has stored how it ended. */
  async stopAll(): Promise<void> {
    this.closed = true;
    const running = [...this.turns];
    for (const [stop] of running) stop.abort();
    await Promise.allSettled(running.map(([, done]) => done));
  }
}
