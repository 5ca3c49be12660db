/**
 * The skill registry: system skills and user skills, a user skill overriding a system skill of
 * the same name without ever lowering its risk. Reloads replace whole Skill objects, so a caller
 * holding a Skill keeps the version it took.
 */
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { inFileOrder } from '../../shared/problem-order.js';
import { loadSkillFolder, loadSkillsRoot, unchangedOnDisk } from './load.js';
import type { Risk, Skill, SkillProblem, SkillSource } from './types.js';
import { unchangedSinceRead } from './unchanged-files.js';

export interface RegistryOptions {
  systemDir?: string;
  userDir?: string;
}

export interface RegistryChange {
  /** Names whose effective skill was added, changed or removed. */
  names: string[];
}

/** Folders of one source loaded again (whether or not any skill changed; their problems may have). */
export interface RegistryReload {
  source: SkillSource;
  names: string[];
}

interface Problems {
  errors: SkillProblem[];
  warnings: SkillProblem[];
}

const higher = (a: Risk, b: Risk): Risk => (a === 'high' || b === 'high' ? 'high' : 'low');

/** A user skill as it replaces a system skill of its name: at the higher of the two risks. */
export function overridingSkill(user: Skill, system: Skill): Skill {
  return Object.freeze({ ...user, overrides: true, risk: higher(system.risk, user.declaredRisk) });
}

export class SkillRegistry extends EventEmitter<{ change: [RegistryChange]; reload: [RegistryReload] }> {
  readonly systemDir?: string;
  readonly userDir?: string;
  private readonly bySource: Record<SkillSource, Map<string, Skill>> = { system: new Map(), user: new Map() };
  private readonly problemsByFolder = new Map<string, Problems>();
  private merged = new Map<string, Skill>();
  private readonly overrideCache = new WeakMap<Skill, Skill>();

  constructor(options: RegistryOptions) {
    super();
    this.systemDir = options.systemDir && path.resolve(options.systemDir);
    this.userDir = options.userDir && path.resolve(options.userDir);
  }

  dirOf(source: SkillSource): string | undefined {
    return source === 'system' ? this.systemDir : this.userDir;
  }

  /** Loads both folders from scratch. */
  loadAll(): void {
    const before = this.merged;
    this.problemsByFolder.clear();
    for (const source of ['system', 'user'] as const) {
      const map = new Map<string, Skill>();
      const dir = this.dirOf(source);
      if (dir) {
        const loaded = loadSkillsRoot(dir, source);
        for (const skill of loaded.skills) map.set(skill.name, skill);
        this.problemsByFolder.set(`${source}:`, { errors: loaded.errors, warnings: loaded.warnings });
      }
      this.bySource[source] = map;
    }
    this.remerge(before);
  }

  /** Reloads some folders of one source (the watcher's path); `reload` is emitted after `change`. */
  reload(source: SkillSource, folders: Iterable<string>): void {
    const dir = this.dirOf(source);
    if (!dir) return;
    const before = this.merged;
    const names = [...folders];
    for (const name of names) {
      const loaded = loadSkillFolder(dir, name, source);
      const key = `${source}:${name}`;
      if (loaded?.skill) this.bySource[source].set(name, loaded.skill);
      else this.bySource[source].delete(name);
      // Folder-level problems replace the ones a full load found for this folder.
      const root = this.problemsByFolder.get(`${source}:`);
      if (root) {
        const mine = (p: SkillProblem) => folderOf(dir, p.path) === name;
        root.errors = root.errors.filter((p) => !mine(p));
        root.warnings = root.warnings.filter((p) => !mine(p));
      }
      if (loaded && (loaded.errors.length > 0 || loaded.warnings.length > 0)) {
        this.problemsByFolder.set(key, { errors: loaded.errors, warnings: loaded.warnings });
      } else {
        this.problemsByFolder.delete(key);
      }
    }
    try {
      this.remerge(before);
    } finally {
      // Even when a change listener failed: the folders and their problems are reloaded all the same.
      this.emit('reload', { source, names });
    }
  }

  list(): Skill[] {
    return [...this.merged.values()];
  }

  listByRisk(risk: Risk): Skill[] {
    return this.list().filter((s) => s.risk === risk);
  }

  get(name: string): Skill | undefined {
    return this.merged.get(name);
  }

  /** The system skill of this name, whether or not a user skill overrides it. */
  systemSkill(name: string): Skill | undefined {
    return this.bySource.system.get(name);
  }

  /** Whether the source's skills folder holds a folder (or a link) of this name, a skill that loads or not. */
  hasFolder(source: SkillSource, name: string): boolean {
    const dir = this.dirOf(source);
    try {
      const stat = dir ? fs.lstatSync(path.join(dir, name)) : undefined;
      return stat ? stat.isDirectory() || stat.isSymbolicLink() : false;
    } catch {
      return false;
    }
  }

  /**
   * The skill as its files are now, for what decides a call (its risk, the version an approval is
   * for): a folder whose files changed since it was loaded is reloaded first, whether or not a
   * watcher has seen the edit yet (`ias chat` runs none; a link may lead to another folder's file).
   * Its files are looked at as unchanged-files.ts says (SKILL.md read, the others by their times
   * once settled); `readAll` reads every one of them, for what the owner's word is given on.
   */
  current(name: string, { readAll = false }: { readAll?: boolean } = {}): Skill | undefined {
    const skill = this.merged.get(name);
    const dir = skill && this.dirOf(skill.source);
    const unchanged = readAll ? unchangedOnDisk : unchangedSinceRead;
    if (skill && dir && !unchanged(skill, dir)) this.reload(skill.source, [name]);
    return this.merged.get(name);
  }

  /** An immutable view of the current skills, for one agent turn. */
  snapshot(): ReadonlyMap<string, Skill> {
    return this.merged;
  }

  /** The load errors and warnings of every folder, each file's by line (see shared/problem-order.ts). */
  problems(): Problems {
    const errors: SkillProblem[] = [];
    const warnings: SkillProblem[] = [];
    for (const p of this.problemsByFolder.values()) {
      errors.push(...p.errors);
      warnings.push(...p.warnings);
    }
    return { errors: inFileOrder(errors), warnings: inFileOrder(warnings) };
  }

  /**
   * The skill folder a load problem is in: `<skills folder>/<name>/…` of the system or the user
   * skills folder, or undefined (a problem of a skills folder itself, or of a path outside both).
   */
  skillOfProblem(problem: SkillProblem): { source: SkillSource; name: string } | undefined {
    for (const source of ['user', 'system'] as const) {
      const dir = this.dirOf(source);
      const name = dir === undefined ? undefined : folderOf(dir, problem.path);
      if (name) return { source, name };
    }
    return undefined;
  }

  /** The user skill as it overrides a system one (the same object while neither changes). */
  private overriding(user: Skill, system: Skill): Skill {
    const risk = higher(system.risk, user.declaredRisk);
    const cached = this.overrideCache.get(user);
    if (cached?.risk === risk) return cached;
    const merged = overridingSkill(user, system);
    this.overrideCache.set(user, merged);
    return merged;
  }

  private remerge(before: Map<string, Skill>): void {
    const merged = new Map<string, Skill>();
    for (const skill of this.bySource.system.values()) merged.set(skill.name, skill);
    for (const skill of this.bySource.user.values()) {
      const system = this.bySource.system.get(skill.name);
      merged.set(skill.name, system ? this.overriding(skill, system) : skill);
    }
    const sorted = new Map([...merged.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    const names = new Set<string>();
    // Reloaded folders are new objects: a name whose object changed has changed.
    for (const [name, skill] of sorted) if (before.get(name) !== skill) names.add(name);
    for (const name of before.keys()) if (!sorted.has(name)) names.add(name);
    this.merged = sorted;
    if (names.size > 0) this.emit('change', { names: [...names] });
  }
}

function folderOf(root: string, file: string): string | undefined {
  const normalizedRoot = root.endsWith('/') || root.endsWith('\\') ? root : `${root}/`;
  const unified = file.replace(/\\/g, '/');
  const r = normalizedRoot.replace(/\\/g, '/');
  if (!unified.startsWith(r)) return undefined;
  return unified.slice(r.length).split('/')[0];
}
