/**
 * The look before each call at whether a skill's files are still the version loaded, without reading
 * them all every time. Reading every file (up to 256 MB, see folder-files.ts) before each call cost a
 * skill with a vendored library (2,000 files, 50 MB) about 130 ms a call.
 *
 * SKILL.md, which says the skill's risk and holds the script that runs, is read at every look.
 * The other files are read again only when the file system says one changed: once they have been
 * read and found to be the version loaded, what it says of each (device, inode, size, mode,
 * modification and change times, in nanoseconds) is kept, and while every file still says exactly
 * that, they are not read. An ordinary write, a replacement, a re-pointed link, a chmod or a `touch`
 * each change at least one of them: the change time (ctime) is set by the system on every change,
 * and on Linux and macOS no program can set it back without changing the system's clock.
 *
 * A file changed within the last seconds is not taken on its word: file systems keep times in ticks
 * (a few milliseconds; 2 s on FAT), so a second write within the tick of the first could leave every
 * time as it was (the "racy" case git also guards against). Such a folder is read again at each
 * look until its newest change is older than that.
 *
 * What the times cannot show, so that only SKILL.md is sure to be seen at once: on Windows a program
 * may set a file's change time back (there every file is read at every look); a write through a
 * shared memory mapping to a page already written changes no time until the system writes it out;
 * a network file system may answer from an attribute cache for up to a minute. None of these is an
 * editor's or a `git pull`'s way of changing a file, and a program that can write the folder could
 * as well change a script between any look and the moment it is read. The look after an approval,
 * before the approved call runs, and the one before a review is marked, read every file
 * (`unchangedOnDisk`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { readRegularFile } from '../regular-file.js';
import { listFolderFiles } from './folder-files.js';
import { realRoot, unchangedOnDisk } from './load.js';
import type { Skill } from './types.js';

/** Changes this recent are not trusted to show in the times (FAT keeps times in 2 s ticks). */
const RACY_NS = 3_000_000_000n;

/** Where a program may set a file's change time back, every file is read at every look. */
const TIMES_TELL = process.platform !== 'win32';

/** Per loaded skill: what its files said, and SKILL.md's bytes, when last read and found unchanged. */
const seen = new WeakMap<Skill, { fingerprint: string; skillMd: Buffer }>();

/**
 * Whether a loaded skill's files are still what its version says (see unchangedOnDisk): SKILL.md by
 * its bytes, the other files by their times when they were read before and found so, and all of them
 * by reading them again otherwise.
 */
export function unchangedSinceRead(skill: Skill, root: string): boolean {
  if (!TIMES_TELL) return unchangedOnDisk(skill, root);
  let said: { fingerprint: string; settled: boolean };
  let skillMd: Buffer;
  try {
    // Listed every time: a link that now leads outside the skills folder is refused at once.
    said = fingerprint(
      skill.dir,
      listFolderFiles(skill.dir, () => realRoot(root), undefined, false),
    );
    // Read before the other files are: one changed after this is read again at the next look.
    skillMd = readRegularFile(skill.path);
  } catch {
    return false; // a link that now leads outside, a folder gone: not the version loaded
  }
  const before = seen.get(skill);
  if (before && before.fingerprint === said.fingerprint && before.skillMd.equals(skillMd)) return true;
  // The times were taken before the files are read: a change while they are read makes the next
  // look differ.
  if (!unchangedOnDisk(skill, root)) return false;
  if (said.settled) seen.set(skill, { fingerprint: said.fingerprint, skillMd });
  else seen.delete(skill);
  return true;
}

/**
 * What the file system says of each file (links followed, as they are read), and whether every
 * file's last change is old enough for a later change to be sure to show.
 */
function fingerprint(dir: string, files: string[]): { fingerprint: string; settled: boolean } {
  const settledBefore = BigInt(Date.now()) * 1_000_000n - RACY_NS;
  let settled = true;
  const parts = files.map((rel) => {
    const s = fs.statSync(path.join(dir, rel), { bigint: true });
    if (s.ctimeNs >= settledBefore || s.mtimeNs >= settledBefore) settled = false;
    return `${rel}\0${s.dev}:${s.ino}:${s.size}:${s.mode}:${s.mtimeNs}:${s.ctimeNs}`;
  });
  return { fingerprint: parts.join('\n'), settled };
}
