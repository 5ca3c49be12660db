/** One run of a scheduled task: its prompt through the agent loop, with only its allowlisted skills. */
import type { Agent } from '../agent/agent.js';
import type { ConversationsRepo } from '../store/conversations-repo.js';
import type { ScheduledTask } from '../store/tasks-repo.js';
import type { TaskRunOutcome } from './scheduler.js';

/** Each task keeps one conversation, so its runs can be read (and compared) later. */
export const taskConversationId = (task: ScheduledTask) => `task-${task.id}`;
/** The task whose conversation this is, by its id (undefined for any other conversation). */
export const taskIdOf = (conversationId: string) =>
  conversationId.startsWith('task-') ? conversationId.slice('task-'.length) : undefined;

export async function runTaskTurn(
  task: ScheduledTask,
  agentFor: (task: ScheduledTask) => Agent,
  conversations: ConversationsRepo,
): Promise<TaskRunOutcome> {
  const conversationId = taskConversationId(task);
  if (!conversations.get(conversationId)) conversations.create(conversationId, `⏰ ${task.name}`);
  const prompt =
    `[Scheduled task "${task.name}". The owner is not watching this conversation: ` +
    `your reply is sent to them as the task's result.]\n\n${task.prompt}`;
  const turn = await agentFor(task).send(prompt, { conversationId });
  if (turn.error !== undefined) return { success: false, text: turn.error };
  if (turn.stopped) {
    // Stopped by iAs shutting down (a task's turn has no Stop button): what it said so far goes with it.
    const said = turn.reply.trim();
    return {
      success: false,
      interrupted: true,
      text: `iAs stopped before this run finished.${said ? `\n\n${said}` : ''}`,
    };
  }
  // The owner reads only this: how the run was answered goes with it (e.g. without skills).
  const notices = (turn.notices ?? []).map((n) => `\n\n[iAs: ${n}]`).join('');
  return { success: true, text: `${turn.reply.trim() || '(no reply)'}${notices}` };
}
