/**
 * The look before each call at whether a skill's files are still the version loaded, without reading
 * them every time. Reading every file (up to 256 MB, see folder-files.ts) before each call cost a
 * skill with a vendored library (2,000 files, 50 MB) about 130 ms a call.
 *
 * Once a folder's files have been read and found to be the version loaded, what the file system says
 * of each (device, inode, size, mode, modification and change times) is kept. While
 * every file still says exactly that, the folder is not read again. A write, a replacement, a
 * re-pointed link, a chmod or a `touch` each change at least one of them: the change time (ctime)
 * is set by the system itself on every change, and no program can set it back without changing the
 * system's clock.
 *
 * A file changed within the last seconds is never taken on its word: file systems keep times in
 * ticks (a few milliseconds; 2 s on FAT), so a second write within the tick of the first could
 * leave every time as it was (the "racy" case git also guards against). Such a folder is read
 * again at each call until its newest change is older than that.
 *
 * The look after an approval, before the approved call runs, still reads every file
 * (`unchangedOnDisk`): it decides whether what the owner approved is what runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { listFolderFiles } from './folder-files.js';
import { realRoot, unchangedOnDisk } from './load.js';
import type { Skill } from './types.js';

/** Changes this recent are not trusted to show in the times (FAT keeps times in 2 s ticks). */
const RACY_MS = 3000;

/** Per loaded skill: what its files said when they were last read and found unchanged. */
const seen = new WeakMap<Skill, string>();

/**
 * Whether a loaded skill's files are still what its version says (see unchangedOnDisk): by their
 * times when they were read before and found so, and by reading them again otherwise.
 */
export function unchangedSinceRead(skill: Skill, root: string): boolean {
  let said: { fingerprint: string; settled: boolean };
  try {
    // Listed every time: a link that now leads outside the skills folder is refused at once.
    said = fingerprint(
      skill.dir,
      listFolderFiles(skill.dir, () => realRoot(root), undefined, false),
    );
  } catch {
    return false; // a link that now leads outside, a folder gone: not the version loaded
  }
  if (seen.get(skill) === said.fingerprint) return true;
  // Looked at before the files are read: a change while they are read makes the next look differ.
  if (!unchangedOnDisk(skill, root)) return false;
  if (said.settled) seen.set(skill, said.fingerprint);
  else seen.delete(skill);
  return true;
}

/**
 * What the file system says of each file (links followed, as they are read), and whether every
 * file's last change is old enough for a later change to be sure to show.
 */
function fingerprint(dir: string, files: string[]): { fingerprint: string; settled: boolean } {
  const settledBefore = Date.now() - RACY_MS;
  let settled = true;
  const parts = files.map((rel) => {
    // Times in milliseconds with their fraction: a change after a file settled is seconds apart.
    const s = fs.statSync(path.join(dir, rel));
    if (s.ctimeMs >= settledBefore || s.mtimeMs >= settledBefore) settled = false;
    return `${rel}\0${s.dev}:${s.ino}:${s.size}:${s.mode}:${s.mtimeMs}:${s.ctimeMs}`;
  });
  return { fingerprint: parts.join('\n'), settled };
}
