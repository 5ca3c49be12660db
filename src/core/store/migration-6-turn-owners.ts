/**
 * The iAs process whose turn is under way in a conversation (same identity as the owners of
 * migration 4): set with the owner's message, cleared with the turn's last write. One left set by
 * a process that is gone marks a turn cut off when iAs stopped (see agent/cut-off-turns.ts).
 */
export const turnOwnersSchema = `
ALTER TABLE conversations ADD COLUMN turn_owner_pid INTEGER;
ALTER TABLE conversations ADD COLUMN turn_owner_identity TEXT;
`;
