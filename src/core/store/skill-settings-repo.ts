/** Per-skill settings: enabled or not, the hash the owner reviewed, and the skill's own configuration. */
import type Database from 'better-sqlite3';

type Db = Database.Database;

export interface SkillSettings {
  name: string;
  enabled: boolean;
  /** The skill hash the owner last reviewed; a user skill whose hash differs runs as High risk. */
  reviewedHash: string | null;
  reviewedAt: number | null;
  config: Record<string, unknown> | null;
}

interface RawSkillSettings {
  name: string;
  enabled: number;
  reviewedHash: string | null;
  reviewedAt: number | null;
  config: string | null;
}

const SELECT = `SELECT name, enabled, reviewed_hash AS reviewedHash, reviewed_at AS reviewedAt, config FROM skill_settings`;

function toSettings(raw: RawSkillSettings): SkillSettings {
  let config: Record<string, unknown> | null = null;
  try {
    const parsed: unknown = raw.config === null ? null : JSON.parse(raw.config);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) config = parsed as Record<string, unknown>;
  } catch {
    config = null;
  }
  return { ...raw, enabled: raw.enabled !== 0, config };
}

export class SkillSettingsRepo {
  private readonly getStmt;
  private readonly listStmt;
  private readonly enabledStmt;
  private readonly reviewedStmt;
  private readonly configStmt;
  private readonly deleteStmt;
  private readonly forgetReviewStmt;
  private readonly disabledStmt;

  constructor(db: Db) {
    this.getStmt = db.prepare<[string], RawSkillSettings>(`${SELECT} WHERE name = ?`);
    this.listStmt = db.prepare<[], RawSkillSettings>(`${SELECT} ORDER BY name`);
    this.enabledStmt = db.prepare<[string, number]>(
      `INSERT INTO skill_settings (name, enabled) VALUES (?, ?)
       ON CONFLICT (name) DO UPDATE SET enabled = excluded.enabled`,
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
    this.forgetReviewStmt = db.prepare<[string]>(
      `UPDATE skill_settings SET reviewed_hash = NULL, reviewed_at = NULL WHERE name = ?`,
    );
    this.disabledStmt = db.prepare<[], string>(`SELECT name FROM skill_settings WHERE enabled = 0`).pluck();
  }

  /** The stored settings, or undefined when none were ever set (the skill is then enabled and unreviewed). */
  get(name: string): SkillSettings | undefined {
    const raw = this.getStmt.get(name);
    return raw && toSettings(raw);
  }

  setEnabled(name: string, enabled: boolean): void {
    this.enabledStmt.run(name, enabled ? 1 : 0);
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

  /** Forgets only which version was reviewed; whether it is on and its configuration stay. */
  forgetReview(name: string): void {
    this.forgetReviewStmt.run(name);
  }

  list(): SkillSettings[] {
    return this.listStmt.all().map(toSettings);
  }

  /** The names of the skills the owner turned off. */
  disabled(): string[] {
    return this.disabledStmt.all();
  }
}
