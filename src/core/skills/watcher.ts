/**
 * Watches skill folders with chokidar and reloads just the skill folders that changed, after a
 * short quiet period so that a burst of writes becomes one reload. A change of mode alone (`chmod
 * +x` on a program the skill runs) is a change too, though chokidar, comparing times, lets it by.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FSWatcher } from 'chokidar';
import { realRoot } from './load.js';
import type { SkillRegistry } from './registry.js';
import { checksExecuteBits } from './unexecutable-programs.js';
import type { SkillSource } from './types.js';

const MAX_WAIT_MS = 250;

export interface WatcherOptions {
  /** Which folders to watch: the user folder always; the system folder in development. */
  sources?: SkillSource[];
  /** Quiet time before a reload, in ms. */
  debounceMs?: number;
  onError?: (error: Error) => void;
}

export class SkillWatcher {
  private watchers: FSWatcher[] = [];
  private readonly dirty: Record<SkillSource, Set<string>> = { system: new Set(), user: new Set() };
  private timer: NodeJS.Timeout | undefined;
  private pendingSince = 0;
  private readonly debounceMs: number;
  private closed = false;

  constructor(
    private readonly registry: SkillRegistry,
    private readonly options: WatcherOptions = {},
  ) {
    this.debounceMs = options.debounceMs ?? 50;
  }

  /** Starts watching; resolves once the watchers are ready. */
  async start(): Promise<void> {
    const sources = this.options.sources ?? ['user'];
    await Promise.all(
      sources.map(async (source) => {
        const dir = this.registry.dirOf(source);
        if (!dir) return;
        fs.mkdirSync(dir, { recursive: true });
        await this.watchFolder(source, dir);
      }),
    );
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await Promise.all(this.watchers.map((w) => w.close()));
    this.watchers = [];
  }

  /** Watches one source's skills folder; resolves once the watcher is ready. */
  private async watchFolder(source: SkillSource, dir: string): Promise<void> {
    // chokidar does not look inside a watched path that is a link (a skills folder kept in a
    // dotfiles checkout): the folder it leads to is watched instead.
    const watched = realRoot(dir);
    // Loaded here: a process that watches no folder (most `ias` commands) never loads chokidar.
    const { watch } = await import('chokidar');
    if (this.closed) return;
    const watcher = watch(watched, { ignoreInitial: true, followSymlinks: false, depth: 16 });
    watcher.on('all', (event, file) => {
      this.touched(source, watched, file);
      // The folder itself removed (to put a backup or a fresh clone in its place): chokidar no
      // longer sees anything made there, so it is watched again once it is back.
      if (event === 'unlinkDir' && path.resolve(file) === watched)
        void this.watchWhenBack(source, dir, watched, watcher);
    });
    // chokidar tells a change only when the modification time moved (or the file was not
    // read since): a chmod changes neither, yet its file-system event comes through raw.
    if (checksExecuteBits) {
      watcher.on('raw', (event, name, details) => {
        if (event === 'change')
          this.changedRaw(source, watched, (details as { watchedPath?: string }).watchedPath, name);
      });
    }
    watcher.on('error', (err) => this.options.onError?.(err as Error));
    this.watchers.push(watcher);
    await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  }

  /**
   * The skills folder was removed: its folder above is watched (for that name alone) until it is
   * made again, then it is watched as before and everything in it is loaded.
   */
  private async watchWhenBack(source: SkillSource, dir: string, folder: string, gone: FSWatcher): Promise<void> {
    if (!this.watchers.includes(gone)) return; // told twice
    await this.stopWatcher(gone);
    const { watch } = await import('chokidar');
    if (this.closed) return;
    // The folder that was watched (where a link to it led): it comes back there.
    const parent = path.dirname(folder);
    const waiter = watch(parent, {
      ignoreInitial: true,
      followSymlinks: false,
      depth: 0,
      ignored: (p: string) => path.resolve(p) !== parent && path.resolve(p) !== folder,
    });
    this.watchers.push(waiter);
    let back = false;
    const whenBack = () => {
      if (back || this.closed || !isFolder(dir)) return;
      back = true;
      void this.stopWatcher(waiter)
        .then(() => (this.closed ? undefined : this.watchFolder(source, dir)))
        .then(() => {
          // What was put there before the new watcher was ready is loaded now.
          if (!this.closed) this.touched(source, realRoot(dir), realRoot(dir));
        })
        .catch((err: unknown) => this.options.onError?.(err as Error));
    };
    waiter.on('addDir', whenBack);
    waiter.on('error', (err) => this.options.onError?.(err as Error));
    // Made again before the waiter was ready: nothing more would tell it.
    waiter.once('ready', whenBack);
  }

  private async stopWatcher(watcher: FSWatcher): Promise<void> {
    this.watchers = this.watchers.filter((w) => w !== watcher);
    await watcher.close();
  }

  private touched(source: SkillSource, dir: string, file: string): void {
    const rel = path.relative(dir, file);
    if (rel === '' || rel.startsWith('..')) {
      // The folder itself appeared or vanished: reload everything in it.
      for (const name of this.registry.list().filter((s) => s.source === source)) this.dirty[source].add(name.name);
      for (const name of safeReaddir(dir)) this.dirty[source].add(name);
    } else {
      const name = rel.split(path.sep)[0]!;
      if (name.startsWith('.')) return;
      this.dirty[source].add(name);
    }
    // Trailing debounce, but a steady stream of writes still reloads every MAX_WAIT_MS.
    if (this.timer && Date.now() - this.pendingSince >= MAX_WAIT_MS) return;
    if (this.timer) clearTimeout(this.timer);
    else this.pendingSince = Date.now();
    this.timer = setTimeout(() => this.flush(), this.debounceMs);
  }

  /**
   * A file-system event as it came (`name` in the folder or of the file `watchedPath`): the skill
   * folder it is in, if any, is reloaded with the rest. Reading a file raises none, so a reload
   * does not start another.
   */
  private changedRaw(source: SkillSource, dir: string, watchedPath: string | undefined, name: string): void {
    if (!watchedPath) return;
    const inside = path.relative(dir, watchedPath);
    if (inside.startsWith('..') || path.isAbsolute(inside)) return;
    if (inside !== '') this.touched(source, dir, watchedPath);
    else if (name) this.touched(source, dir, path.join(dir, name));
  }

  private flush(): void {
    this.timer = undefined;
    for (const source of ['system', 'user'] as const) {
      const names = [...this.dirty[source]];
      this.dirty[source].clear();
      if (names.length === 0) continue;
      try {
        this.registry.reload(source, names);
      } catch (err) {
        this.options.onError?.(err as Error);
      }
    }
  }
}

function isFolder(dir: string): boolean {
  try {
    return fs.statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

function safeReaddir(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}
