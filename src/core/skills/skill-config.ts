/**
 * The values of each skill's declared settings: plain ones in the skill's settings row, secret
 * ones in the secret store. A run gets exactly its own skill's values, never anything else.
 *
 * Secrets are guarded as the API key is (see SecretAccess in key-store.ts): one whose file another
 * user could have swapped or read (a folder on the way they could change, a file of theirs, one
 * they can read) is neither used nor saved there (SkillSecretRefusedError): a run is refused, and
 * the skill's settings say why.
 */
import type { SecretAccess, SecretStore } from '../approval/key-store.js';
import type { SkillSettingsRepo } from '../store/skill-settings-repo.js';
import { listed } from '../../shared/name-lists.js';
import { toolErrorText, type ToolErrorCode } from '../../shared/tool-errors.js';
import type { SkillSecretCode } from '../../shared/skill-secrets.js';
import { skillSecretRefusal, SkillSecretRefusedError } from './skill-secret-refusal.js';
import type { TranslatedLocale } from '../../shared/locale.js';
import type { ConfigField, Skill, SkillLocaleText } from './types.js';

/** One setting as the skills manager shows it: secrets only say whether they are set. */
export interface ConfigFieldState extends ConfigField {
  /** Its description in the UI's other languages, where the skill gives it (`locales:`). */
  locales?: Partial<Record<TranslatedLocale, { description: string }>>;
  set: boolean;
  /** The stored value of a setting that is not secret. */
  value?: string;
  /** A secret that is there but is not used: why, in English and as a code. */
  refused?: { message: string; messageCode: SkillSecretCode };
}

const GUARDED: SecretAccess = { guarded: true };

/** `field` with its description in the languages the skill gives it in. */
function withLocales(field: ConfigField, skill: Skill): ConfigField & Pick<ConfigFieldState, 'locales'> {
  const locales: NonNullable<ConfigFieldState['locales']> = {};
  for (const [locale, text] of Object.entries(skill.locales ?? {}) as [TranslatedLocale, SkillLocaleText][]) {
    const description = text.config?.[field.name];
    if (description !== undefined) locales[locale] = { description };
  }
  return Object.keys(locales).length > 0 ? { ...field, locales } : field;
}

/** The name a secret setting is kept under in the secret store. */
export const configSecretName = (skill: string, field: string) => `skill-config.${skill}.${field}`;

export class SkillConfigStore {
  constructor(
    private readonly settings: SkillSettingsRepo,
    private readonly secrets: SecretStore,
  ) {}

  private stored(skill: Skill): Record<string, unknown> {
    return this.settings.get(skill.name)?.config ?? {};
  }

  /** A setting's value; throws SkillSecretRefusedError for a secret the store refuses to read. */
  private value(skill: Skill, field: ConfigField, stored = this.stored(skill)): string | undefined {
    if (field.secret) {
      let secret: Buffer | undefined;
      try {
        secret = this.secrets.get(configSecretName(skill.name, field.name), GUARDED);
      } catch (err) {
        throw skillSecretRefusal(err, skill.name, field.name);
      }
      return secret && secret.length > 0 ? secret.toString('utf8') : undefined;
    }
    const v = stored[field.name];
    return typeof v === 'string' && v !== '' ? v : field.default;
  }

  /**
   * The variables a run of this skill gets: its declared settings that have a value. Throws
   * SkillSecretRefusedError for a secret that is there but is not used (the run must not go on
   * without it, nor with a value someone else put there).
   */
  env(skill: Skill): Record<string, string> {
    const env: Record<string, string> = {};
    if (!skill.config?.length) return env;
    const stored = this.stored(skill);
    for (const field of skill.config ?? []) {
      const v = this.value(skill, field, stored);
      if (v !== undefined) env[field.name] = v;
    }
    return env;
  }

  /** The settings that have a value, a refused secret counted as not set (for the skills manager). */
  private usableEnv(skill: Skill): Record<string, string> {
    const env: Record<string, string> = {};
    const stored = this.stored(skill);
    for (const field of skill.config ?? []) {
      const v = this.valueOrRefusal(skill, field, stored);
      if (typeof v === 'string') env[field.name] = v;
    }
    return env;
  }

  private valueOrRefusal(
    skill: Skill,
    field: ConfigField,
    stored: Record<string, unknown>,
  ): string | SkillSecretRefusedError | undefined {
    try {
      return this.value(skill, field, stored);
    } catch (err) {
      if (err instanceof SkillSecretRefusedError) return err;
      throw err;
    }
  }

  /**
   * What is missing, one entry per requirement: the names any one of which meets it (["SMTP_HOST"],
   * ["TAVILY_API_KEY", "SEARXNG_URL"]), for each surface to say in its language (see
   * shared/name-lists.ts). A secret that is there but is not used counts as missing.
   */
  missing(skill: Skill, env: Record<string, string> = this.usableEnv(skill)): string[][] {
    const fields = skill.config ?? [];
    if (fields.length === 0) return [];
    const missing: string[][] = [];
    const groups = new Map<string, string[]>();
    for (const f of fields) {
      if (f.required === true && env[f.name] === undefined) missing.push([f.name]);
      if (typeof f.required === 'string') groups.set(f.required, [...(groups.get(f.required) ?? []), f.name]);
    }
    for (const names of groups.values()) {
      if (!names.some((n) => env[n] !== undefined)) missing.push(names);
    }
    return missing;
  }

  view(skill: Skill): ConfigFieldState[] {
    const stored = this.stored(skill);
    return (skill.config ?? []).map((declared) => {
      const value = this.valueOrRefusal(skill, declared, stored);
      const field = withLocales(declared, skill);
      if (value instanceof SkillSecretRefusedError) {
        return { ...field, set: true, refused: { message: value.message, messageCode: value.messageCode } };
      }
      const state: ConfigFieldState = { ...field, set: value !== undefined && value !== field.default };
      if (!field.secret && typeof stored[field.name] === 'string') state.value = stored[field.name] as string;
      return state;
    });
  }

  /**
   * Sets some of a skill's settings; an empty text or null clears one. Only declared settings may
   * be set; nothing is stored when one is not. A secret is not saved where another user could change
   * a folder on the way to its file (SkillSecretRefusedError); secrets are written first and share
   * one folder, so the first one refused leaves everything as it was.
   */
  set(skill: Skill, values: Record<string, string | null>): void {
    const fields = new Map((skill.config ?? []).map((f) => [f.name, f]));
    const unknown = Object.keys(values).filter((k) => !fields.has(k));
    if (unknown.length > 0) {
      const known = [...fields.keys()];
      throw new Error(
        `${skill.name} has no setting ${listed(unknown, 'or')}` +
          (known.length > 0 ? `; its settings are ${listed(known, 'and')}` : '; it declares no settings'),
      );
    }
    const stored = { ...this.stored(skill) };
    const cleared: string[] = [];
    // Secrets written first: one refused (they share a folder) leaves everything as it was.
    for (const [name, raw] of Object.entries(values)) {
      const field = fields.get(name)!;
      const v = raw === null ? '' : raw.trim();
      if (field.secret) {
        if (v === '') cleared.push(name);
        else {
          try {
            this.secrets.set(configSecretName(skill.name, name), Buffer.from(v, 'utf8'), GUARDED);
          } catch (err) {
            throw skillSecretRefusal(err, skill.name, name);
          }
        }
      } else if (v === '') delete stored[name];
      else stored[name] = v;
    }
    for (const name of cleared) this.secrets.delete(configSecretName(skill.name, name));
    // A setting its skill declares secret since it was saved keeps no plain copy (its value is the
    // secret store's).
    for (const field of fields.values()) if (field.secret) delete stored[field.name];
    this.settings.setConfig(skill.name, Object.keys(stored).length > 0 ? stored : null);
  }
}

/** Whether the skill's SKILL.md declares setting `name` secret. */
export function isSecretSetting(skill: Skill, name: string): boolean {
  return skill.config?.some((f) => f.name === name && f.secret) === true;
}

/**
 * What a skill that lacks settings answers (in English: it goes to the model), naming exactly what
 * to set and where. `missing`: as SkillConfigStore.missing gives it, one group of names per requirement.
 */
export function notConfiguredMessage(skill: Skill, missing: string[][]): string {
  return notConfigured(skill, missing).message;
}

/** The same with its code, for the call's card to say it in the UI's language. */
export function notConfigured(skill: Skill, missing: string[][]): { message: string; code: ToolErrorCode } {
  // A secret is never given on the command line: `KEY=-` asks for it unseen, or reads stdin.
  const secret = isSecretSetting(skill, missing[0]![0]!);
  return toolErrorText('tool-not-configured', { skill: skill.name, missing, secret });
}
