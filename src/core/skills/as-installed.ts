/**
 * A checked skill as it runs from the user skills folder: over a system skill of its name (never
 * at a lower risk), and as High until the owner reviews it. `ias skills check` says so.
 */
import path from 'node:path';
import { effectiveRisk, isReviewed, type ReviewMarks } from '../approval/review.js';
import { realRoot } from './load.js';
import { overridingSkill, type SkillRegistry } from './registry.js';
import type { Risk, Skill } from './types.js';

export interface InstalledSkill {
  /** The skill as the registry would serve it (`overrides`, and `risk` at least the system skill's). */
  skill: Skill;
  /** The system skill it replaces. */
  overridden?: Skill;
  reviewed: boolean;
  /** The risk a call meets now: High while unreviewed (unless it runs nothing). */
  effectiveRisk: Risk;
}

/** No review marks known (no database yet): every user skill that runs something is unreviewed. */
export const NO_REVIEWS: ReviewMarks = { get: () => undefined };

export function asInstalled(checked: Skill, registry: SkillRegistry, reviews: ReviewMarks): InstalledSkill {
  const system = registry.systemDir;
  if (system && realRoot(path.dirname(checked.dir)) === realRoot(system)) {
    // A system skill itself: shipped with the app, nothing to override or review.
    return { skill: checked, reviewed: true, effectiveRisk: checked.risk };
  }
  const overridden = registry.systemSkill(checked.name);
  const skill = overridden ? overridingSkill(checked, overridden) : checked;
  return { skill, overridden, reviewed: isReviewed(skill, reviews), effectiveRisk: effectiveRisk(skill, reviews) };
}
