/**
 * Runs one program as a real process for a skill: clean environment given by the caller, its own
 * process group (so a timeout or a stop ends the whole tree), stdout and stderr capped. On Linux
 * the processes that left the group are ended with it too, found by the call's token (see
 * call-token.ts); elsewhere the group is all that is ended.
 */
import {
  CALL_TOKEN_VAR,
  callPidsFromNow,
  callStarted,
  endCarriers,
  newCallToken,
  signalCarriers,
} from './call-token.js';
import { killTree } from './process-tree.js';

export const OUTPUT_CAP_BYTES = 1024 * 1024;
const KILL_GRACE_MS = 1500;
const STREAM_GRACE_MS = 200;

export interface RunProcessOptions {
  cwd: string;
  env: Record<string, string>;
  input?: string;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Bytes kept of each stream (1 MB by default). */
  capBytes?: number;
  /**
   * Which part of a stderr past the cap is kept: its start (the default), or its end, where a
   * failing program says why it failed.
   */
  stderrKeeps?: 'start' | 'end';
  /**
   * Told the process id (its group's id too) once the process is started, and the token its
   * processes carry (Linux), by which those that left the group are found.
   */
  onSpawn?: (pid: number, callToken?: string) => void;
  /** Windows: the arguments go on the command line as they are (for cmd.exe, which reads no escapes). */
  windowsVerbatimArguments?: boolean;
}

export interface ProcessOutcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  truncated: boolean;
  /** Whether stderr was cut (at the end it keeps, see `stderrKeeps`). */
  stderrTruncated: boolean;
  /** Why it was ended early, if it was. */
  stopped?: 'timeout' | 'cancelled';
  /**
   * The program could not be started: ENOENT (it does not exist), E2BIG (its arguments and
   * environment are too large), ERR_INVALID_ARG_VALUE (a NUL character in one of them)…
   */
  spawnError?: NodeJS.ErrnoException;
}

/** The start of a stream, or its end, up to `cap` bytes. */
class CappedBuffer {
  private chunks: Buffer[] = [];
  private size = 0;
  /**
   * The end kept, once the stream is past the cap: a ring of `cap` bytes, `written` bytes put
   * through it (each byte copied once, however small the chunks).
   */
  private ring: Buffer | undefined;
  private written = 0;
  truncated = false;
  constructor(
    private readonly cap: number,
    private readonly keeps: 'start' | 'end' = 'start',
  ) {}
  push(chunk: Buffer): void {
    if (this.keeps === 'end' && (this.ring || this.size + chunk.length > this.cap)) {
      this.pushKeepingEnd(chunk);
      return;
    }
    const room = this.cap - this.size;
    if (room <= 0) {
      this.truncated = true;
      return;
    }
    const kept = chunk.length > room ? chunk.subarray(0, room) : chunk;
    if (kept !== chunk) this.truncated = true;
    this.chunks.push(kept);
    this.size += kept.length;
  }
  private pushKeepingEnd(chunk: Buffer): void {
    this.truncated = true;
    if (this.cap <= 0) return;
    if (!this.ring) {
      // Made only for a stream past the cap: what was kept so far goes in first.
      this.ring = Buffer.allocUnsafe(this.cap);
      this.written = 0;
      const before = Buffer.concat(this.chunks);
      this.chunks = [];
      this.size = 0;
      this.putInRing(before);
    }
    this.putInRing(chunk);
  }
  private putInRing(chunk: Buffer): void {
    const ring = this.ring!;
    const bytes = chunk.length > this.cap ? chunk.subarray(chunk.length - this.cap) : chunk;
    const at = (this.written + chunk.length - bytes.length) % this.cap;
    const first = Math.min(bytes.length, this.cap - at);
    bytes.copy(ring, at, 0, first);
    bytes.copy(ring, 0, first);
    this.written += chunk.length;
  }
  text(): string {
    if (!this.ring) return Buffer.concat(this.chunks).toString('utf8');
    const at = this.written % this.cap;
    const bytes = Buffer.concat([this.ring.subarray(at), this.ring.subarray(0, at)]);
    // The cut may fall inside a character: its last bytes are dropped rather than read as U+FFFD.
    let skip = 0;
    while (skip < 3 && skip < bytes.length && (bytes[skip]! & 0xc0) === 0x80) skip++;
    return bytes.toString('utf8', skip);
  }
}

let execaModule: Promise<typeof import('execa')> | undefined;

/**
 * execa, loaded with the first process run (a command that runs none, `ias skills list`, never loads
 * it) and kept: an `import()` at each call costs a resolution each time (milliseconds under a loader).
 */
function loadExeca(): Promise<typeof import('execa')> {
  return (execaModule ??= import('execa'));
}

export async function runProcess(program: string, args: string[], options: RunProcessOptions): Promise<ProcessOutcome> {
  const { execa } = await loadExeca();
  const cap = options.capBytes ?? OUTPUT_CAP_BYTES;
  const stdout = new CappedBuffer(cap);
  const stderr = new CappedBuffer(cap, options.stderrKeeps);
  // Set last: no setting of the skill's can take it over.
  const token = newCallToken();
  // Read last, just before it starts: every process of the call gets an id handed out after this.
  const pids = token ? callPidsFromNow() : undefined;
  const child = execa(program, args, {
    cwd: options.cwd,
    env: token ? { ...options.env, [CALL_TOKEN_VAR]: token } : options.env,
    extendEnv: false,
    input: options.input ?? '',
    buffer: false,
    reject: false,
    detached: process.platform !== 'win32',
    windowsHide: true,
    ...(options.windowsVerbatimArguments ? { windowsVerbatimArguments: true } : {}),
    stripFinalNewline: false,
  });
  // No process id: the spawn failed. Such a child never emits exit or error (a NUL in a variable,
  // E2BIG), and there is no process to time out or stop; its settled result carries the reason.
  if (child.pid === undefined) return notStarted(await child);
  // Its start time, read at once: it cannot have been reaped yet, so its id is still its own.
  const since = token ? callStarted(child.pid, pids) : undefined;
  options.onSpawn?.(child.pid, token);
  child.stdout?.on('data', (c: Buffer) => stdout.push(c));
  child.stderr?.on('data', (c: Buffer) => stderr.push(c));

  let stopped: 'timeout' | 'cancelled' | undefined;
  const stop = (why: 'timeout' | 'cancelled') => {
    if (stopped) return;
    stopped = why;
    killTree(child.pid, 'SIGTERM');
    if (token) signalCarriers(token, 'SIGTERM', since);
    setTimeout(() => killTree(child.pid, 'SIGKILL'), KILL_GRACE_MS).unref();
  };
  const timer = setTimeout(() => stop('timeout'), options.timeoutMs);
  const onAbort = () => stop('cancelled');
  if (options.signal?.aborted) onAbort();
  options.signal?.addEventListener('abort', onAbort, { once: true });

  const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null; spawnError?: Error }>(
    (resolve) => {
      child.once('exit', (code, signal) => resolve({ code, signal }));
      child.once('error', (err) => resolve({ code: null, signal: null, spawnError: err }));
    },
  );
  clearTimeout(timer);
  options.signal?.removeEventListener('abort', onAbort);
  // The program is done: whatever it left running ends with it, in its group or out of it (a
  // call's work is all of it: nothing it started acts on once its audit row says it ended).
  killTree(child.pid, 'SIGKILL');
  await endCarriers(token, since);
  await Promise.race([child.catch(() => undefined), new Promise((r) => setTimeout(r, STREAM_GRACE_MS))]);
  child.stdout?.destroy();
  child.stderr?.destroy();
  return {
    code: exit.code,
    signal: exit.signal,
    stdout: withoutToken(stdout.text(), token),
    stderr: withoutToken(stderr.text(), token),
    truncated: stdout.truncated || stderr.truncated,
    stderrTruncated: stderr.truncated,
    ...(stopped ? { stopped } : {}),
    ...(exit.spawnError ? { spawnError: exit.spawnError as NodeJS.ErrnoException } : {}),
  };
}

/** `text` without the call's token (a script that prints its environment): the model is not shown it. */
function withoutToken(text: string, token: string | undefined): string {
  return token ? text.replaceAll(token, '[call token]') : text;
}

/** The outcome of a program that never started, with the reason its spawn failed. */
function notStarted(failure: { cause?: unknown; message?: string; code?: string }): ProcessOutcome {
  const cause = failure.cause instanceof Error ? (failure.cause as NodeJS.ErrnoException) : undefined;
  const spawnError: NodeJS.ErrnoException =
    cause ?? Object.assign(new Error(failure.message ?? 'the program could not be started'), { code: failure.code });
  return { code: null, signal: null, stdout: '', stderr: '', truncated: false, stderrTruncated: false, spawnError };
}
