/**
 * A skill's version as the UI's review shows it: every file its hash covers, read once, the text of
 * each that is UTF-8 text and small enough, the others named with their size and why they are not
 * shown, and the hash those very bytes make up (the one a review is then given).
 */
import type { SkillVersion, SkillVersionFile } from '../../shared/contract.js';
import { FolderError } from '../skills/folder-files.js';
import { readCurrentVersion, textOf, type VersionFile } from '../skills/folder-version.js';
import type { SkillRegistry } from '../skills/registry.js';
import { apiError } from './api-error.js';

/** The largest file whose text is shown. */
export const SHOWN_FILE_BYTES = 512 * 1024;
/** The most text shown in all; files past it are named, not shown. */
export const SHOWN_TOTAL_BYTES = 4 * 1024 * 1024;

function shownFile(file: VersionFile): SkillVersionFile {
  const named = { path: file.path, size: file.size };
  if (file.size === null) return { ...named, notShown: 'unreadable' };
  if (!file.content) return { ...named, notShown: 'too-large' };
  const text = textOf(file.content);
  return text === undefined ? { ...named, notShown: 'binary' } : { ...named, text };
}

export function showSkillVersion(registry: Pick<SkillRegistry, 'current' | 'dirOf'>, name: string): SkillVersion {
  let kept = 0;
  const keep = (_rel: string, size: number) => {
    if (size > SHOWN_FILE_BYTES || kept + size > SHOWN_TOTAL_BYTES) return false;
    kept += size;
    return true;
  };
  let read: ReturnType<typeof readCurrentVersion>;
  try {
    read = readCurrentVersion(registry, name, () => {
      kept = 0; // each reading starts afresh
      return keep;
    });
  } catch (err) {
    if (err instanceof FolderError) throw apiError('skill-folder-unshowable', { name, problem: err.messageCode });
    throw err;
  }
  if (read === 'gone') throw apiError('no-skill', { name });
  if (read === 'changing') throw apiError('skill-changing', { name });
  const { skill, version } = read;
  return { name, source: skill.source, dir: skill.dir, hash: version.hash, files: version.files.map(shownFile) };
}
