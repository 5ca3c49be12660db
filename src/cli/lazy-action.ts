/**
 * A command's action whose code is imported when the command runs, not when `ias` starts: each
 * command loads only what it needs (`ias --version` or `ias tasks --help` no model client, skill
 * runner or server). The command's definition (options, help) stays in its `*-command.ts`.
 */
export function lazyAction<A extends unknown[]>(
  load: () => Promise<(...args: A) => void | Promise<void>>,
): (...args: A) => Promise<void> {
  return async (...args) => {
    const action = await load();
    await action(...args);
  };
}
