/**
 * A shell script that runs a file of its skill folder as a program (`./run.sh`,
 * `"$SKILL_DIR/run.sh"`) whose execute bit is missing fails at call time with a bare "Permission
 * denied". Found from the script's text and the file's mode, and said with the fix: at load (which
 * reads every file's mode with its size anyway, so no file is looked at again) as a warning at the
 * SKILL.md line, and at call time when such a call failed. POSIX only: Windows has no execute bit.
 */
import fs from 'node:fs';
import path from 'node:path';
import { interpreterForShebang } from './interpreters.js';
import { skillProblem } from './problem.js';
import type { ScriptSpec, SkillProblem } from './types.js';

/** The interpreters whose scripts are read here: the shells, which run `./file` as a program. */
const SHELLS = new Set(['bash', 'sh', 'zsh', 'dash', 'ksh']);

/**
 * A skill folder's file in command position: at the start of a line, after `;`, `&`, `|`, `(`,
 * `{`, `!` or a backtick, or after a keyword that a command follows (`then`, `exec`…), past any
 * `NAME=value` before it; written from `./` or from `$SKILL_DIR/` (quoted or not). An argument
 * (`bash ./run.sh`, `source ./lib.sh`) is not.
 */
const PROGRAM =
  /(?:^|[;&|({`!]|\b(?:if|elif|then|else|while|until|do|exec|time|nohup)\s)\s*(?:[A-Za-z_]\w*=\S*\s+)*["']?((?:\.\/|\$SKILL_DIR\/|\$\{SKILL_DIR\}\/)([\w.@+/-]+))/g;

const BY_EXTENSION: Record<string, string> = {
  '.sh': 'bash',
  '.bash': 'bash',
  '.py': 'python3',
  '.js': 'node',
  '.cjs': 'node',
  '.mjs': 'node',
};

export const checksExecuteBits = process.platform !== 'win32';

/** Whether a mode has no execute bit for anyone. */
export function lacksExecuteBit(mode: number): boolean {
  return (mode & 0o111) === 0;
}

/**
 * The problems of `script` (of the skill in `dir`, written in `skillFile`): one for each file of
 * the folder it runs as a program that `unexecutable` says has no execute bit.
 */
export function unexecutablePrograms(
  skillFile: string,
  dir: string,
  script: ScriptSpec,
  unexecutable: (rel: string) => boolean,
): SkillProblem[] {
  if (!checksExecuteBits || !SHELLS.has(path.basename(script.command[0] ?? ''))) return [];
  const problems: SkillProblem[] = [];
  const said = new Set<string>();
  script.body.split('\n').forEach((text, index) => {
    if (text.trimStart().startsWith('#')) return;
    for (const match of text.matchAll(PROGRAM)) {
      const written = match[1]!;
      const rel = path.posix.normalize(match[2]!);
      if (rel.startsWith('../') || rel === '..' || rel === '.' || said.has(rel) || !unexecutable(rel)) continue;
      said.add(rel);
      const interpreter = interpreterOf(path.join(dir, rel));
      const params = interpreter ? { file: written, rel, interpreter } : { file: written, rel };
      problems.push(skillProblem(skillFile, 'script-not-executable', params, script.line + index));
    }
  });
  return problems;
}

/** Whether the file is there now without an execute bit (at call time; false when it cannot be read). */
export function unexecutableNow(dir: string): (rel: string) => boolean {
  return (rel) => {
    try {
      const stat = fs.statSync(path.join(dir, rel));
      return stat.isFile() && lacksExecuteBit(stat.mode);
    } catch {
      return false;
    }
  };
}

/** The program that runs a file: the one its `#!` line names, else the one of its extension. */
function interpreterOf(file: string): string | undefined {
  let first = '';
  try {
    const fd = fs.openSync(file, 'r');
    try {
      const buffer = Buffer.alloc(256);
      first = buffer.toString('utf8', 0, fs.readSync(fd, buffer, 0, 256, 0)).split('\n', 1)[0]!;
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    // Unreadable: the extension may still say.
  }
  const program = first.startsWith('#!') ? interpreterForShebang(first)?.command[0] : undefined;
  if (program) return path.basename(program);
  return BY_EXTENSION[path.extname(file).toLowerCase()];
}
