/**
 * The example user skills shipped in `skills/`: copied into the owner's skills folder on the first
 * run, switched off until the owner configures and enables them. Never copied twice, never over a
 * folder the owner already has.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { SettingsRepo } from '../store/settings-repo.js';
import type { SkillSettingsRepo } from '../store/skill-settings-repo.js';
import { copySkillFolder, inTheWay } from './copy-skill-folder.js';
import { SKILL_NAME_PATTERN } from './types.js';

export const EXAMPLES_COPIED = 'skills.examplesCopied';

/**
 * Copies the examples once per data folder; returns those it copied, each with its copy's version
 * hash: only that version counts as shipped (see copySkillFolder).
 */
export function copyExampleSkills(
  examplesDir: string,
  userDir: string,
  settings: SettingsRepo,
  skillSettings: SkillSettingsRepo,
): { name: string; hash: string }[] {
  if (settings.get(EXAMPLES_COPIED) !== undefined) return [];
  let names: string[];
  try {
    names = fs
      .readdirSync(examplesDir, { withFileTypes: true })
      .filter((d) => d.isDirectory() && SKILL_NAME_PATTERN.test(d.name))
      .filter((d) => fs.existsSync(path.join(examplesDir, d.name, 'SKILL.md')))
      .map((d) => d.name)
      .sort();
  } catch {
    return []; // no examples shipped with this build
  }
  const copied: { name: string; hash: string }[] = [];
  fs.mkdirSync(userDir, { recursive: true });
  for (const name of names) {
    if (fs.existsSync(path.join(userDir, name))) continue;
    // Off before it exists, so the watcher never sees it enabled; its own switch, not a system skill's.
    skillSettings.setEnabled({ name, source: 'user' }, false);
    try {
      copied.push({ name, hash: copySkillFolder(path.join(examplesDir, name), userDir, name) });
    } catch (err) {
      // Something appeared at its place meanwhile: the owner's, not copied over.
      if (!inTheWay(err)) throw err;
    }
  }
  settings.set(EXAMPLES_COPIED, { at: Date.now(), skills: copied.map((c) => c.name) });
  return copied;
}
