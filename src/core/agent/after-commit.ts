/**
 * Commits whose in-memory side waits for them: what a turn keeps in memory of the rows it writes
 * inside a commit (that its reply is stored, the result it will send) is applied only once that
 * commit went through, so a commit that fails while the turn goes on leaves the turn as it was.
 */
export class AfterCommit {
  /** What waits for the commit under way (of run), if one is. */
  private waiting?: (() => void)[];

  constructor(private readonly atomically: <T>(fn: () => T) => T) {}

  /** `fn` in one commit (nested: in the commit under way); what it left to `then` is applied once that went through. */
  run<T>(fn: () => T): T {
    if (this.waiting) return this.atomically(fn);
    const waiting: (() => void)[] = [];
    this.waiting = waiting;
    let out: T;
    try {
      out = this.atomically(fn);
    } finally {
      this.waiting = undefined;
    }
    for (const apply of waiting) apply();
    return out;
  }

  /**
   * Applies `change` once the commit under way (of run) went through; at once outside one (inside a
   * commit made elsewhere, whose failure its caller must treat as the end of what it was doing).
   */
  then(change: () => void): void {
    if (this.waiting) this.waiting.push(change);
    else change();
  }
}
