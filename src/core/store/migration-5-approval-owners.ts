/**
 * The iAs process that opened an approval (same identity as a call's owner, see migration 4): an
 * approval left open by a process that has ended (`ias chat` killed while its approval was pending)
 * is cancelled by whichever process meets it next, instead of holding up every later one; and an
 * approval of another iAs process that still runs is its own, not a leftover to cancel at start-up.
 */
export const approvalOwnersSchema = `
ALTER TABLE pending_approvals ADD COLUMN owner_pid INTEGER;
ALTER TABLE pending_approvals ADD COLUMN owner_identity TEXT;
`;
