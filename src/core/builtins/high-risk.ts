/**
 * Built-ins that act outside iAs or on what runs later (mail sent, a shell command, a schedule
 * changed): a skill naming one is high risk whatever its SKILL.md says, so a system skill file
 * edited where the app is installed cannot let it run without approval. A built-in added with
 * such an effect belongs here.
 */
const ACT_OUTSIDE_IAS: ReadonlySet<string> = new Set(['email', 'execute_shell', 'manage_scheduled_task']);

/** Whether a skill naming the built-in `handler` is high risk, whatever its file declares. */
export const alwaysHighRisk = (handler: string): boolean => ACT_OUTSIDE_IAS.has(handler);
