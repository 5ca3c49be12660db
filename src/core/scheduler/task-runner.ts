/** One run of a scheduled task: its prompt through the agent loop, with only its allowlisted skills. */
import { taskConversationOf, taskOfConversation } from '../../shared/run-now-requests.js';
import type { Agent } from '../agent/agent.js';
import type { ConversationsRepo } from '../store/conversations-repo.js';
import type { ScheduledTask } from '../store/tasks-repo.js';
import { clip, interruptedRun, type TaskRunCause, type TaskRunOutcome } from './scheduler.js';

/** Each task keeps one conversation, so its runs can be read (and compared) later. */
export const taskConversationId = (task: ScheduledTask) => taskConversationOf(task.id);
/** The task whose conversation this is, by its id (undefined for any other conversation). */
export const taskIdOf = taskOfConversation;

export async function runTaskTurn(
  task: ScheduledTask,
  agentFor: (task: ScheduledTask, cause: TaskRunCause) => Agent,
  conversations: ConversationsRepo,
  cause: TaskRunCause = 'schedule',
): Promise<TaskRunOutcome> {
  const conversationId = taskConversationId(task);
  if (!conversations.get(conversationId)) conversations.create(conversationId, `⏰ ${task.name}`);
  // A run the owner asked for says so in its conversation, where its calls are read later.
  const asked = cause === 'owner' ? ", run now at the owner's request" : '';
  const prompt =
    `[Scheduled task "${task.name}"${asked}. The owner is not watching this conversation: ` +
    `your reply is sent to them as the task's result.]\n\n${task.prompt}`;
  const turn = await agentFor(task, cause).send(prompt, { conversationId });
  if (turn.error !== undefined) {
    const code = turn.errorCode ? { code: { code: 'run-failed' as const, params: { line: turn.errorCode } } } : {};
    return { success: false, text: turn.error, ...code };
  }
  // Stopped by iAs shutting down (a task's turn has no Stop button): what it said so far goes with it.
  if (turn.stopped) return interruptedRun(turn.reply.trim());
  // The owner reads only this: how the run was answered goes with it (e.g. without skills).
  const notices = (turn.notices ?? []).map((n) => `\n\n[iAs: ${n}]`).join('');
  const reply = turn.reply.trim();
  const outcome: TaskRunOutcome = { success: true, text: `${reply || '(no reply)'}${notices}` };
  // A code only where iAs says something in it: a plain reply is the model's words alone.
  const codes = turn.noticeCodes ?? [];
  if (reply === '' || codes.length > 0) {
    outcome.code = { code: 'run-answered', params: { reply: clip(reply), notices: codes } };
  }
  return outcome;
}
