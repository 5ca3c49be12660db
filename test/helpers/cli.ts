/** Runs the built `ias` command as a real process. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function ias(args: string[], env: Record<string, string> = {}, input?: string): CliRun {
  const result = spawnSync(process.execPath, [path.resolve('bin/ias.mjs'), ...args], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', ...env },
    input,
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
