/**
 * Per-skill settings: enabled or not, the hash the owner reviewed, and the skill's own configuration.
 * Kept by name, so the owner's copy of a system skill shares them, except its on/off switch, kept
 * apart so that deleting the copy leaves the system skill switched as the owner had set it.
 */
import type Database from 'better-sqlite3';

type Db = Database.Database;

export interface SkillSettings {
  name: string;
  enabled: boolean;
  /** The switch of the owner's copy overriding a system skill of this name; null: as `enabled`. */
  copyEnabled: boolean | null;
  /** The skill hash the owner last reviewed; a user skill whose hash differs runs as High risk. */
  reviewedHash: string | null;
  reviewedAt: number | null;
  config: Record<string, unknown> | null;
}

interface RawSkillSettings {
  name: string;
  enabled: number;
  copyEnabled: number | null;
  reviewedHash: string | null;
  reviewedAt: number | null;
  config: string | null;
}

/** What decides whether a skill is switched on: its name, and whether it is a copy overriding a system skill. */
export interface SwitchedSkill {
  name: string;
  overrides: boolean;
}

const SELECT = `SELECT name, enabled, copy_enabled AS copyEnabled, reviewed_hash AS reviewedHash, reviewed_at AS reviewedAt, config FROM skill_settings`;

function toSettings(raw: RawSkillSettings): SkillSettings {
  let config: Record<string, unknown> | null = null;
  try {
    const parsed: unknown = raw.config === null ? null : JSON.parse(raw.config);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) config = parsed as Record<string, unknown>;
  } catch {
    config = null;
  }
  return {
    ...raw,
    enabled: raw.enabled !== 0,
    copyEnabled: raw.copyEnabled === null ? null : raw.copyEnabled !== 0,
    config,
  };
}

/** Whether a skill with these settings is on: a copy by its own switch once set, else by the name's. */
function isOn(settings: SkillSettings | undefined, skill: SwitchedSkill): boolean {
  return (skill.overrides ? (settings?.copyEnabled ?? settings?.enabled) : settings?.enabled) ?? true;
}

export class SkillSettingsRepo {
  private readonly getStmt;
  private readonly listStmt;
  private readonly enabledStmt;
  private readonly copyEnabledStmt;
  private readonly reviewedStmt;
  private readonly configStmt;
  private readonly deleteStmt;
  private readonly forgetCopyStmt;

  constructor(db: Db) {
    this.getStmt = db.prepare<[string], RawSkillSettings>(`${SELECT} WHERE name = ?`);
    this.listStmt = db.prepare<[], RawSkillSettings>(`${SELECT} ORDER BY name`);
    this.enabledStmt = db.prepare<[string, number]>(
      `INSERT INTO skill_settings (name, enabled) VALUES (?, ?)
       ON CONFLICT (name) DO UPDATE SET enabled = excluded.enabled`,
    );
    this.copyEnabledStmt = db.prepare<[string, number]>(
      `INSERT INTO skill_settings (name, copy_enabled) VALUES (?, ?)
       ON CONFLICT (name) DO UPDATE SET copy_enabled = excluded.copy_enabled`,
    );
    this.reviewedStmt = db.prepare<[string, string, number]>(
      `INSERT INTO skill_settings (name, reviewed_hash, reviewed_at) VALUES (?, ?, ?)
       ON CONFLICT (name) DO UPDATE SET reviewed_hash = excluded.reviewed_hash, reviewed_at = excluded.reviewed_at`,
    );
    this.configStmt = db.prepare<[string, string | null]>(
      `INSERT INTO skill_settings (name, config) VALUES (?, ?)
       ON CONFLICT (name) DO UPDATE SET config = excluded.config`,
    );
    this.deleteStmt = db.prepare<[string]>(`DELETE FROM skill_settings WHERE name = ?`);
    this.forgetCopyStmt = db.prepare<[string]>(
      `UPDATE skill_settings SET reviewed_hash = NULL, reviewed_at = NULL, copy_enabled = NULL WHERE name = ?`,
    );
  }

  /** The stored settings, or undefined when none were ever set (the skill is then enabled and unreviewed). */
  get(name: string): SkillSettings | undefined {
    const raw = this.getStmt.get(name);
    return raw && toSettings(raw);
  }

  /** Switches the skill of this name on or off; the owner's copy of a system skill has its own switch. */
  setEnabled(skill: SwitchedSkill | string, enabled: boolean): void {
    const name = typeof skill === 'string' ? skill : skill.name;
    const copy = typeof skill !== 'string' && skill.overrides;
    (copy ? this.copyEnabledStmt : this.enabledStmt).run(name, enabled ? 1 : 0);
  }

  isEnabled(skill: SwitchedSkill): boolean {
    return isOn(this.get(skill.name), skill);
  }

  setReviewed(name: string, hash: string, at: number = Date.now()): void {
    this.reviewedStmt.run(name, hash, at);
  }

  setConfig(name: string, config: Record<string, unknown> | null): void {
    this.configStmt.run(name, config === null ? null : JSON.stringify(config));
  }

  /** Forgets a skill's settings. Returns whether there were any. */
  delete(name: string): boolean {
    return this.deleteStmt.run(name).changes > 0;
  }

  /**
   * Forgets what was the owner's copy's own of a system skill: which version was reviewed, and its
   * switch. The system skill's switch and the configuration they share stay.
   */
  forgetCopy(name: string): void {
    this.forgetCopyStmt.run(name);
  }

  list(): SkillSettings[] {
    return this.listStmt.all().map(toSettings);
  }

  /** The skills of these the owner has not switched off. */
  enabledOf<S extends SwitchedSkill>(skills: Iterable<S>): S[] {
    const byName = new Map(this.list().map((s) => [s.name, s]));
    return [...skills].filter((skill) => isOn(byName.get(skill.name), skill));
  }
}
