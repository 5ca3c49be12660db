/**
 * What a start-up has opened so far (the database, the skill watcher, the WeChat bot, the
 * scheduler, servers), closed last opened first: when the process stops, and when a later step of
 * the start fails, so that a failed start neither leaves the database open nor keeps the process
 * alive with a watcher or a timer. A failed start throws its own error, never one met on the way
 * out (those go to whoever asked to hear them).
 */
export type Closer = () => unknown;

export class OpenedParts {
  private readonly closers: Closer[] = [];

  /** Adds what closes a part just opened. */
  add(close: Closer): void {
    this.closers.push(close);
  }

  /**
   * Closes every part added, last first, each one even when one before it failed; a second call
   * closes only what was added since. A part that fails to close goes to `onError` when given;
   * without it, the first such failure is thrown once all have been tried.
   */
  async closeAll(onError?: (err: unknown) => void): Promise<void> {
    const failures: unknown[] = [];
    for (const close of this.closers.splice(0).reverse()) {
      try {
        await close();
      } catch (err) {
        if (onError) onError(err);
        else failures.push(err);
      }
    }
    if (failures.length > 0) throw failures[0];
  }
}

/**
 * Runs a start-up that adds each part it opens to `opened`. When it throws, what it opened is
 * closed (last first) and its error is thrown as it was; a part that fails to close then goes to
 * `onCloseError` (or is let be: the start's error is the one to tell).
 */
export async function startOrClose<T>(
  start: (opened: OpenedParts) => Promise<T>,
  onCloseError: (err: unknown) => void = () => undefined,
): Promise<T> {
  const opened = new OpenedParts();
  try {
    return await start(opened);
  } catch (err) {
    await opened.closeAll(onCloseError);
    throw err;
  }
}
