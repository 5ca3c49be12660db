/** In-process handlers behind built-in system skills, by the name their SKILL.md gives. */
import type { TaskScheduler } from '../scheduler/scheduler.js';
import type { Skill } from '../skills/types.js';
import type { AuditSource } from '../store/audit-types.js';
import { getCurrentDatetime } from './datetime.js';
import { checkEmail, email } from './email.js';
import { checkManageTask, listScheduledTasks, manageScheduledTask } from './scheduled-tasks.js';
import { checkShell, executeShell } from './shell.js';
import { searchWeb } from './search.js';
import { queryWeather } from './weather.js';

/** Who is calling, as the skill caller knows it. */
export interface CallInfo {
  source: AuditSource;
  /** The conversation or task that asked. */
  requestedBy?: string;
  /** The skills the caller may use (its turn's tools); undefined when not limited. */
  allowedSkills?: readonly string[];
}

/** Parts of the running app that some built-in skills act on. */
export interface BuiltinServices {
  scheduler?: TaskScheduler;
  /** The names of all skills there are. */
  knownSkills?: () => string[];
  /** The owner's time zone (the setting, else the computer's): where "now" is read by default. */
  timeZone?: () => string;
}

export interface BuiltinContext {
  signal: AbortSignal;
  skill: Skill;
  /** The skill's own configured variables. */
  env: Record<string, string>;
  call: CallInfo;
  services: BuiltinServices;
  /** To be told each process the handler starts (and the token its processes carry). */
  onSpawn?: (pid: number, callToken?: string) => void;
}

/**
 * Checks a call before anything else happens (before the owner is asked to approve it): throws
 * with what is wrong. For what a JSON Schema cannot say simply (one action's required fields, a
 * cron expression). Its answer goes to the model without the owner's say: it never tells whether
 * a path exists (that waits for the approval).
 */
export type BuiltinCheck = (
  params: Record<string, unknown>,
  context: Omit<BuiltinContext, 'signal'>,
) => void | Promise<void>;

/** Returns the data of a successful call (or a `{success, ...}` result); throws to fail. */
export type BuiltinHandler = (params: Record<string, unknown>, context: BuiltinContext) => unknown;

export const builtinHandlers: Record<string, BuiltinHandler> = {
  email,
  get_current_datetime: getCurrentDatetime,
  list_scheduled_tasks: listScheduledTasks,
  manage_scheduled_task: manageScheduledTask,
  execute_shell: executeShell,
  query_weather: queryWeather,
  search_web: searchWeb,
};

/**
 * Built-ins that change nothing and reach nothing outside iAs (they read the clock, or iAs's own
 * tables). A call to one is written to the audit log once, when it ends, with its result: there is
 * no effect for an earlier record to precede.
 */
export const effectFreeBuiltins: ReadonlySet<string> = new Set(['get_current_datetime', 'list_scheduled_tasks']);

/** Checks run before a built-in call goes further, by handler name. */
export const builtinChecks: Record<string, BuiltinCheck> = {
  email: checkEmail,
  manage_scheduled_task: checkManageTask,
  execute_shell: checkShell,
};
