/** Maps a fence language or a shebang line to the program that runs a skill script. */

const isWindows = process.platform === 'win32';

interface Interpreter {
  command: string[];
  extension: string;
}

const BY_LANGUAGE: Record<string, Interpreter> = {
  bash: { command: ['bash'], extension: '.sh' },
  sh: { command: ['sh'], extension: '.sh' },
  shell: { command: ['sh'], extension: '.sh' },
  node: { command: ['node'], extension: '.cjs' },
  js: { command: ['node'], extension: '.cjs' },
  javascript: { command: ['node'], extension: '.cjs' },
  python: { command: [isWindows ? 'python' : 'python3'], extension: '.py' },
  python3: { command: [isWindows ? 'python' : 'python3'], extension: '.py' },
  py: { command: [isWindows ? 'python' : 'python3'], extension: '.py' },
  powershell: {
    command: isWindows
      ? ['powershell.exe', '-NoProfile', '-NonInteractive', '-ExecutionPolicy', 'Bypass', '-File']
      : ['pwsh', '-NoProfile', '-NonInteractive', '-File'],
    extension: '.ps1',
  },
};
BY_LANGUAGE.pwsh = BY_LANGUAGE.ps1 = BY_LANGUAGE.powershell!;

export const SUPPORTED_LANGUAGES = ['bash', 'sh', 'node', 'js', 'python', 'powershell'];

/** The interpreter for a fence language, or undefined when the language is not one we run. */
export function interpreterForLanguage(language: string): Interpreter | undefined {
  return BY_LANGUAGE[language.toLowerCase()];
}

/**
 * The interpreter named by a `#!` line. `#!/usr/bin/env python3` becomes the language's own
 * interpreter (so it also works on Windows); `#!/bin/bash -e` keeps its program and arguments.
 */
export function interpreterForShebang(line: string): Interpreter | undefined {
  const words = line
    .slice(2)
    .trim()
    .split(/\s+/)
    .filter((w) => w.length > 0);
  if (words.length === 0) return undefined;
  let program = words[0]!;
  let args = words.slice(1);
  if (/(^|\/)env$/.test(program)) {
    args = args.filter((a) => a !== '-S');
    if (args.length === 0) return undefined;
    program = args[0]!;
    args = args.slice(1);
  }
  const base = program.split(/[\\/]/).pop()!.toLowerCase();
  const known = BY_LANGUAGE[base.replace(/\.exe$/, '')];
  if (known && (args.length === 0 || !program.includes('/'))) {
    return { command: [...known.command, ...args], extension: known.extension };
  }
  return { command: [program, ...args], extension: known?.extension ?? '' };
}
