/**
 * Built-ins that may be low risk: they read the clock or iAs's own tables, or fetch public
 * information. Every other built-in acts outside iAs or on what runs later (mail sent, a shell
 * command, a schedule changed) and is high risk whatever its SKILL.md says, so a system skill file
 * edited where the app is installed cannot let it run without approval, and a built-in added
 * later is high risk until it is named here.
 */
const MAY_BE_LOW_RISK: ReadonlySet<string> = new Set([
  'get_current_datetime',
  'list_scheduled_tasks',
  'query_weather',
  'search_web',
]);

/** Whether a skill naming the built-in `handler` is high risk, whatever its file declares. */
export const alwaysHighRisk = (handler: string): boolean => !MAY_BE_LOW_RISK.has(handler);
