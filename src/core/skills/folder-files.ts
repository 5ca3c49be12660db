/**
 * The files of a skill folder: listed at load (cheap: directory reads only, refusing links that
 * lead outside the skills folder), and hashed by content when the version is first needed.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { readRegularFile } from '../regular-file.js';
import { lacksExecuteBit } from './unexecutable-programs.js';
import { englishSkillProblems, saySkillProblem, type SkillProblemCode } from '../../shared/skill-problems.js';

const MAX_FILES = 5000;
const MAX_HASHED_BYTES = 256 * 1024 * 1024;

/** A folder that cannot be a skill's: the English message, with its code. */
export class FolderError extends Error {
  readonly messageCode: SkillProblemCode;

  constructor(messageCode: SkillProblemCode) {
    super(saySkillProblem(englishSkillProblems, '', messageCode));
    this.messageCode = messageCode;
  }
}

export function isInside(child: string, parent: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/**
 * Relative paths (with "/") of every file below `dir`, sorted. Throws FolderError for a link that
 * leads outside `confine`, a broken link, too many files, or more bytes than a version can cover
 * (past them an edit would not change the hash, so a reviewed skill could change unseen; not
 * looked up with `checkSize` false, where the hash that follows notices a folder grown past them).
 * `confine` may be given as how to find it: it is then looked up at the first link, if any (a
 * folder without links never needs it). `unexecutable`, when given with `checkSize`, is told the
 * files that have no execute bit (read with their sizes: no file is looked at twice).
 */
export function listFolderFiles(
  dir: string,
  confine: string | (() => string),
  top?: fs.Dirent[],
  checkSize = true,
  unexecutable?: Set<string>,
): string[] {
  const files: string[] = [];
  let bytes = 0;
  let within = typeof confine === 'string' ? confine : undefined;
  const walk = (abs: string, rel: string, entries: fs.Dirent[]) => {
    for (const entry of entries) {
      const childAbs = path.join(abs, entry.name);
      const childRel = rel ? `${rel}/${entry.name}` : entry.name;
      let isDir = entry.isDirectory();
      let isFile = entry.isFile();
      if (entry.isSymbolicLink()) {
        let target: string;
        try {
          target = fs.realpathSync(childAbs);
        } catch {
          throw new FolderError({ code: 'file-link-broken', params: { file: childRel } });
        }
        within ??= (confine as () => string)();
        if (!isInside(target, within)) {
          throw new FolderError({ code: 'file-link-outside', params: { file: childRel, target } });
        }
        const stat = fs.statSync(target);
        isDir = stat.isDirectory();
        isFile = stat.isFile();
      }
      if (isDir) {
        walk(childAbs, childRel, fs.readdirSync(childAbs, { withFileTypes: true }));
      } else if (isFile) {
        if (files.length >= MAX_FILES) throw new FolderError({ code: 'too-many-files', params: { max: MAX_FILES } });
        if (checkSize) {
          const stat = fs.statSync(childAbs);
          bytes += stat.size;
          if (unexecutable && lacksExecuteBit(stat.mode)) unexecutable.add(childRel);
        }
        if (bytes > MAX_HASHED_BYTES) {
          throw new FolderError({ code: 'folder-too-large', params: { maxMb: MAX_HASHED_BYTES / 1024 / 1024 } });
        }
        files.push(childRel);
      }
    }
  };
  walk(dir, '', top ?? fs.readdirSync(dir, { withFileTypes: true }));
  return files.sort();
}

/**
 * sha256 over the names and contents of `files`; `known` supplies contents already read. `onFile`
 * is given each file's content as it is hashed (undefined when it could not be read), so what is
 * shown of a version is exactly what its hash covers.
 */
export function hashFolderFiles(
  dir: string,
  files: string[],
  known: Record<string, Uint8Array> = {},
  onFile?: (rel: string, content: Uint8Array | undefined) => void,
): string {
  const hash = createHash('sha256');
  let bytes = 0;
  for (const rel of files) {
    let content: Uint8Array | string;
    try {
      // A file listed as regular and since replaced by a pipe is not waited on: it is unreadable.
      content = known[rel] ?? readRegularFile(path.join(dir, rel));
    } catch (err) {
      content = `\0unreadable:${(err as NodeJS.ErrnoException).code ?? 'error'}`;
    }
    bytes += content.length;
    if (bytes > MAX_HASHED_BYTES) {
      hash.update(`\0too-large-after:${rel}`);
      break;
    }
    hash.update(`${rel}\0${content.length}\0`);
    hash.update(content);
    onFile?.(rel, typeof content === 'string' ? undefined : content);
  }
  return hash.digest('hex');
}

/** Lists and hashes a folder now (for tests, checks and tools). */
export function hashSkillFolder(dir: string, confine: string): string {
  return hashFolderFiles(dir, listFolderFiles(dir, confine));
}
