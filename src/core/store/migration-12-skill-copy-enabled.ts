/**
 * Whether the owner's copy of a system skill (a user skill overriding it by name) is switched on,
 * kept apart from the system skill's own switch: deleting the copy leaves the system skill as the
 * owner had set it. NULL: the copy is as the system skill is (a copy starts so).
 */
export const skillCopyEnabledSchema = `
ALTER TABLE skill_settings ADD COLUMN copy_enabled INTEGER;
`;
