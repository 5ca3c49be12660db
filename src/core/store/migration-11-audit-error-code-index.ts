/**
 * An index of the audit rows that have an error code (the few calls iAs decided not to run), so
 * that a search for the words a reader sees for them ("refused", "已过期") finds them among a
 * million rows without reading each.
 */
export const auditErrorCodeIndexSchema = `
CREATE INDEX idx_audit_error_code ON audit_log (error_code) WHERE error_code IS NOT NULL;
`;
