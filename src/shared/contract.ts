/**
 * The one typed contract between the UI and the core. The desktop app carries it over Electron
 * IPC (src/main + src/preload), headless mode over HTTP + WebSocket; the renderer sees only this.
 * Plain types and constants: no Node, no DOM, no Electron.
 */

export type SkillRisk = 'low' | 'high';
export type SkillSource = 'system' | 'user';
export type SkillKind = 'script' | 'builtin' | 'instructions';

/** A skill as the skills list shows it. */
export interface SkillSummary {
  /** The tool name (the skill's folder name). */
  name: string;
  title: string;
  description: string;
  /** The effective risk: a user skill overriding a system skill never lowers it. */
  risk: SkillRisk;
  source: SkillSource;
  /** True when a user skill replaces a system skill of the same name. */
  overrides: boolean;
  kind: SkillKind;
}

/** What the UI can ask of the core. Every method is asynchronous, whatever the transport. */
export interface IasApi {
  /** The app's version. */
  version(): Promise<string>;
  /** The effective skills (system and user, user wins), sorted by name. */
  listSkills(): Promise<SkillSummary[]>;
}

export type ApiMethod = keyof IasApi;

/** Every method of {@link IasApi}, for transports that register or expose them one by one. */
export const API_METHODS = ['version', 'listSkills'] as const satisfies readonly ApiMethod[];

// API_METHODS must name every method of IasApi: this fails to compile when one is missing.
type Never<T extends never> = T;
type _AllMethodsListed = Never<Exclude<ApiMethod, (typeof API_METHODS)[number]>>;

/** The IPC channel that carries one method: `ias:<method>`. */
export function channel(method: ApiMethod): `ias:${ApiMethod}` {
  return `ias:${method}`;
}
