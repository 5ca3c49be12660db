/**
 * Tasks run strictly one after another, in the order they were given: each starts once the one
 * before it has ended, however it ended. A task that fails fails only for its own caller; the ones
 * after it run all the same, and a failure nobody awaits is no unhandled rejection. With
 * `holdAtMostMs`, a task that has not ended by then no longer holds up the ones after it (it goes
 * on, and its caller still gets its own end).
 */
export class OneAtATime {
  /** When the next task may start; it never rejects. */
  private last: Promise<unknown> = Promise.resolve();

  constructor(private readonly holdAtMostMs?: number) {}

  /** Runs `task` after every task given before it; resolves or rejects as `task` does. */
  run<T>(task: () => Promise<T>): Promise<T> {
    const previous = this.last;
    const result = previous.then(() => task());
    const ended = result.catch(() => undefined);
    const hold = this.holdAtMostMs;
    // The time limit counts from when the task begins, not from when it was given.
    this.last = hold === undefined ? ended : previous.then(() => atMost(ended, hold));
    return result;
  }

  /** Resolves once every task given so far has ended (or stopped holding up the next). */
  async idle(): Promise<void> {
    await this.last;
  }
}

/** Resolves when `ended` does, or after `ms`, whichever comes first (the timer keeps no process alive). */
function atMost(ended: Promise<unknown>, ms: number): Promise<unknown> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref?.();
    void ended.then(() => {
      clearTimeout(timer);
      resolve(undefined);
    });
  });
}
