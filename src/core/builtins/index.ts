/** In-process handlers behind built-in system skills, by the name their SKILL.md gives. */
import type { Skill } from '../skills/types.js';
import { getCurrentDatetime } from './datetime.js';

export interface BuiltinContext {
  signal: AbortSignal;
  skill: Skill;
  /** The skill's own configured variables. */
  env: Record<string, string>;
}

/** Returns the data of a successful call (or a `{success, ...}` result); throws to fail. */
export type BuiltinHandler = (params: Record<string, unknown>, context: BuiltinContext) => unknown;

export const builtinHandlers: Record<string, BuiltinHandler> = {
  get_current_datetime: getCurrentDatetime,
};
