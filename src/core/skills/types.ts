/** The shapes shared by the skill parser, registry and executor. */
import type { TranslatedLocale } from '../../shared/locale.js';
import type { SkillProblemCode } from '../../shared/skill-problems.js';

export type Risk = 'low' | 'high';
export type SkillKind = 'script' | 'builtin' | 'instructions';
export type SkillSource = 'system' | 'user';

/** A problem found in a skill file: where it is and what a person should fix. */
export interface SkillProblem {
  path: string;
  line?: number;
  /** In English (what `ias skills check` prints). */
  message: string;
  /** Its code and parameters, for a UI to say it in its own language. */
  messageCode?: SkillProblemCode;
}

export interface ScriptSpec {
  /** The fence language as written (`bash`, `node`, `python`…), lower-cased; may be empty. */
  language: string;
  /** The script text exactly as in the fence. */
  body: string;
  /** The program and its leading arguments, from the shebang or the fence language. */
  command: string[];
  /** The file name extension the script is written with (some interpreters need one). */
  extension: string;
  /** The SKILL.md line of the script's first line. */
  line: number;
}

/**
 * One setting a skill needs (an API key, an account, an address), declared in front matter under
 * `config:`. Values live in the app's settings, secret ones in the secret store, and reach only
 * that skill's runs: as environment variables of a script, as `env` of a built-in handler.
 */
export interface ConfigField {
  /** The variable name the skill reads, such as `QWEATHER_API_KEY`. */
  name: string;
  description: string;
  /** Kept in the secret store, never shown again once set. */
  secret: boolean;
  /**
   * `true`: the skill cannot work without it. A text: at least one field of that group is needed
   * (a search key or an instance address). `false`: optional.
   */
  required: boolean | string;
  /** The value used when none is set (not for secrets). */
  default?: string;
}

/**
 * A skill's words for the skills manager in one of the UI's other languages (front matter
 * `locales:`): its title, description and its settings' descriptions (by setting name). Never
 * what the model reads.
 */
export interface SkillLocaleText {
  title?: string;
  description?: string;
  config?: Record<string, string>;
}

export type SkillLocales = Partial<Record<TranslatedLocale, SkillLocaleText>>;

export const CONFIG_NAME_PATTERN = /^[A-Z][A-Z0-9_]{0,63}$/;

/** A parsed SKILL.md, before the registry knows where it came from. */
export interface SkillDefinition {
  name: string;
  title: string;
  description: string;
  /** The risk the file declares; instruction skills that declare none are low. */
  risk: Risk;
  kind: SkillKind;
  timeoutSecs: number;
  /** JSON Schema (type object) of the arguments. */
  parameters: Record<string, unknown>;
  script?: ScriptSpec;
  /** The in-process handler of a built-in skill. */
  builtin?: string;
  /** The markdown body returned by an instruction skill. */
  instructions?: string;
  license?: string;
  compatibility?: string;
  metadata?: Record<string, string>;
  allowedTools?: string;
  /** The settings the skill needs. */
  config?: ConfigField[];
  /** Its words in the UI's other languages, for the skills manager only. */
  locales?: SkillLocales;
}

/** A loaded skill, as the registry serves it. Immutable: a reload makes new objects. */
export interface Skill extends SkillDefinition {
  source: SkillSource;
  /** True when a user skill replaces a system skill of the same name. */
  overrides: boolean;
  /** The risk written in the file; `risk` may be higher (an override never lowers it). */
  declaredRisk: Risk;
  /** The skill folder. */
  dir: string;
  /** The SKILL.md file. */
  path: string;
  /** sha256 over the folder's files: the skill's version. */
  hash: string;
}

/** What a skill produced, before timing is added. Extra fields of a JSON result are kept. */
export interface SkillOutcome {
  success: boolean;
  data?: unknown;
  error?: string;
  exitCode?: number;
  truncated?: boolean;
  [key: string]: unknown;
}

/** What a skill call returns, in the protocol of DESIGN.md. */
export interface SkillResult extends SkillOutcome {
  durationMs: number;
}

export const SKILL_NAME_PATTERN = /^[a-z0-9_-]{1,64}$/;
/** The tool that searches the skills left out of an overfull catalogue (see agent/catalogue.ts). */
export const FIND_SKILLS_TOOL = 'find_skills';
/** Tool names iAs gives the model itself: no skill may take one. */
export const RESERVED_TOOL_NAMES: ReadonlySet<string> = new Set([FIND_SKILLS_TOOL]);
export const MAX_SKILL_FILE_BYTES = 256 * 1024;
export const DEFAULT_TIMEOUT_SECS = 30;
/** Shorter would end a call before most programs have even started. */
export const MIN_TIMEOUT_SECS = 1;
export const MAX_TIMEOUT_SECS = 24 * 60 * 60;
