/** `ias serve` as a real process, for the tests and the benchmark: spawn, wait for the ready line, stop. */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { ENGLISH_SYSTEM } from '../helpers/cli.js';

export interface ServeProcess {
  child: ChildProcessWithoutNullStreams;
  /** The printed URL, the token in its fragment. */
  url: string;
  token: string;
  origin: string;
  stdout: () => string;
  stderr: () => string;
  /** Resolves with the exit code (or signal) once the process ends. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const READY = /^iAs is ready at (http:\/\/\S+)$/m;

export function spawnServe(args: string[], env: Record<string, string> = {}): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [path.resolve('bin/ias.mjs'), 'serve', ...args], {
    env: { ...process.env, NO_COLOR: '1', ...ENGLISH_SYSTEM, ...env },
  });
}

/** Starts `ias serve ARGS` and waits for its ready line (or its early exit, which rejects). */
export function startServe(
  args: string[],
  env: Record<string, string> = {},
  timeoutMs = 30_000,
): Promise<ServeProcess> {
  const child = spawnServe(args, env);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`ias serve was not ready within ${timeoutMs} ms\n${stderr}`));
    }, timeoutMs);
    const onData = () => {
      const match = READY.exec(stdout);
      if (!match) return;
      clearTimeout(timer);
      child.stdout.off('data', onData);
      const url = new URL(match[1]!);
      resolve({
        child,
        url: match[1]!,
        token: new URLSearchParams(url.hash.slice(1)).get('token') ?? '',
        origin: url.origin,
        stdout: () => stdout,
        stderr: () => stderr,
        exited,
      });
    };
    child.stdout.on('data', onData);
    void exited.then(({ code }) => {
      clearTimeout(timer);
      reject(new Error(`ias serve exited with ${code} before it was ready\n${stderr}`));
    });
  });
}

/** SIGTERM, then the exit. */
export async function stopServe(serve: ServeProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  serve.child.kill('SIGTERM');
  return serve.exited;
}

/** Ends a process a test left running (SIGKILL), once it has exited. */
export async function killIfRunning(serve: ServeProcess | undefined): Promise<void> {
  if (serve && serve.child.exitCode === null && serve.child.signalCode === null) {
    serve.child.kill('SIGKILL');
    await serve.exited;
  }
}

/** Resolves once the process's stderr holds `text`. */
export function stderrShows(serve: ServeProcess, text: string): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!serve.stderr().includes(text)) return;
      serve.child.stderr.off('data', check);
      resolve();
    };
    serve.child.stderr.on('data', check);
    check();
  });
}
