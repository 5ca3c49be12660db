/** The skills manager's side of the contract: list, enable, read, validate, save, copy, delete, review. */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { IasApi, SkillInfo, SkillProblemInfo, SkillValidation } from '../../shared/contract.js';
import { toolFor } from '../agent/catalogue.js';
import { problemsInFileOrder } from '../../shared/problem-order.js';
import { apiError } from './api-error.js';
import { NotRegularFileError, readRegularFile } from '../regular-file.js';
import { showSkillVersion } from './skill-version.js';
import { effectiveRisk, isReviewed, markReviewedIfAt } from '../approval/review.js';
import { hashFolderFiles, isInside, listFolderFiles } from '../skills/folder-files.js';
import { realRoot } from '../skills/load.js';
import { parseSkillFile } from '../skills/parse.js';
import { skillProblem } from '../skills/problem.js';
import { skillTemplate } from '../skills/templates.js';
import { copySkillFolder, inTheWay } from '../skills/copy-skill-folder.js';
import { SkillSecretRefusedError } from '../skills/skill-secret-refusal.js';
import { argsValidator, type SchemaCompileError } from '../skills/schema.js';
import { toSkillSummary } from '../skills/summary.js';
import { SKILL_NAME_PATTERN, type Skill, type SkillProblem } from '../skills/types.js';
import type { Runtime } from '../runtime.js';

type SkillsMethods = Pick<
  IasApi,
  | 'listSkills'
  | 'setSkillEnabled'
  | 'readSkill'
  | 'validateSkill'
  | 'saveSkill'
  | 'copySkillToUser'
  | 'deleteSkill'
  | 'showSkillVersion'
  | 'reviewSkill'
  | 'skillTemplate'
  | 'setSkillConfig'
>;

/** The `rest` {@link otherFiles} gives for a folder holding SKILL.md alone. */
const NO_OTHER_FILES = hashFolderFiles('', []);

const problem = (p: SkillProblem, severity: 'error' | 'warning'): SkillProblemInfo => ({ ...p, severity });

export function skillsApi(runtime: Runtime, changed: () => void): SkillsMethods {
  const { registry, store } = runtime;
  const userDir = registry.userDir ?? runtime.paths.userSkills;

  const info = (skill: Skill): SkillInfo => ({
    ...toSkillSummary(skill),
    effectiveRisk: effectiveRisk(skill, store.skillSettings),
    enabled: store.skillSettings.isEnabled(skill),
    reviewed: isReviewed(skill, store.skillSettings),
    timeoutSecs: skill.timeoutSecs,
    parameters: skill.parameters,
    path: skill.path,
    hash: skill.hash,
    config: runtime.skillConfig.view(skill),
    needsConfig: runtime.skillConfig.missing(skill),
  });

  /**
   * The system skill `name` (none of the owner's overriding it) when `content` is its SKILL.md as
   * shipped, whatever its line breaks (the editor shows it read-only, its breaks made \n).
   */
  const shippedAs = (name: string, content: string): Skill | undefined => {
    const skill = registry.get(name);
    if (skill?.source !== 'system') return undefined;
    let shipped: string;
    try {
      shipped = readRegularFile(skill.path).toString('utf8');
    } catch {
      return undefined;
    }
    const lines = (text: string) => text.replace(/\r\n?/g, '\n');
    return lines(shipped) === lines(content) ? skill : undefined;
  };

  const existing = (name: string): Skill => {
    const skill = registry.get(name);
    if (!skill) throw apiError('no-skill', { name });
    return skill;
  };

  /**
   * `content` checked as the owner's SKILL.md `name` would be; or, `shipped`, as the system skill
   * it is the text of (which alone may name a built-in handler).
   */
  const validate = (name: string, content: string, shipped?: Skill): SkillValidation => {
    const file = shipped?.path ?? path.join(userDir, name, 'SKILL.md');
    if (!SKILL_NAME_PATTERN.test(name)) {
      return {
        ok: false,
        errors: [problem(skillProblem(file, 'bad-skill-name', {}), 'error')],
        warnings: [],
      };
    }
    const parsed = parseSkillFile(Buffer.from(content, 'utf8'), file, name);
    const errors = parsed.errors.map((p) => problem(p, 'error'));
    const warnings = parsed.warnings.map((p) => problem(p, 'warning'));
    const def = parsed.definition;
    if (def?.builtin && !shipped)
      errors.push(problem(skillProblem(file, 'builtin-user-skill', {}, parsed.builtinLine), 'error'));
    if (def) {
      try {
        argsValidator(def.parameters);
      } catch (err) {
        const { message, messageCode } = err as SchemaCompileError;
        errors.push({ path: file, message, ...(messageCode ? { messageCode } : {}), severity: 'error' });
      }
    }
    if (!def || errors.length > 0) return { ok: false, errors, warnings };
    return { ok: true, errors, warnings, tool: toolFor(def as Skill), risk: def.risk, kind: def.kind };
  };

  /**
   * The files of a user skill folder, each other than SKILL.md read once and hashed (`rest`);
   * undefined when they cannot be listed.
   */
  const otherFiles = (dir: string) => {
    try {
      const files = listFolderFiles(dir, realRoot(userDir));
      const read: Record<string, Uint8Array> = {};
      const others = files.filter((file) => file !== 'SKILL.md');
      const rest = hashFolderFiles(dir, others, {}, (rel, bytes) => {
        if (bytes) read[rel] = bytes;
      });
      return { files, read, rest };
    } catch {
      return undefined;
    }
  };

  /** The version of a user skill folder with SKILL.md as `content`, its other files as `otherFiles` read them. */
  const versionWritten = (dir: string, content: string): { rest: string; whole: string } | undefined => {
    const folder = otherFiles(dir);
    if (!folder) return undefined;
    const known = { ...folder.read, 'SKILL.md': Buffer.from(content, 'utf8') };
    return { rest: folder.rest, whole: hashFolderFiles(dir, folder.files, known) };
  };

  /**
   * Where a skill folder that is a link leads, when that is outside the skills folder (as loading
   * refuses it); undefined for a plain folder, none, or a link that stays inside.
   */
  const linkOutside = (dir: string): string | undefined => {
    try {
      if (!fs.lstatSync(dir).isSymbolicLink()) return undefined;
    } catch {
      return undefined;
    }
    let target: string;
    try {
      target = fs.realpathSync(dir);
    } catch {
      target = path.resolve(path.dirname(dir), fs.readlinkSync(dir)); // a broken link: where it points
    }
    return isInside(target, realRoot(userDir)) ? undefined : target;
  };

  const writeAtomically = (file: string, content: string) => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // Others may write to the skills folder (a synced or shared one): the temporary file is made
    // new ('wx'), under a name nobody can guess, so a link planted there is never written through.
    const tmp = `${file}.${process.pid}.${randomUUID()}.tmp`;
    fs.writeFileSync(tmp, content, { flag: 'wx' });
    fs.renameSync(tmp, file);
  };

  return {
    async listSkills() {
      const problems = registry.problems();
      return {
        skills: registry.list().map(info),
        problems: problemsInFileOrder(problems.errors, problems.warnings),
        systemDir: registry.systemDir ?? '',
        userDir,
      };
    },
    async setSkillEnabled(name, enabled) {
      store.skillSettings.setEnabled(existing(name), enabled);
      changed();
    },
    async readSkill(name) {
      const skill = registry.get(name);
      const file = skill?.path ?? path.join(userDir, name, 'SKILL.md');
      if (!skill && !fs.existsSync(file)) throw apiError('no-skill', { name });
      // Never read through a link leading outside the skills folder (loading refuses it too): not
      // its folder, nor its SKILL.md.
      if (skill?.source !== 'system') {
        const folder = linkOutside(path.dirname(file));
        const skillMd = folder === undefined ? linkOutside(file) : undefined;
        if (folder !== undefined) throw apiError('skill-folder-outside', { name, target: folder, reading: true });
        if (skillMd !== undefined) {
          throw apiError('skill-folder-outside', { name, target: skillMd, reading: true, link: 'skill-md' });
        }
      }
      let content: string;
      try {
        content = readRegularFile(file).toString('utf8'); // a broken user skill can still be opened and fixed
      } catch (err) {
        // A named pipe would hold the read (and the app) until someone wrote to it.
        if (!(err instanceof NotRegularFileError)) throw err;
        const problem = { code: 'skill-md-not-regular' as const, params: { kind: err.kind } };
        throw apiError('skill-md-unopenable', { name, problem });
      }
      return { name, source: skill?.source ?? 'user', path: file, content };
    },
    async validateSkill(name, content) {
      return validate(name, content, shippedAs(name, content));
    },
    async saveSkill(name, content) {
      const result = validate(name, content);
      if (!SKILL_NAME_PATTERN.test(name)) return result;
      // The editor shows SKILL.md only: the folder's other files (the scripts it runs) count as
      // reviewed after the save only if they were before it, unchanged.
      const before = registry.current(name, { readAll: true });
      const reviewedRest =
        before?.source === 'user' && isReviewed(before, store.skillSettings) ? otherFiles(before.dir)?.rest : undefined;
      // Never written through a link to a folder outside, which loading would refuse anyway.
      const outside = linkOutside(path.join(userDir, name));
      if (outside !== undefined) throw apiError('skill-folder-outside', { name, target: outside });
      // Saved even when invalid, so no work is lost; the registry reports its problems.
      writeAtomically(path.join(userDir, name, 'SKILL.md'), content);
      registry.reload('user', [name]);
      const saved = registry.get(name);
      const written = saved?.source === 'user' ? versionWritten(saved.dir, content) : undefined;
      // Written in the app's own editor by the owner: this version counts as reviewed, if the folder
      // is still it (SKILL.md as written, the other files as read once here).
      if (written && (written.rest === NO_OTHER_FILES || written.rest === reviewedRest)) {
        markReviewedIfAt(registry, name, written.whole, store.skillSettings);
      }
      changed();
      return result;
    },
    async copySkillToUser(name) {
      const skill = existing(name);
      if (skill.source !== 'system') throw apiError('already-user-skill', { name });
      if (skill.kind === 'builtin') throw apiError('builtin-no-copy', { name });
      const target = path.join(userDir, name);
      if (fs.existsSync(target)) throw apiError('user-skill-exists', { name });
      // The copy starts switched as the system skill is, whatever a copy deleted outside the app had.
      store.skillSettings.forgetCopy(name);
      // Never merged with what someone else put there meanwhile (see copySkillFolder).
      let copied: string;
      try {
        copied = copySkillFolder(skill.dir, userDir, name);
      } catch (err) {
        if (inTheWay(err)) throw apiError('user-skill-exists', { name });
        throw err;
      }
      registry.reload('user', [name]);
      // Marked only if the folder is still the copy made.
      markReviewedIfAt(registry, name, copied, store.skillSettings);
      changed();
      return {
        name,
        source: 'user',
        path: path.join(target, 'SKILL.md'),
        content: fs.readFileSync(path.join(target, 'SKILL.md'), 'utf8'),
      };
    },
    async deleteSkill(name) {
      const dir = path.join(userDir, name);
      if (!fs.existsSync(dir)) throw apiError('not-user-skill', { name });
      const skill = registry.get(name);
      // Its secrets go with it, unless a system skill of that name keeps using them.
      if (skill?.source === 'user' && !skill.overrides && skill.config) {
        runtime.skillConfig.set(skill, Object.fromEntries(skill.config.map((f) => [f.name, null])));
      }
      fs.rmSync(dir, { recursive: true, force: true });
      registry.reload('user', [name]);
      // A shipped skill of that name keeps its own settings (switched off, configured): only the
      // copy's review and its own switch go with the copy.
      if (registry.systemSkill(name)) store.skillSettings.forgetCopy(name);
      else store.skillSettings.delete(name);
      changed();
    },
    async showSkillVersion(name) {
      existing(name);
      return showSkillVersion(registry, name);
    },
    async reviewSkill(name, hash) {
      existing(name);
      // As the files are now, even before the watcher has seen an edit (a whole hash: see validate-call.ts).
      const marked = markReviewedIfAt(registry, name, hash, store.skillSettings);
      changed();
      if (!marked) throw apiError('skill-changed-since-shown', { name });
    },
    async skillTemplate(kind, language) {
      return skillTemplate(kind, language);
    },
    async setSkillConfig(name, values) {
      try {
        runtime.skillConfig.set(existing(name), values);
      } catch (err) {
        if (!(err instanceof SkillSecretRefusedError)) throw err;
        throw apiError('skill-secret-not-saved', { message: err.message, messageCode: err.messageCode });
      }
      changed();
    },
  };
}
