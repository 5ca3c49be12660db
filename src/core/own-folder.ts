/**
 * Folders that are this user's own: the secrets folder and the skill script cache. Another local
 * user who could write to one (or who owns it, or a link in its place) could swap a secret or a
 * script that iAs then runs. Checked by owner and mode; on Windows, where the per-user profile's
 * access lists keep other users out and modes mean nothing, nothing is checked.
 */
import fs from 'node:fs';

export interface OwnFolderOptions {
  /** Found open to other users, it is closed to them (0700 at the most) instead of refused. */
  closeToOthers?: boolean;
}

/**
 * Makes `dir` (and its parents: 0700 when new) and makes sure it is this user's own: a real folder,
 * not a link to one, owned by this user, that no other user can write to. Throws what is wrong.
 */
export function ensureOwnFolder(dir: string, options: OwnFolderOptions = {}): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (process.platform === 'win32') return;
  const stat = fs.lstatSync(dir);
  if (!stat.isDirectory()) {
    throw new Error(`${dir} is not a folder${stat.isSymbolicLink() ? ' but a symbolic link' : ''}`);
  }
  const uid = process.getuid?.();
  if (uid !== undefined && stat.uid !== uid) {
    throw new Error(`${dir} belongs to another user (uid ${stat.uid}, not ${uid})`);
  }
  if (options.closeToOthers) {
    if ((stat.mode & 0o077) !== 0) fs.chmodSync(dir, stat.mode & 0o700);
  } else if ((stat.mode & 0o022) !== 0) {
    const mode = (stat.mode & 0o777).toString(8);
    throw new Error(`${dir} can be changed by other users (mode ${mode}); make it 0700`);
  }
}

/** Whether `stat` (from lstat) is a regular file of this user's that no other user can change. */
export function isOwnFile(stat: fs.Stats): boolean {
  if (!stat.isFile()) return false;
  if (process.platform === 'win32') return true;
  const uid = process.getuid?.();
  return (uid === undefined || stat.uid === uid) && (stat.mode & 0o022) === 0;
}
