/** `ias skills check`: validates skill folders, folders of skill folders, or SKILL.md files. */
import fs from 'node:fs';
import path from 'node:path';
import { inFileOrder } from '../../shared/problem-order.js';
import { isSkillFileName, loadSkillFolder, realRoot } from './load.js';
import { skillProblem } from './problem.js';
import { argsValidator, type SchemaCompileError } from './schema.js';
import type { Skill, SkillProblem, SkillSource } from './types.js';

export interface CheckReport {
  skills: Skill[];
  errors: SkillProblem[];
  warnings: SkillProblem[];
}

/**
 * Checks `paths` as user skills; those in `systemDir` (the same folder, by real path) as the
 * system skills they are there, which alone may name a built-in handler.
 */
export function checkPaths(paths: string[], systemDir?: string): CheckReport {
  const report: CheckReport = { skills: [], errors: [], warnings: [] };
  const system = systemDir === undefined ? undefined : realRoot(systemDir);
  const sourceOf = (root: string): SkillSource =>
    system !== undefined && realRoot(root) === system ? 'system' : 'user';
  const checkFolder = (root: string, name: string) => {
    const loaded = loadSkillFolder(root, name, sourceOf(root));
    if (!loaded) return false;
    report.errors.push(...loaded.errors);
    report.warnings.push(...loaded.warnings);
    if (loaded.skill) {
      try {
        argsValidator(loaded.skill.parameters); // the thorough check: the schema compiles
        report.skills.push(loaded.skill);
      } catch (err) {
        const { message, messageCode } = err as SchemaCompileError;
        report.errors.push({ path: loaded.skill.path, message, ...(messageCode ? { messageCode } : {}) });
      }
    }
    return true;
  };
  for (const given of paths) {
    const abs = path.resolve(given);
    let stat: fs.Stats;
    try {
      stat = fs.statSync(abs);
    } catch {
      report.errors.push(skillProblem(abs, 'check-path-missing', {}));
      continue;
    }
    if (stat.isFile()) {
      if (path.basename(abs) !== 'SKILL.md') {
        report.errors.push(skillProblem(abs, 'check-path-not-skill', {}));
        continue;
      }
      const dir = path.dirname(abs);
      checkFolder(path.dirname(dir), path.basename(dir));
    } else if (!stat.isDirectory()) {
      // A device or a named pipe: nothing to check, and the other paths still are.
      report.errors.push(skillProblem(abs, 'check-path-not-skill', {}));
    } else {
      let names: string[];
      try {
        names = fs.readdirSync(abs).sort();
      } catch (err) {
        report.errors.push(skillProblem(abs, 'skills-folder-unreadable', { detail: (err as Error).message }));
        continue;
      }
      // A skill folder (its SKILL.md in whatever capitals: loading says what is wrong with it).
      if (names.some(isSkillFileName)) {
        checkFolder(path.dirname(abs), path.basename(abs));
        continue;
      }
      let found = 0;
      for (const name of names) {
        if (!name.startsWith('.') && checkFolder(abs, name)) found++;
      }
      if (found === 0) report.warnings.push(skillProblem(abs, 'check-path-no-skills', {}));
    }
  }
  return { ...report, errors: inFileOrder(report.errors), warnings: inFileOrder(report.warnings) };
}
