/**
 * Commits made to the database by other connections: other iAs processes sharing the data folder
 * (`ias chat` in a terminal beside the app or `ias serve`). SQLite's `PRAGMA data_version` changes
 * when another connection has committed since it was last read, never for this connection's own
 * commits, and reading it looks only at the WAL index in shared memory.
 *
 * When to read it: a commit writes the WAL file (`<db>-wal`), so where the system tells a file's
 * writes by any process at once (inotify on Linux, kqueue on macOS) a write there has it read a
 * moment later, and a slow poll only covers a watch that failed; the process sleeps while nobody
 * writes (a timer waking it every second costs about a millisecond of CPU each time). On Windows,
 * where a write to a file kept open may be told late, and where the file cannot be watched, it is
 * read every second. Timers never keep the process alive. A change of the file made some other way
 * (a checkpoint) may move the version too: the listener must only read, and find nothing new then.
 */
import fs from 'node:fs';
import type Database from 'better-sqlite3';

/** How often the version is read when the WAL file is not watched. */
export const COMMITS_ELSEWHERE_MS = 1000;
/** How often it is read besides, while the WAL file is watched. */
const WATCHED_POLL_MS = 10_000;
/**
 * How long after a write to the WAL file it is read: the commit's index update comes after its last
 * frame. Read once more as long after when more writes came meanwhile, or when nothing was found.
 */
const SETTLE_MS = 30;

export interface CommitsElsewhereOptions {
  /** The poll without a watch (default COMMITS_ELSEWHERE_MS). */
  pollMs?: number;
  /** The poll beside a watch (default 10 s). */
  watchedPollMs?: number;
  /** Watch the WAL file where that can be trusted (default true). */
  watch?: boolean;
}

/**
 * Calls `listener` after other connections committed (once for several commits close together).
 * Returns what stops it; it stops by itself once the database is closed. A listener that throws is
 * called again at the next look. The version is read at once: read what the listener compares with
 * after this call, so that a commit made in between is looked at rather than counted as seen.
 */
export function watchCommitsElsewhere(
  db: Database.Database,
  listener: () => void,
  options: CommitsElsewhereOptions = {},
): () => void {
  const version = db.prepare<[], number>('PRAGMA data_version').pluck();
  let seen = version.get();
  let timer: NodeJS.Timeout | undefined;
  let watcher: fs.FSWatcher | undefined;
  /** The wait after a write to the WAL file, and whether more writes came during it. */
  let settling: NodeJS.Timeout | undefined;
  let wroteMeanwhile = false;

  const stop = () => {
    clearInterval(timer);
    clearTimeout(settling);
    settling = undefined;
    watcher?.close();
    watcher = undefined;
  };
  /** Whether other connections' commits were found (and the listener took them). */
  const look = (): boolean => {
    if (!db.open) {
      stop();
      return false;
    }
    try {
      const now = version.get();
      if (now === seen) return false;
      listener();
      seen = now;
      return true;
    } catch {
      // A busy or failing read: the next look tries again.
      return false;
    }
  };
  /**
   * Looks SETTLE_MS after a write, the writes during the wait joining it; and once more after as
   * long when writes came during the wait (a commit whose last frame was among them may make
   * itself seen only after the look) or when the look found nothing (the write's own commit may
   * have been made seen just after it). Else such a commit would wait for the slow poll. `again`:
   * this wait is that one more after nothing was found, and has none after it unless written to.
   * This process's own commits, which the version never counts, cost that second read too: a look
   * at shared memory.
   */
  const settle = (again = false) => {
    settling = setTimeout(() => {
      settling = undefined;
      const more = wroteMeanwhile;
      wroteMeanwhile = false;
      const found = look();
      // Not once the watch is gone (stopped, or failed: the poll looks often then).
      if (watcher && (more || (!found && !again))) settle(!more);
    }, SETTLE_MS);
    settling.unref();
  };
  const written = () => {
    if (settling) wroteMeanwhile = true;
    else settle();
  };
  const poll = (ms: number) => {
    clearInterval(timer);
    timer = setInterval(look, ms);
    timer.unref();
  };
  const pollMs = options.pollMs ?? COMMITS_ELSEWHERE_MS;
  // A watch that fails, or whose file is replaced, leaves the poll to look often.
  const unwatched = () => {
    watcher?.close();
    watcher = undefined;
    poll(pollMs);
  };

  if (options.watch !== false && process.platform !== 'win32') {
    const wal = `${db.name}-wal`;
    /** The WAL file watched, as the system knows it; another one at its path is not watched. */
    const identity = () => {
      const stat = fs.statSync(wal, { throwIfNoEntry: false });
      return stat && `${stat.dev}:${stat.ino}`;
    };
    try {
      const watched = identity();
      watcher = fs.watch(wal, { persistent: false }, (event) => {
        // macOS tells a write that does not grow the file (the WAL written again from its start
        // after a checkpoint) as 'rename' too: only a file gone or replaced ends the watch.
        if (event === 'rename' && (watched === undefined || identity() !== watched)) return unwatched();
        written();
      });
      watcher.on('error', unwatched);
    } catch {
      watcher = undefined; // No WAL file to watch (an in-memory database): polled.
    }
  }
  poll(watcher ? (options.watchedPollMs ?? WATCHED_POLL_MS) : pollMs);
  return stop;
}
