/**
 * Reading a file only when it is a regular file: a named pipe (FIFO) blocks a read until someone
 * writes to it, and a device may never end, so neither is read (synchronous loading would freeze).
 */
import fs from 'node:fs';

/** What a path is when it is not a regular file (nor a folder, which callers tell apart first). */
export type IrregularKind = 'fifo' | 'socket' | 'device' | 'other';

export class NotRegularFileError extends Error {
  constructor(
    readonly file: string,
    readonly kind: IrregularKind,
  ) {
    super(`${file} is not a regular file (${kind})`);
  }
}

/** What `stat` is when it is not a regular file, or undefined for a regular file. */
export function irregularKind(stat: fs.Stats): IrregularKind | undefined {
  if (stat.isFile()) return undefined;
  if (stat.isFIFO()) return 'fifo';
  if (stat.isSocket()) return 'socket';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'device';
  return 'other';
}

/**
 * The bytes of `file` (links followed), or NotRegularFileError. Looked at before it is opened, and
 * again as opened (without waiting for a writer), so a pipe put in its place meanwhile is not read.
 * `entry`: its directory entry, when just read; one that says a regular file is the look before.
 */
export function readRegularFile(file: string, entry?: fs.Dirent): Buffer {
  if (!entry?.isFile()) {
    const before = irregularKind(fs.statSync(file));
    if (before) throw new NotRegularFileError(file, before);
  }
  const fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
  try {
    const opened = irregularKind(fs.fstatSync(fd));
    if (opened) throw new NotRegularFileError(file, opened);
    return fs.readFileSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
