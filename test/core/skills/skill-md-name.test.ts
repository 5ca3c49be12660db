/**
 * A skill folder whose skill file is named `skill.md` or `Skill.md`: meant as a skill, but only
 * SKILL.md is read. Said with the file and how to name it, as a broken SKILL.md is; a folder with
 * no such file at all is no skill and says nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { checkPaths } from '../../../src/core/skills/check.js';
import { loadSkillsRoot } from '../../../src/core/skills/load.js';
import { scriptSkill, tempDir, writeSkill } from '../../helpers/temp.js';

it('says a skill file named in other capitals is not read, and names the fix; the rest load', () => {
  const root = tempDir('ias-skill-md-name-');
  writeSkill(root, 'good', scriptSkill({ script: 'echo good' }));
  for (const [folder, file] of [
    ['lower', 'skill.md'],
    ['title', 'Skill.md'],
  ]) {
    fs.mkdirSync(path.join(root, folder!));
    fs.writeFileSync(path.join(root, folder!, file!), scriptSkill({ script: 'echo missed' }));
  }
  fs.mkdirSync(path.join(root, 'notes'));
  fs.writeFileSync(path.join(root, 'notes', 'README.md'), '# Notes\n');

  const loaded = loadSkillsRoot(root, 'user');
  expect(loaded.skills.map((s) => s.name)).toEqual(['good']);
  expect(loaded.errors).toEqual([
    expect.objectContaining({
      path: path.join(root, 'lower', 'skill.md'),
      message: 'the skill file is named "skill.md": iAs reads only SKILL.md, in capitals: rename it',
    }),
    expect.objectContaining({
      path: path.join(root, 'title', 'Skill.md'),
      message: 'the skill file is named "Skill.md": iAs reads only SKILL.md, in capitals: rename it',
    }),
  ]);

  // `ias skills check` on the folder itself says the same, not "no skill folders found here".
  const checked = checkPaths([path.join(root, 'lower')]);
  expect(checked.warnings).toEqual([]);
  expect(checked.errors).toEqual([expect.objectContaining({ path: path.join(root, 'lower', 'skill.md') })]);
});
