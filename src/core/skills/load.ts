/** Reads skill folders from disk: SKILL.md parsing, symlink confinement and the folder hash. */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseSkillFile } from './parse.js';
import type { Skill, SkillProblem, SkillSource } from './types.js';

export interface FolderLoad {
  skill?: Skill;
  errors: SkillProblem[];
  warnings: SkillProblem[];
}

export interface RootLoad {
  skills: Skill[];
  errors: SkillProblem[];
  warnings: SkillProblem[];
}

const MAX_FILES = 5000;
const MAX_BYTES = 256 * 1024 * 1024;

class LoadError extends Error {}

function isInside(child: string, parent: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

function realRoot(root: string): string {
  try {
    return fs.realpathSync(root);
  } catch {
    return path.resolve(root);
  }
}

/**
 * Hashes every file of a skill folder (names and contents). Refuses links that lead outside
 * `confine`, and folders too large to be a skill.
 */
export function hashSkillFolder(dir: string, confine: string, known: Record<string, Buffer> = {}): string {
  const files: { rel: string; digest: string }[] = [];
  let bytes = 0;
  const walk = (abs: string, rel: string) => {
    for (const entry of fs.readdirSync(abs, { withFileTypes: true })) {
      const childAbs = path.join(abs, entry.name);
      const childRel = rel ? `${rel}/${entry.name}` : entry.name;
      let isDir = entry.isDirectory();
      let isFile = entry.isFile();
      if (entry.isSymbolicLink()) {
        let target: string;
        try {
          target = fs.realpathSync(childAbs);
        } catch {
          throw new LoadError(`"${childRel}" is a broken symbolic link`);
        }
        if (!isInside(target, confine)) {
          throw new LoadError(
            `"${childRel}" is a symbolic link to ${target}, outside the skills folder; links may only point inside it`,
          );
        }
        const stat = fs.statSync(target);
        isDir = stat.isDirectory();
        isFile = stat.isFile();
      }
      if (isDir) {
        walk(childAbs, childRel);
      } else if (isFile) {
        if (files.length >= MAX_FILES) throw new LoadError(`the skill folder holds more than ${MAX_FILES} files`);
        const content = known[childRel] ?? fs.readFileSync(childAbs);
        bytes += content.length;
        if (bytes > MAX_BYTES) throw new LoadError('the skill folder holds more than 256 MB');
        files.push({ rel: childRel, digest: createHash('sha256').update(content).digest('hex') });
      }
    }
  };
  walk(dir, '');
  files.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
  const hash = createHash('sha256');
  for (const f of files) hash.update(`${f.rel}\0${f.digest}\n`);
  return hash.digest('hex');
}

/**
 * Loads `<root>/<name>`. Returns undefined when the folder has no SKILL.md (it is not a skill).
 */
export function loadSkillFolder(
  root: string,
  name: string,
  source: SkillSource,
  confine = realRoot(root),
): FolderLoad | undefined {
  const dir = path.join(path.resolve(root), name);
  const file = path.join(dir, 'SKILL.md');
  const fail = (message: string, at = file): FolderLoad => ({ errors: [{ path: at, message }], warnings: [] });
  let dirStat: fs.Stats;
  try {
    dirStat = fs.lstatSync(dir);
  } catch {
    return undefined;
  }
  if (dirStat.isSymbolicLink()) {
    let target: string;
    try {
      target = fs.realpathSync(dir);
    } catch {
      return fail(`the skill folder is a broken symbolic link`, dir);
    }
    if (!isInside(target, confine)) {
      return fail(`the skill folder is a symbolic link to ${target}, outside the skills folder; it is refused`, dir);
    }
    if (!fs.statSync(target).isDirectory()) return undefined;
  } else if (!dirStat.isDirectory()) {
    return undefined;
  }
  let bytes: Buffer;
  try {
    if (fs.lstatSync(file).isSymbolicLink() && !isInside(fs.realpathSync(file), confine)) {
      return fail('SKILL.md is a symbolic link outside the skills folder; it is refused');
    }
    bytes = fs.readFileSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    if ((err as NodeJS.ErrnoException).code === 'EISDIR') return fail('SKILL.md is a folder, not a file');
    return fail(`SKILL.md cannot be read: ${(err as Error).message}`);
  }
  const parsed = parseSkillFile(bytes, file, name);
  if (!parsed.definition) return { errors: parsed.errors, warnings: parsed.warnings };
  let hash: string;
  try {
    hash = hashSkillFolder(dir, confine, { 'SKILL.md': bytes });
  } catch (err) {
    if (err instanceof LoadError) return { errors: [{ path: dir, message: err.message }], warnings: parsed.warnings };
    return {
      errors: [{ path: dir, message: `the skill folder cannot be read: ${(err as Error).message}` }],
      warnings: parsed.warnings,
    };
  }
  if (parsed.definition.builtin && source !== 'system') {
    return {
      errors: [
        { path: file, message: 'only system skills may name a built-in handler; write a "## Execute" script instead' },
      ],
      warnings: parsed.warnings,
    };
  }
  const skill: Skill = Object.freeze({
    ...parsed.definition,
    source,
    overrides: false,
    declaredRisk: parsed.definition.risk,
    dir,
    path: file,
    hash,
  });
  return { skill, errors: parsed.errors, warnings: parsed.warnings };
}

/** Loads every skill folder directly under `root`. A missing root is an empty set. */
export function loadSkillsRoot(root: string, source: SkillSource): RootLoad {
  const result: RootLoad = { skills: [], errors: [], warnings: [] };
  let names: string[];
  try {
    names = fs.readdirSync(root).sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      result.errors.push({ path: root, message: `the skills folder cannot be read: ${(err as Error).message}` });
    }
    return result;
  }
  const confine = realRoot(root);
  for (const name of names) {
    if (name.startsWith('.')) continue;
    const loaded = loadSkillFolder(root, name, source, confine);
    if (!loaded) continue;
    if (loaded.skill) result.skills.push(loaded.skill);
    result.errors.push(...loaded.errors);
    result.warnings.push(...loaded.warnings);
  }
  return result;
}
