/**
 * Who asks for the calls of a scheduled task's run (an audit row's and an approval's `requestedBy`):
 * the task's conversation; marked when the owner asked for the run now (Run now, `ias tasks run`),
 * so that the audit log tells it from a run its schedule started (both have the source 'schedule').
 * A chat's calls are asked for by its conversation; `ias skills run`'s by the terminal.
 * Plain functions: no Node, no DOM.
 */
const RUN_NOW = '/run-now';
const TASK = 'task-';

/** The requester of the calls `ias skills run` makes: no conversation, the owner at the terminal. */
export const TERMINAL_REQUESTER = 'terminal';

/** A scheduled task's conversation, by the task's id. */
export const taskConversationOf = (taskId: string) => `${TASK}${taskId}`;

/** The task whose conversation this is, by its id (undefined for any other conversation). */
export const taskOfConversation = (conversationId: string) =>
  conversationId.startsWith(TASK) ? conversationId.slice(TASK.length) : undefined;

/** The requester of the calls of a run the owner asked for now, in the task's conversation. */
export const runNowRequester = (conversationId: string) => `${conversationId}${RUN_NOW}`;

/** Whether the calls of `requestedBy` are those of a run the owner asked for now. */
export const isRunNowRequest = (requestedBy: string | null | undefined) => requestedBy?.endsWith(RUN_NOW) === true;

/** The conversation that a requester names. */
export const requestingConversation = (requestedBy: string) =>
  isRunNowRequest(requestedBy) ? requestedBy.slice(0, -RUN_NOW.length) : requestedBy;
