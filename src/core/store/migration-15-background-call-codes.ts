/**
 * Why a call gone on in the background did not run, when iAs said it (a refusal, a cancelled
 * approval), as its code (JSON, see shared/tool-errors.ts) beside how it ended: its card says it in
 * the UI's language while the model is told the words it always was. NULL on other jobs and on jobs
 * from before, whose card shows what the model was told.
 */
export const backgroundCallCodesSchema = `
ALTER TABLE background_jobs ADD COLUMN result_code TEXT;
`;
