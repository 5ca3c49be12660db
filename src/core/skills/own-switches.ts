/**
 * Keeps each on/off switch with the skill it belongs to as skill folders come and go, in the app or
 * outside it (a folder deleted by hand, a system skill a new iAs ships or no longer ships). A system
 * skill and the owner's skill of its name (a copy, or one of their own) have a switch each (see
 * SkillSettingsRepo); on every change the registry reports, at the first load too:
 * - the owner's folder gone and a system skill left: that folder's own switch and review go with
 *   it, so the system skill is as the owner set it, and a copy put there later starts as it is;
 * - the owner's skill alone under its name (no system folder): the name's switch becomes its own,
 *   so a system skill a later iAs ships under that name starts on, apart from it.
 * A folder that is there but does not load (a SKILL.md being edited) keeps everything. A name
 * with nothing saved, or nothing these would change, costs no folder look and no write.
 */
import type { SkillSettingsRepo } from '../store/skill-settings-repo.js';
import type { SkillRegistry } from './registry.js';

export function keepSwitchesWithSkills(registry: SkillRegistry, settings: SkillSettingsRepo): void {
  registry.on('change', ({ names }) => {
    // Only a name with settings of its own has anything to move: one read for every name reported,
    // and no folder looked at nor write made for the rest (the first load reports every skill).
    for (const saved of settings.movableOf(names)) {
      const { name } = saved;
      const skill = registry.get(name);
      if (skill?.source === 'system' && saved.ownersOwn && !registry.hasFolder('user', name)) {
        settings.forgetCopy(name);
      }
      if (skill?.source === 'user' && saved.nameSwitchOnly && !registry.hasFolder('system', name)) {
        settings.giveSwitchToUserSkill(name);
      }
    }
  });
}
