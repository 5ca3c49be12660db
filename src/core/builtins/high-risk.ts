/**
 * Built-ins that act outside iAs or on what runs later (mail sent, a shell command, a schedule
 * changed): a skill naming one is high risk whatever its SKILL.md says, so a system skill file
 * edited where the app is installed cannot let them run without approval.
 */
export const highRiskBuiltins: ReadonlySet<string> = new Set(['email', 'execute_shell', 'manage_scheduled_task']);
