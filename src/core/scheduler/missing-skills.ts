/**
 * The skills a task may use that a run of it cannot offer the model: deleted since the task was made
 * (or whose SKILL.md no longer loads), or turned off by the owner. The run goes on without them, and
 * its result tells the owner which ones were missing (see runTaskTurn).
 */
export interface MissingSkills {
  /** Not among the skills at all: deleted, or not loading. */
  deleted: string[];
  /** There, but turned off. */
  off: string[];
}

/** Which of `allowlist` are missing, given the skills `offered` (enabled) and whether a name is `installed`. */
export function missingSkills(
  allowlist: readonly string[],
  offered: readonly { name: string }[],
  installed: (name: string) => boolean,
): MissingSkills {
  const enabled = new Set(offered.map((s) => s.name));
  const missing = allowlist.filter((name) => !enabled.has(name));
  return { deleted: missing.filter((name) => !installed(name)), off: missing.filter((name) => installed(name)) };
}
