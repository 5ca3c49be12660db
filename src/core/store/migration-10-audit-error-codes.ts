/**
 * The code of why a call did not run, beside the audit row's error (see shared/call-errors.ts), so
 * that the app and `ias audit` say it in the reader's language; the error stays what the model was
 * told. Rows from before get their code when their error is one of those texts exactly, word for
 * word as iAs wrote it for that skill; any other text is shown as it stands.
 */
export const auditErrorCodesSchema = `
ALTER TABLE audit_log ADD COLUMN error_code TEXT;
UPDATE audit_log SET error_code = CASE error
    WHEN '用户拒绝了你的调用：' || skill THEN '{"code":"call-refused"}'
    WHEN '用户没有确认操作：' || skill THEN '{"code":"call-unconfirmed"}'
    WHEN skill || ' did not run: high-risk skills are paused by the owner' THEN '{"code":"call-paused"}'
    WHEN skill || ' needs the owner''s approval, and no approval channel is set up' THEN '{"code":"call-no-channel"}'
    WHEN skill || ' did not run: iAs is shutting down'
      THEN '{"code":"call-cancelled","params":{"cause":"shutting-down"}}'
    WHEN skill || ' did not run: another iAs process closed this approval'
      THEN '{"code":"call-cancelled","params":{"cause":"closed-elsewhere"}}'
    WHEN skill || ' did not run: the skill ' || skill || ' was removed'
      THEN '{"code":"call-cancelled","params":{"cause":"skill-removed"}}'
    WHEN skill || ' did not run: no approval channel could reach the owner'
      THEN '{"code":"call-cancelled","params":{"cause":"no-channel"}}'
    WHEN skill || ' did not run: the call was stopped'
      THEN '{"code":"call-cancelled","params":{"cause":"stopped"}}'
  END
  WHERE status = 'refused';
`;
