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
 * Whether a problem is in the SKILL.md of the owner's skill `name` in `userDir`: a skill that no
 * longer loads, which its editor can still open and fix.
 */
export function isUserSkillProblem(path: string, userDir: string, name: string): boolean {
  const folder = problemFolder(path);
  return folder !== path && (folder === `${userDir}/${name}` || folder === `${userDir}\\${name}`);
}
