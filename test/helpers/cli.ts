/** Runs the built `ias` command as a real process. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { onCleanup } from './temp.js';

/**
 * The system language a run sees unless a test gives its own: English (LANG=C), whatever the
 * machine running the tests speaks (an empty LC_ALL or LC_MESSAGES counts as unset).
 */
export const ENGLISH_SYSTEM = { LC_ALL: '', LC_MESSAGES: '', LANG: 'C' };

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function ias(args: string[], env: Record<string, string> = {}, input?: string): CliRun {
  const result = spawnSync(process.execPath, [path.resolve('bin/ias.mjs'), ...args], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', ...ENGLISH_SYSTEM, ...env },
    input,
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/**
 * `ias skills review NAME --hash …` at the version `ias skills list --json` gives now, as a script
 * reviews a skill its owner has read (`args`: the global options).
 */
export function iasReview(name: string, args: string[], env: Record<string, string> = {}): CliRun {
  const listed = JSON.parse(ias(['skills', 'list', '--json', ...args], env).stdout) as { name: string; hash: string }[];
  const hash = listed.find((s) => s.name === name)?.hash ?? 'not-listed';
  return ias(['skills', 'review', name, '--hash', hash, ...args], env);
}

/** The same, without blocking this process (for servers the command talks to, here in the test). */
export function iasAsync(args: string[], env: Record<string, string> = {}, input?: string): Promise<CliRun> {
  return iasProcess(args, env, input).run;
}

/**
 * The same, with the process itself (to kill it mid-command); `run` resolves once it has ended.
 * `input` null leaves stdin open, as a pipe whose writer has not ended: the test writes and ends it.
 */
export function iasProcess(
  args: string[],
  env: Record<string, string> = {},
  input?: string | null,
): { child: ChildProcess; run: Promise<CliRun> } {
  const child = spawn(process.execPath, [path.resolve('bin/ias.mjs'), ...args], {
    env: { ...process.env, NO_COLOR: '1', ...ENGLISH_SYSTEM, ...env },
  });
  const run = new Promise<CliRun>((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d));
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
  if (input === null) {
    // Still written to once the command has stopped reading, or ended.
    child.stdin.on('error', () => {});
    onCleanup(() => void child.stdin.end());
  } else child.stdin.end(input ?? '');
  return { child, run };
}
