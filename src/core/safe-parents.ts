/**
 * The folders on the way to a folder iAs runs files from (the skill script cache), checked as
 * OpenSSH's and sudo's secure_path do. ensureOwnFolder (own-folder.ts) makes sure of the folder
 * itself; but another user who could rename or replace any folder above it could put a folder of
 * their own in its place, holding scripts of theirs that iAs would then run.
 *
 * The rule, for each folder looked in while the path is resolved, from `/` down to the folder's
 * parent (links are followed as the system follows them, so the folders a link leads through count
 * as well as the folder the link sits in):
 * - it belongs to this user or to root (root can change anything anyway: trusting it costs nothing);
 * - no other user can write to it: no group or other write bit, even when the group holds only
 *   this user (as OpenSSH does), as the group can gain members;
 * - but a sticky folder others can write to, such as /tmp, is accepted when the entry the path goes
 *   on through (the next folder, or a link) belongs to this user or root: in a sticky folder only
 *   an entry's owner (or the folder's, or root) may rename or remove it, so others can add names
 *   there but not take ours. An entry of another user's there (a folder, or a link planted in
 *   advance) is refused.
 *
 * Windows: not checked. Node reports no owners there and modes made up from the read-only flag;
 * who may change a folder is said by its access lists, and the per-user profile that holds the
 * data folder is closed to other users by them (as own-folder.ts trusts too).
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  unsafeParentText,
  type UnsafeParentCode,
  type UnsafeParentName,
  type UnsafeParentParams,
} from '../shared/unsafe-parents.js';

/** The sticky bit (Node's fs.constants has no name for it). */
const STICKY = 0o1000;
/** Links followed on one path before giving up, as Linux's ELOOP. */
const MAX_LINKS = 40;

/** A folder on the way to the script cache that another user could change; `folder` names it. */
export class UnsafeParentError extends Error {
  override readonly name = 'UnsafeParentError';
  readonly messageCode: UnsafeParentCode;
  readonly folder: string;

  constructor(code: UnsafeParentName, params: UnsafeParentParams[UnsafeParentName]) {
    const { message, messageCode } = unsafeParentText(code, params as never);
    super(message);
    this.messageCode = messageCode;
    this.folder = params.folder;
  }
}

/**
 * Throws UnsafeParentError for the first folder on the way to `dir` (which must exist) that
 * another user could change, by the rule above; returns when there is none.
 */
export function checkParentFolders(dir: string): void {
  if (process.platform === 'win32') return;
  const uid = process.getuid?.();
  if (uid === undefined) return;
  const trusted = (owner: number) => owner === uid || owner === 0;
  const absolute = path.resolve(dir);
  const root = path.parse(absolute).root;
  let pending = steps(absolute);
  let current = root;
  let links = 0;
  while (pending.length > 0) {
    const name = pending.shift()!;
    if (name === '.') continue;
    if (name === '..') {
      current = path.dirname(current);
      continue;
    }
    const entry = path.join(current, name);
    const entryStat = fs.lstatSync(entry);
    const folder = fs.lstatSync(current);
    if (!trusted(folder.uid)) throw new UnsafeParentError('parent-other-owner', { folder: current, uid: folder.uid });
    if ((folder.mode & 0o022) !== 0) {
      if ((folder.mode & STICKY) === 0) {
        const mode = (folder.mode & 0o777).toString(8);
        throw new UnsafeParentError('parent-writable', { folder: current, mode });
      }
      if (!trusted(entryStat.uid)) {
        throw new UnsafeParentError('parent-sticky-entry-other', { folder: current, entry, uid: entryStat.uid });
      }
    }
    if (entryStat.isSymbolicLink()) {
      if (++links > MAX_LINKS) throw new Error(`${dir}: too many symbolic links on the way to it`);
      const target = fs.readlinkSync(entry);
      pending = [...steps(target), ...pending];
      if (path.isAbsolute(target)) current = root;
    } else {
      current = entry;
    }
  }
}

function steps(p: string): string[] {
  return p.split(path.sep).filter((part) => part !== '');
}
