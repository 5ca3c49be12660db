/**
 * Who asks for the calls of a scheduled task's run (an audit row's and an approval's `requestedBy`):
 * the task's conversation; marked when the owner asked for the run now (Run now, `ias tasks run`),
 * so that the audit log tells it from a run its schedule started (both have the source 'schedule').
 * Plain functions: no Node, no DOM.
 */
const RUN_NOW = '/run-now';

/** The requester of the calls of a run the owner asked for now, in the task's conversation. */
export const runNowRequester = (conversationId: string) => `${conversationId}${RUN_NOW}`;

/** Whether the calls of `requestedBy` are those of a run the owner asked for now. */
export const isRunNowRequest = (requestedBy: string | null | undefined) => requestedBy?.endsWith(RUN_NOW) === true;

/** The conversation that a requester names. */
export const requestingConversation = (requestedBy: string) =>
  isRunNowRequest(requestedBy) ? requestedBy.slice(0, -RUN_NOW.length) : requestedBy;
