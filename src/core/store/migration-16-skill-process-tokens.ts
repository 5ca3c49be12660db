/**
 * The token each skill call's processes carry in their environment (see skills/call-token.ts), kept
 * with the call's process group: when iAs was killed while the call ran, the next start ends by it
 * the processes that left the group as well (setsid, a daemon's double fork), even when the group's
 * leader is gone. NULL on rows from before and where no token is given (not Linux).
 */
export const skillProcessTokensSchema = `
ALTER TABLE skill_processes ADD COLUMN call_token TEXT;
`;
