/**
 * A SKILL.md whose problems the checks find out of line order: the unknown front matter key "Risk"
 * (line 4, a warning), then the risk level "Maybe" (line 9), then the timeout (line 3).
 */
export const UNORDERED_SKILL =
  '---\ndescription: Finds things.\ntimeout: 0\nRisk: low\n---\n\n## Risk Level\n\nMaybe\n\n## Execute\n\n```bash\necho\n```\n';

/** Its problems in line order: severity and line. */
export const UNORDERED_PLACES = [
  ['error', 3],
  ['warning', 4],
  ['error', 9],
] as const;
