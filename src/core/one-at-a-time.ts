/**
 * Tasks run strictly one after another, in the order they were given: each starts once the one
 * before it has ended, however it ended. A task that fails fails only for its own caller; the ones
 * after it run all the same, and a failure nobody awaits is no unhandled rejection.
 */
export class OneAtATime {
  /** The end of the last task given; it never rejects. */
  private last: Promise<unknown> = Promise.resolve();

  /** Runs `task` after every task given before it; resolves or rejects as `task` does. */
  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.last.then(() => task());
    this.last = result.catch(() => undefined);
    return result;
  }

  /** Resolves once every task given so far has ended. */
  async idle(): Promise<void> {
    await this.last;
  }
}
