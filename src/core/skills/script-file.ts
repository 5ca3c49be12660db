/**
 * Skill scripts are written to a private cache folder, named by the hash of their text, so a call
 * that is running keeps the exact script it started with even if the skill is edited.
 *
 * The folder must be this user's own (see own-folder.ts): in one another user can write to, they
 * could swap a script between its writing and its run, so such a folder is refused and nothing
 * runs. So is a folder with one above it that another user could change (see safe-parents.ts):
 * they could put a folder of their own in its place. Each call reads the cached file again before
 * it is run: a read and a comparison are microseconds beside starting a process, and a file that
 * was removed, cut short or changed since (by this user: no other can write there) is written
 * again rather than run as it is.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ensureOwnFolder, isOwnFile } from '../own-folder.js';
import { checkParentFolders } from '../safe-parents.js';
import type { ScriptSpec } from './types.js';

export function ensureScriptFile(cacheDir: string, script: ScriptSpec): string {
  ensureOwnFolder(cacheDir);
  checkParentFolders(cacheDir);
  const digest = createHash('sha256').update(script.body).digest('hex').slice(0, 32);
  const file = path.join(cacheDir, `${digest}${script.extension}`);
  if (readOwnFile(file) !== script.body) {
    const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
    fs.writeFileSync(tmp, script.body, { mode: 0o700, flag: 'wx' });
    fs.renameSync(tmp, file);
  }
  return file;
}

/** The text of `file` if it is a file of this user's that no other user can change. */
function readOwnFile(file: string): string | undefined {
  try {
    return isOwnFile(fs.lstatSync(file)) ? fs.readFileSync(file, 'utf8') : undefined;
  } catch {
    return undefined;
  }
}
