/**
 * Review pinning: a user skill added or changed outside the app's editor runs as High until the
 * owner reviews it; reviewing stores the content hash it was reviewed at.
 */
import type { SkillOrigin } from '../../shared/approval-messages.js';
import type { SkillRegistry } from '../skills/registry.js';
import type { SkillSettingsRepo } from '../store/skill-settings-repo.js';
import type { Risk, Skill } from '../skills/types.js';

/** Where review marks are read from: the store's skill settings. */
export type ReviewMarks = Pick<SkillSettingsRepo, 'get'>;

export function isReviewed(skill: Skill, settings: ReviewMarks): boolean {
  return skill.source === 'system' || settings.get(skill.name)?.reviewedHash === skill.hash;
}

/** Instruction skills run nothing, so reading one needs no approval even before a review. */
const runsSomething = (skill: Skill) => skill.kind !== 'instructions';

/** The risk the gate applies: the skill's own, or High for an unreviewed user skill. */
export function effectiveRisk(skill: Skill, settings: ReviewMarks): Risk {
  return isReviewed(skill, settings) || !runsSomething(skill) ? skill.risk : 'high';
}

/** Whose skill this is, as an approval request must tell the owner. */
export function skillOrigin(skill: Skill, settings: ReviewMarks): SkillOrigin {
  if (skill.source === 'system') return 'system';
  if (!skill.overrides) {
    if (isReviewed(skill, settings) || !runsSomething(skill)) return 'user';
    return skill.risk === 'low' ? 'user-unreviewed' : 'user-high-unreviewed';
  }
  return isReviewed(skill, settings) ? 'user-override' : 'user-override-unreviewed';
}

/** The owner has looked at this exact version. */
export function markReviewed(skill: Skill, settings: SkillSettingsRepo, at = Date.now()): void {
  settings.setReviewed(skill.name, skill.hash, at);
}

/** How a version hash is written: the 64 hex digits of a SHA-256. */
export const VERSION_HASH = /^[0-9a-f]{64}$/i;

/**
 * Marks `name` reviewed only if its files, read again now, are the version `hash` names (the whole
 * hash, in any case: a prefix is too weak to stand for content the owner approved unattended). The
 * version compared is the one written, so content changed since the owner saw it stays unreviewed.
 * Returns the skill marked, or undefined when it is gone or at another version.
 */
export function markReviewedIfAt(
  registry: Pick<SkillRegistry, 'current'>,
  name: string,
  hash: string,
  settings: SkillSettingsRepo,
): Skill | undefined {
  const now = registry.current(name, { readAll: true });
  if (!now || !VERSION_HASH.test(hash) || now.hash !== hash.toLowerCase()) return undefined;
  markReviewed(now, settings);
  return now;
}
