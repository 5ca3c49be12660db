/**
 * A skill folder read as one version, for a person to review: each file read once, the version
 * hash taken over exactly those bytes (the registry's hash, see folder-files.ts), and the contents
 * asked for kept, so what is shown is what the hash names, whatever changes on disk meanwhile.
 */
import { hashFolderFiles, listFolderFiles } from './folder-files.js';

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

/** Throws FolderError as loading does (a link leading outside `confine`, too many files or bytes). */
export function readFolderVersion(dir: string, confine: string, keep: (rel: string) => boolean): FolderVersion {
  const files: VersionFile[] = [];
  const hash = hashFolderFiles(dir, listFolderFiles(dir, confine), {}, (rel, content) => {
    files.push({ path: rel, size: content?.length ?? null, ...(content && keep(rel) ? { content } : {}) });
  });
  return { hash, files };
}
