/** Reads skill folders from disk: SKILL.md parsing, symlink confinement and the version hash. */
import fs from 'node:fs';
import path from 'node:path';
import { alwaysHighRisk } from '../builtins/high-risk.js';
import { NotRegularFileError, readRegularFile } from '../regular-file.js';
import { FolderError, hashFolderFiles, isInside, listFolderFiles } from './folder-files.js';
import { parseSkillFile } from './parse.js';
import { checksExecuteBits, unexecutablePrograms } from './unexecutable-programs.js';
import { problemOf, skillProblem } from './problem.js';
import type { SkillProblemCode } from '../../shared/skill-problems.js';
import type { Skill, SkillProblem, SkillSource } from './types.js';

export { hashSkillFolder } from './folder-files.js';

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

/** Whether a file name is SKILL.md in any capitals: a folder holding one is meant as a skill. */
export const isSkillFileName = (name: string) => name.toLowerCase() === 'skill.md';

/** A folder's real path (links resolved), or its absolute path when it cannot be resolved. */
export function realRoot(root: string): string {
  try {
    return fs.realpathSync(root);
  } catch {
    return path.resolve(root);
  }
}

/**
 * Loads `<root>/<name>`. Returns undefined when it is not a skill (not a folder, or no SKILL.md).
 * `entry` is the folder's directory entry when the caller already read it.
 */
export function loadSkillFolder(
  root: string,
  name: string,
  source: SkillSource,
  confine = realRoot(root),
  entry?: fs.Dirent,
): FolderLoad | undefined {
  const dir = path.join(path.resolve(root), name);
  const file = path.join(dir, 'SKILL.md');
  const fail = (problem: SkillProblemCode, at = file): FolderLoad => ({
    errors: [problemOf(at, problem)],
    warnings: [],
  });
  let isLink: boolean;
  if (entry) {
    if (!entry.isDirectory() && !entry.isSymbolicLink()) return undefined;
    isLink = entry.isSymbolicLink();
  } else {
    try {
      const stat = fs.lstatSync(dir);
      if (!stat.isDirectory() && !stat.isSymbolicLink()) return undefined;
      isLink = stat.isSymbolicLink();
    } catch {
      return undefined;
    }
  }
  if (isLink) {
    let target: string;
    try {
      target = fs.realpathSync(dir);
    } catch {
      return fail({ code: 'folder-link-broken', params: {} }, dir);
    }
    if (!isInside(target, confine)) {
      return fail({ code: 'folder-link-outside', params: { target } }, dir);
    }
    if (!fs.statSync(target).isDirectory()) return undefined;
  }

  let top: fs.Dirent[];
  try {
    top = fs.readdirSync(dir, { withFileTypes: true });
  } catch (err) {
    return fail({ code: 'folder-unreadable', params: { detail: (err as Error).message } }, dir);
  }
  const md = top.find((e) => e.name === 'SKILL.md');
  if (!md) {
    // `skill.md` is meant as the skill's file, yet not read (on any system): said, not passed over.
    const named = top.find((e) => isSkillFileName(e.name));
    return named && fail({ code: 'skill-md-name', params: { found: named.name } }, path.join(dir, named.name));
  }
  if (md.isDirectory()) return fail({ code: 'skill-md-folder', params: {} });

  let files: string[];
  const unexecutable = checksExecuteBits ? new Set<string>() : undefined;
  try {
    files = listFolderFiles(dir, confine, top, true, unexecutable);
  } catch (err) {
    if (err instanceof FolderError) return fail(err.messageCode, dir);
    return fail({ code: 'folder-unreadable', params: { detail: (err as Error).message } }, dir);
  }
  let bytes: Buffer;
  try {
    bytes = readRegularFile(file, md);
  } catch (err) {
    // A pipe named SKILL.md would hold loading until someone wrote to it: never read, and said so.
    if (err instanceof NotRegularFileError) return fail({ code: 'skill-md-not-regular', params: { kind: err.kind } });
    return fail({ code: 'skill-md-unreadable', params: { detail: (err as Error).message } });
  }
  let parsed: ReturnType<typeof parseSkillFile>;
  try {
    parsed = parseSkillFile(bytes, file, name);
  } catch (err) {
    // A file the parser cannot cope with is this skill's problem: the others still load.
    return fail({ code: 'skill-md-unparsable', params: { detail: err instanceof Error ? err.message : String(err) } });
  }
  if (!parsed.definition) return { errors: parsed.errors, warnings: parsed.warnings };
  if (parsed.definition.builtin && source !== 'system') {
    return {
      errors: [skillProblem(file, 'builtin-user-skill', {}, parsed.builtinLine)],
      warnings: parsed.warnings,
    };
  }
  // A handler that acts outside iAs stays high risk, whatever the file says.
  const handler = parsed.definition.builtin;
  const raised = handler !== undefined && alwaysHighRisk(handler) && parsed.definition.risk !== 'high';
  if (raised) parsed.definition.risk = 'high';
  const riskRaised = raised ? [skillProblem(file, 'builtin-risk-raised', { handler }, parsed.builtinLine)] : [];
  const script = parsed.definition.script;
  const notExecutable =
    script && unexecutable?.size ? unexecutablePrograms(file, dir, script, (rel) => unexecutable.has(rel)) : [];
  return {
    skill: makeSkill(parsed.definition, { source, dir, file, files, bytes }),
    errors: [],
    warnings: [...parsed.warnings, ...riskRaised, ...notExecutable],
  };
}

/**
 * A frozen Skill whose `hash` (the content of every file) is computed when first asked for: loading
 * reads only SKILL.md, and the version is taken when a call, a review or a listing needs it.
 */
function makeSkill(
  definition: NonNullable<ReturnType<typeof parseSkillFile>['definition']>,
  where: { source: SkillSource; dir: string; file: string; files: string[]; bytes: Buffer },
): Skill {
  let hash: string | undefined;
  // Object.assign, not a spread with more keys after it: on Node 20 that builds a new hidden class
  // for each skill, about 10 µs apiece (a tenth of the cold load of 1,000 skills).
  const skill = Object.assign({}, definition, {
    source: where.source,
    overrides: false,
    declaredRisk: definition.risk,
    dir: where.dir,
    path: where.file,
  }) as Skill;
  Object.defineProperty(skill, 'hash', {
    enumerable: true,
    get: () => (hash ??= hashFolderFiles(where.dir, where.files, { 'SKILL.md': where.bytes })),
  });
  return Object.freeze(skill);
}

/**
 * Whether a loaded skill's files are still what its version says: read again from disk (SKILL.md
 * too, and whatever a link inside the folder leads to), so an edit the watcher has not reloaded yet,
 * or made where no watcher runs, is seen.
 */
export function unchangedOnDisk(skill: Skill, root: string): boolean {
  try {
    // Sizes are not looked up again before each call: a folder grown past the limit hashes
    // differently (see hashFolderFiles), so it is reloaded, and refused then. The skills folder's
    // real path is only needed where a link must be kept inside it.
    const files = listFolderFiles(skill.dir, () => realRoot(root), undefined, false);
    return hashFolderFiles(skill.dir, files) === skill.hash;
  } catch {
    return false; // a link that now leads outside, a folder gone: not the version loaded
  }
}

/** Loads every skill folder directly under `root`. A missing root is an empty set. */
export function loadSkillsRoot(root: string, source: SkillSource): RootLoad {
  const result: RootLoad = { skills: [], errors: [], warnings: [] };
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(root, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      result.errors.push(skillProblem(root, 'skills-folder-unreadable', { detail: (err as Error).message }));
    }
    return result;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const confine = realRoot(root);
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const loaded = loadSkillFolder(root, entry.name, source, confine, entry);
    if (!loaded) continue;
    if (loaded.skill) result.skills.push(loaded.skill);
    result.errors.push(...loaded.errors);
    result.warnings.push(...loaded.warnings);
  }
  return result;
}
