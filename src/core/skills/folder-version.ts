/**
 * A skill folder read as one version, for a person to review: each file read once, the version
 * hash taken over exactly those bytes (the registry's hash, see folder-files.ts), and the contents
 * asked for kept, so what is shown is what the hash names, whatever changes on disk meanwhile.
 */
import { hashFolderFiles, listFolderFiles } from './folder-files.js';
import { realRoot } from './load.js';
import type { SkillRegistry } from './registry.js';
import type { Skill } from './types.js';

export interface VersionFile {
  /** Relative to the skill folder, with "/". */
  path: string;
  /** Bytes; null when the file could not be read (the hash records that). */
  size: number | null;
  /** The bytes hashed, for the files `keep` asked for. */
  content?: Uint8Array;
}

export interface FolderVersion {
  /** What `skill.hash` is for these files. */
  hash: string;
  files: VersionFile[];
}

/** Whether the content of a file (by its path and size) is kept. */
export type KeepContent = (rel: string, size: number) => boolean;

/** Throws FolderError as loading does (a link leading outside `confine`, too many files or bytes). */
export function readFolderVersion(dir: string, confine: string, keep: KeepContent): FolderVersion {
  const files: VersionFile[] = [];
  const hash = hashFolderFiles(dir, listFolderFiles(dir, confine), {}, (rel, content) => {
    files.push({
      path: rel,
      size: content?.length ?? null,
      ...(content && keep(rel, content.length) ? { content } : {}),
    });
  });
  return { hash, files };
}

/**
 * A skill as its files are now, with those files read once: the registry's skill and the version
 * read agree (the same hash), or the folder changed while being read and is read again. 'gone'
 * when there is no such skill, 'changing' when it would not hold still. Throws FolderError.
 */
export function readCurrentVersion(
  registry: Pick<SkillRegistry, 'current' | 'dirOf'>,
  name: string,
  keepFor: (skill: Skill) => KeepContent,
): { skill: Skill; version: FolderVersion } | 'gone' | 'changing' {
  for (let tries = 0; tries < 3; tries++) {
    const skill = registry.current(name, { readAll: true });
    if (!skill) return 'gone';
    const version = readFolderVersion(skill.dir, realRoot(registry.dirOf(skill.source)!), keepFor(skill));
    if (version.hash === skill.hash) return { skill, version };
  }
  return 'changing';
}

/** The text of a file, or undefined when it is not UTF-8 text. */
export function textOf(content: Uint8Array): string | undefined {
  if (content.includes(0)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    return undefined;
  }
}
