/**
 * A skill folder copied into the user's skills folder so that what is marked reviewed is exactly
 * the copy: copied whole into a new folder nobody else can name (hidden from loading by its dot),
 * hashed there, then moved into place, which fails if a folder with files (or anything else) has
 * appeared there meanwhile. Never merged with what someone else put there, never written through
 * a link someone put in its place.
 */
import fs from 'node:fs';
import path from 'node:path';
import { hashSkillFolder } from './folder-files.js';
import { realRoot } from './load.js';

/** Whether a copy failed because something was already at its place. */
export function inTheWay(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'ENOTEMPTY' || code === 'EEXIST' || code === 'ENOTDIR';
}

/** Copies `source` to `<userDir>/<name>`; returns the copy's version hash, taken before the move. */
export function copySkillFolder(source: string, userDir: string, name: string): string {
  fs.mkdirSync(userDir, { recursive: true });
  const tmp = fs.mkdtempSync(path.join(userDir, `.copy-${name}-`));
  try {
    fs.cpSync(source, tmp, { recursive: true });
    const copied = hashSkillFolder(tmp, realRoot(userDir));
    fs.renameSync(tmp, path.join(userDir, name));
    return copied;
  } catch (err) {
    fs.rmSync(tmp, { recursive: true, force: true });
    throw err;
  }
}
