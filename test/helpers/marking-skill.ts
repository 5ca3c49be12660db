/** A script skill whose run leaves a mark, for tests of what may run (the script cache and its folders). */
import fs from 'node:fs';
import path from 'node:path';
import { loadSkillFolder } from '../../src/core/skills/load.js';
import type { Skill } from '../../src/core/skills/types.js';
import { scriptSkill, tempDir, writeSkill } from './temp.js';

/** Another user's id, for folders and files root gives away (tests running as root, as in CI). */
export const OTHER_UID = 65534;

/** A skill that leaves `ran` in its folder when it runs, and says hello. */
export function markingSkill(): Skill {
  const root = tempDir('ias-skills-');
  writeSkill(root, 'marks', scriptSkill({ script: 'touch "$SKILL_DIR/ran"\necho hello' }));
  const loaded = loadSkillFolder(root, 'marks', 'user')!;
  if (!loaded.skill) throw new Error(JSON.stringify(loaded.errors));
  return loaded.skill;
}

/** Whether `skill` (a marking skill) has run. */
export const ran = (skill: Skill) => fs.existsSync(path.join(skill.dir, 'ran'));
