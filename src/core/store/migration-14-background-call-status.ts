/**
 * How a call gone on in the background ended, as its card shows it (done, error, refused,
 * unconfirmed), kept beside its result: the result is what the model is told, which cannot always
 * tell (a call stopped while its approval waited was refused, and is told it was stopped). NULL on
 * jobs from before, whose card goes by the result as before.
 */
export const backgroundCallStatusSchema = `
ALTER TABLE background_jobs ADD COLUMN call_status TEXT;
`;
