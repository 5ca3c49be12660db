/**
 * Which skill an approval was asked for: the shipped one, the owner's own, or a user skill that
 * overrides a shipped one by name, reviewed or not (see shared/approval-messages.ts SkillOrigin), so
 * that every view of the approval can say so. Rows from before have none.
 */
export const approvalSkillOriginSchema = `
ALTER TABLE pending_approvals ADD COLUMN skill_origin TEXT;
`;
