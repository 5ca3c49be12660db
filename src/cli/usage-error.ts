/** A mistake in how a command was called: exit code 2. */
export class UsageError extends Error {}
