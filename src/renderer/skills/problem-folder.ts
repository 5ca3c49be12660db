/**
 * The folder a SKILL.md problem is in: the skill's folder for a problem in its SKILL.md, the path
 * itself when it names a folder (a skills folder that cannot be read). Either separator, as the
 * core's OS writes paths.
 */
export function problemFolder(path: string): string {
  const end = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  if (end < 0 || path.slice(end + 1) !== 'SKILL.md') return path;
  return end === 0 ? path.slice(0, 1) : path.slice(0, end);
}

/**
 * The owner's skill in `userDir` whose SKILL.md a problem is in (one that may not load, which its
 * editor can still open and fix, and whose name stays taken); undefined for any other path.
 */
export function problemUserSkill(path: string, userDir: string): string | undefined {
  const folder = problemFolder(path);
  if (folder === path) return undefined;
  for (const sep of ['/', '\\']) {
    const name = folder.startsWith(userDir + sep) ? folder.slice(userDir.length + 1) : '';
    if (name !== '' && !name.includes('/') && !name.includes('\\')) return name;
  }
  return undefined;
}
