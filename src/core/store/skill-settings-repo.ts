/**
 * Per-skill settings: enabled or not, the hash the owner reviewed, and the skill's own configuration.
 * Kept by name, so the owner's skill overriding a system skill (a copy, or one of their own a later
 * iAs ships a system skill for) shares them, except the on/off switch: a system skill and the
 * owner's skill of its name have one each (`enabled`, and `copy_enabled` as migration 12 named it
 * when only copies had one), so that deleting either leaves the other switched as the owner set it.
 * See skills/own-switches.ts for how the switches follow folders that come and go outside the app.
 * A write by this process is told as `changed` (another process's writes are found by comparing
 * `stamp()`, see api/outside-changes.ts).
 */
import { EventEmitter } from 'node:events';
import type Database from 'better-sqlite3';

type Db = Database.Database;

export interface SkillSettings {
  name: string;
  /** The switch of the system skill of this name (of the owner's own skill while it has none of its own). */
  enabled: boolean;
  /** The own switch of the owner's skill of this name; null: as `enabled` (a copy starts so). */
  userEnabled: boolean | null;
  /** The skill hash the owner last reviewed; a user skill whose hash differs runs as High risk. */
  reviewedHash: string | null;
  reviewedAt: number | null;
  config: Record<string, unknown> | null;
}

interface RawSkillSettings {
  name: string;
  enabled: number;
  userEnabled: number | null;
  reviewedHash: string | null;
  reviewedAt: number | null;
  config: string | null;
}

/** What decides whether a skill is switched on: its name, and whether it is the owner's or shipped. */
export interface SwitchedSkill {
  name: string;
  source: 'system' | 'user';
}

/** A saved review or own switch of the owner's skill of the name, which forgetCopy forgets. */
const OWNERS_OWN = 'reviewed_hash IS NOT NULL OR copy_enabled IS NOT NULL';
/** The name's switch alone, which giveSwitchToUserSkill makes the owner's skill's own. */
const NAME_SWITCH_ONLY = 'copy_enabled IS NULL';

/**
 * What a name's saved settings hold that skills/own-switches.ts may move as skill folders come and
 * go; a name with nothing saved has nothing to move.
 */
export interface MovableSettings {
  name: string;
  /** A review or an own switch of the owner's skill of this name (see forgetCopy). */
  ownersOwn: boolean;
  /** Only the name's switch: the owner's skill has none of its own yet (see giveSwitchToUserSkill). */
  nameSwitchOnly: boolean;
}

const SELECT = `SELECT name, enabled, copy_enabled AS userEnabled, reviewed_hash AS reviewedHash, reviewed_at AS reviewedAt, config FROM skill_settings`;

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
    userEnabled: raw.userEnabled === null ? null : raw.userEnabled !== 0,
    config,
  };
}

/** Whether a skill with these settings is on: the owner's by its own switch once set, else by the name's. */
function isOn(settings: SkillSettings | undefined, skill: SwitchedSkill): boolean {
  return (skill.source === 'user' ? (settings?.userEnabled ?? settings?.enabled) : settings?.enabled) ?? true;
}

export class SkillSettingsRepo extends EventEmitter<{ changed: [] }> {
  private readonly getStmt;
  private readonly listStmt;
  private readonly enabledStmt;
  private readonly userEnabledStmt;
  private readonly reviewedStmt;
  private readonly configStmt;
  private readonly deleteStmt;
  private readonly forgetCopyStmt;
  private readonly toUserSkillStmt;
  private readonly movableStmt;

  constructor(db: Db) {
    super();
    this.getStmt = db.prepare<[string], RawSkillSettings>(`${SELECT} WHERE name = ?`);
    this.listStmt = db.prepare<[], RawSkillSettings>(`${SELECT} ORDER BY name`);
    this.enabledStmt = db.prepare<[string, number]>(
      `INSERT INTO skill_settings (name, enabled) VALUES (?, ?)
       ON CONFLICT (name) DO UPDATE SET enabled = excluded.enabled`,
    );
    this.userEnabledStmt = db.prepare<[string, number]>(
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
      `UPDATE skill_settings SET reviewed_hash = NULL, reviewed_at = NULL, copy_enabled = NULL
       WHERE name = ? AND (${OWNERS_OWN})`,
    );
    this.toUserSkillStmt = db.prepare<[string]>(
      `UPDATE skill_settings SET copy_enabled = enabled, enabled = 1 WHERE name = ? AND ${NAME_SWITCH_ONLY}`,
    );
    this.movableStmt = db.prepare<[string], { name: string; ownersOwn: number; nameSwitchOnly: number }>(
      `SELECT name, (${OWNERS_OWN}) AS ownersOwn, (${NAME_SWITCH_ONLY}) AS nameSwitchOnly FROM skill_settings
       WHERE name IN (SELECT value FROM json_each(?))`,
    );
  }

  /** The stored settings, or undefined when none were ever set (the skill is then enabled and unreviewed). */
  get(name: string): SkillSettings | undefined {
    const raw = this.getStmt.get(name);
    return raw && toSettings(raw);
  }

  /**
   * Switches a skill on or off: the owner's skill by its own switch, a system skill by the name's.
   * A name alone sets the name's switch, which the owner's skill follows until it has its own.
   */
  setEnabled(skill: SwitchedSkill | string, enabled: boolean): void {
    const name = typeof skill === 'string' ? skill : skill.name;
    const own = typeof skill !== 'string' && skill.source === 'user';
    (own ? this.userEnabledStmt : this.enabledStmt).run(name, enabled ? 1 : 0);
    this.emit('changed');
  }

  isEnabled(skill: SwitchedSkill): boolean {
    return isOn(this.get(skill.name), skill);
  }

  setReviewed(name: string, hash: string, at: number = Date.now()): void {
    this.reviewedStmt.run(name, hash, at);
    this.emit('changed');
  }

  setConfig(name: string, config: Record<string, unknown> | null): void {
    this.configStmt.run(name, config === null ? null : JSON.stringify(config));
    this.emit('changed');
  }

  /** Forgets a skill's settings. Returns whether there were any. */
  delete(name: string): boolean {
    const deleted = this.deleteStmt.run(name).changes > 0;
    if (deleted) this.emit('changed');
    return deleted;
  }

  /**
   * Forgets what was the owner's own skill's of a system skill's name (a copy or not), now gone:
   * which version was reviewed, and its switch. The system skill's switch and the configuration
   * they share stay.
   */
  forgetCopy(name: string): void {
    if (this.forgetCopyStmt.run(name).changes > 0) this.emit('changed');
  }

  /**
   * The name's switch, while the owner's skill is the only skill of that name, becomes that
   * skill's own (unless it has one already): a system skill of that name shipped later is then
   * switched apart from it, starting on as every newly shipped skill does.
   */
  giveSwitchToUserSkill(name: string): void {
    if (this.toUserSkillStmt.run(name).changes > 0) this.emit('changed');
  }

  /**
   * Of these names, those with saved settings, and what forgetCopy and giveSwitchToUserSkill would
   * change of them: one read however many names (the first load reports every skill), and no write.
   */
  movableOf(names: readonly string[]): MovableSettings[] {
    return this.movableStmt.all(JSON.stringify(names)).map((row) => ({
      name: row.name,
      ownersOwn: row.ownersOwn !== 0,
      nameSwitchOnly: row.nameSwitchOnly !== 0,
    }));
  }

  list(): SkillSettings[] {
    return this.listStmt.all().map(toSettings);
  }

  /** A text that changes whenever a skill's settings are saved or forgotten, by any iAs process. */
  stamp(): string {
    return JSON.stringify(this.listStmt.all());
  }

  /** The skills of these the owner has not switched off. */
  enabledOf<S extends SwitchedSkill>(skills: Iterable<S>): S[] {
    const byName = new Map(this.list().map((s) => [s.name, s]));
    return [...skills].filter((skill) => isOn(byName.get(skill.name), skill));
  }
}
