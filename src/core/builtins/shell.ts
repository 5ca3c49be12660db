/**
 * execute_shell: one command in the owner's shell (their login shell on macOS and Linux,
 * PowerShell on Windows), in a working folder, with a timeout that ends the whole process tree
 * and capped output. It runs only after the owner approved the exact command.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { allowedParentEnv } from '../skills/environment.js';
import { runProcess } from '../skills/run-process.js';
import type { BuiltinCheck, BuiltinContext } from './index.js';

export const DEFAULT_TIMEOUT_SECS = 60;
const DEFAULT_OUTPUT_KB = 64;
const LOGIN_SHELLS = new Set(['bash', 'zsh', 'fish', 'ksh']);

const isFile = (file: string): boolean => fs.statSync(file, { throwIfNoEntry: false })?.isFile() === true;

/**
 * Windows: a program named without a folder, found on PATH (with PATHEXT) as a full path, else as
 * it is. Named bare, it would be looked for first in the working folder (cross-spawn's lookup, as
 * cmd.exe's), which the model chooses: a `powershell.exe` downloaded there would run instead.
 */
export function onWindowsPath(name: string, env: NodeJS.ProcessEnv, exists = isFile): string {
  if (/[\\/:]/.test(name)) return name;
  const exts = ['', ...(env.PATHEXT ?? env.Pathext ?? '.COM;.EXE;.BAT;.CMD').split(';').filter(Boolean)];
  for (const dir of (env.PATH ?? env.Path ?? '').split(';').filter((d) => path.win32.isAbsolute(d))) {
    for (const ext of exts) {
      const file = path.win32.join(dir, name + ext);
      if (exists(file)) return file;
    }
  }
  return name;
}

/** Windows PowerShell where Windows keeps it, named in full (see onWindowsPath). */
function windowsPowerShell(env: NodeJS.ProcessEnv): string {
  const root = env.SystemRoot ?? env.SYSTEMROOT ?? 'C:\\Windows';
  return path.win32.join(root, 'System32', 'WindowsPowerShell', 'v1.0', 'powershell.exe');
}

/** How the arguments reach the program on Windows: as they are, not quoted by the C runtime's rules. */
type ShellOptions = { windowsVerbatimArguments: true };

/**
 * The program and arguments that run `command` in the owner's shell. cmd.exe reads no backslash
 * escapes, so its line goes as it is (as Node gives it with `shell: true`): quoted by the usual
 * rules, `echo "a b"` would reach it as `echo \"a b\"`, another command than the one approved.
 */
export function shellCommand(
  command: string,
  configured: string | undefined,
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
  exists = isFile,
): [string, string[]] | [string, string[], ShellOptions] {
  const windows = platform === 'win32';
  const chosen = configured?.trim() || (windows ? windowsPowerShell(env) : env.SHELL || '/bin/sh');
  const shell = windows ? onWindowsPath(chosen, env, exists) : chosen;
  const base = path.win32
    .basename(shell)
    .toLowerCase()
    .replace(/\.exe$/, '');
  if (base === 'powershell' || base === 'pwsh') return [shell, ['-NoProfile', '-NonInteractive', '-Command', command]];
  if (base === 'cmd') return [shell, ['/d', '/s', '/c', `"${command}"`], { windowsVerbatimArguments: true }];
  // A login shell, so the owner's PATH (Homebrew, nvm…) is there even when iAs was started from the desktop.
  return [shell, [...(LOGIN_SHELLS.has(base) ? ['-l'] : []), '-c', command]];
}

/** The working folder `cwd` names (the home folder by default, `~` expanded), not yet looked at. */
function workingFolderPath(cwd: unknown): string {
  const home = os.homedir();
  if (typeof cwd !== 'string' || cwd.trim() === '') return home;
  return path.resolve(home, cwd.trim().replace(/^~(?=$|[\\/])/, home));
}

/** `dir`, once it is known to be a folder. Only after the owner approved: it tells whether a path exists. */
function existingFolder(dir: string): string {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(dir);
  } catch {
    throw new Error(`the working folder ${dir} does not exist`);
  }
  if (!stat.isDirectory()) throw new Error(`${dir} is not a folder`);
  return dir;
}

/** The command, as the owner would run it; empty is no command, nor one no program can be given. */
function commandLine(params: Record<string, unknown>): string {
  const command = String(params.command ?? '');
  if (command.trim() === '') throw new Error('the command is empty');
  if (command.includes('\0')) {
    throw new Error(
      'the command contains a NUL character (\\u0000), which no program can be given; write it without one',
    );
  }
  return command;
}

/**
 * Before the owner is asked: only what the call itself says (an empty command, a NUL in it).
 * Nothing here looks at the file system, so the answer tells the model nothing about which paths
 * exist: the working folder is looked at once the owner approved.
 */
export const checkShell: BuiltinCheck = (params) => {
  commandLine(params);
};

export async function executeShell(params: Record<string, unknown>, context: BuiltinContext) {
  const command = commandLine(params);
  const cwd = existingFolder(workingFolderPath(params.cwd));
  const timeoutSecs = typeof params.timeout_secs === 'number' ? params.timeout_secs : DEFAULT_TIMEOUT_SECS;
  const capKb = typeof params.max_output_kb === 'number' ? params.max_output_kb : DEFAULT_OUTPUT_KB;
  const [program, args, options] = shellCommand(command, context.env.SHELL);
  const started = performance.now();
  const run = await runProcess(program, args, {
    cwd,
    env: allowedParentEnv(),
    timeoutMs: timeoutSecs * 1000,
    signal: context.signal,
    capBytes: capKb * 1024,
    onSpawn: context.onSpawn,
    ...options,
  });
  const durationMs = Math.round(performance.now() - started);
  if (run.spawnError) {
    throw new Error(
      run.spawnError.code === 'ENOENT'
        ? `the shell "${program}" was not found on this computer; set SHELL in the skill's settings`
        : `the shell could not start: ${run.spawnError.message}`,
    );
  }
  const output = {
    command,
    cwd,
    exitCode: run.code,
    stdout: run.stdout,
    stderr: run.stderr,
    durationMs,
    ...(run.truncated ? { truncated: true, note: `output cut at ${capKb} KB per stream` } : {}),
  };
  if (run.stopped === 'timeout') {
    return {
      success: false,
      error: `timed out after ${timeoutSecs} s; the command and its processes were stopped`,
      ...output,
    };
  }
  if (run.stopped === 'cancelled') return { success: false, error: 'stopped before it finished', ...output };
  if (run.code !== 0) {
    const how = run.code === null ? `ended by signal ${run.signal}` : `exited with code ${run.code}`;
    return { success: false, error: `the command ${how}`, ...output };
  }
  return { success: true, data: output };
}
