/**
 * One run of a scheduled task: its prompt through the agent loop, with only its allowlisted skills.
 * A run does not end while calls of its turn go on in the background (one may wait for the owner's
 * approval): it waits for them, then a follow-up turn gives the model their results, and that
 * turn's reply is the run's result.
 */
import { iasNote } from '../../shared/ias-note.js';
import { taskConversationOf, taskOfConversation } from '../../shared/run-now-requests.js';
import type { Agent, EndedBackgroundCall, TurnResult } from '../agent/agent.js';
import { ProviderNotConfiguredError } from '../agent/providers.js';
import { addNotice } from '../agent/turn-lines.js';
import { turnMessage } from '../agent/turn-messages.js';
import type { ConversationsRepo } from '../store/conversations-repo.js';
import type { ScheduledTask } from '../store/tasks-repo.js';
import type { MissingSkills } from './missing-skills.js';
import { interruptedRun, notStartedRun, type TaskRunCause, type TaskRunOutcome } from './scheduler.js';

/** Each task keeps one conversation, so its runs can be read (and compared) later. */
export const taskConversationId = (task: ScheduledTask) => taskConversationOf(task.id);
/** The task whose conversation this is, by its id (undefined for any other conversation). */
export const taskIdOf = taskOfConversation;

/** Follow-up turns a run makes at most to tell the results of calls that went on in the background. */
const MAX_FOLLOW_UPS = 3;

const FOLLOW_UP =
  '[The calls that went on in the background have ended; their results are above. The owner is not ' +
  'watching this conversation: your reply to this message is sent to them as the result of the run, ' +
  'in place of your earlier reply. Say what was actually done.]';

/**
 * The run's last turn, once no call of it runs in the background: after each wait, a follow-up turn
 * tells the model the results. Stopped while waiting (iAs shutting down, or `signal`: its task
 * deleted), the turn is marked stopped;
 * calls that ended after the last follow-up are told in a notice.
 */
async function followUntilEnded(agent: Agent, first: TurnResult, signal?: AbortSignal): Promise<TurnResult> {
  let turn = first;
  let untold: EndedBackgroundCall[] = [];
  // A call may have gone on in the background and ended before its turn did: told all the same.
  const leftInBackground = () => turn.toolCalls.some((c) => c.status === 'background') || agent.running.size > 0;
  for (let followUps = 0; leftInBackground(); followUps++) {
    const waited = await agent.awaitBackground(signal);
    untold.push(...waited.ended);
    if (waited.stopped) return { ...turn, stopped: true };
    if (followUps === MAX_FOLLOW_UPS) break;
    try {
      turn = await agent.send(FOLLOW_UP, { conversationId: turn.conversationId, signal });
    } catch {
      // It could not begin (the owner writing in this conversation meanwhile, no model set now):
      // the run keeps the reply it had, its calls having run, and their ends are told in a notice.
      break;
    }
    // An answered follow-up was given the results (a failed one was too, but said nothing of them).
    if (turn.error === undefined && !turn.stopped) untold = [];
  }
  if (untold.length > 0 && turn.error === undefined && !turn.stopped) {
    addNotice(
      turn,
      turnMessage('calls-ended-after-reply', { calls: untold.map(({ name, status }) => ({ name, status })) }),
    );
  }
  return turn;
}

/** How a run goes: `signal` stops it (its task deleted); `missing`: allowed skills it does not have. */
export interface TaskRunOptions {
  signal?: AbortSignal;
  missing?: MissingSkills;
}

export async function runTaskTurn(
  task: ScheduledTask,
  agentFor: (task: ScheduledTask, cause: TaskRunCause) => Agent,
  conversations: ConversationsRepo,
  cause: TaskRunCause = 'schedule',
  { signal, missing }: TaskRunOptions = {},
): Promise<TaskRunOutcome> {
  const conversationId = taskConversationId(task);
  if (!conversations.get(conversationId)) conversations.create(conversationId, `⏰ ${task.name}`);
  // A run the owner asked for says so in its conversation, where its calls are read later.
  const asked = cause === 'owner' ? ", run now at the owner's request" : '';
  const prompt =
    `[Scheduled task "${task.name}"${asked}. The owner is not watching this conversation: ` +
    `your reply is sent to them as the task's result.]\n\n${task.prompt}`;
  const agent = agentFor(task, cause);
  let started: TurnResult;
  try {
    started = await agent.send(prompt, { conversationId, signal });
  } catch (err) {
    // No model to talk to: said with its code, so the owner reads why in their own language.
    if (err instanceof ProviderNotConfiguredError) return notStartedRun(err.message, err.messageCode);
    throw err;
  }
  const turn = await followUntilEnded(agent, started, signal);
  if (turn.error !== undefined) {
    const code = turn.errorCode ? { code: { code: 'run-failed' as const, params: { line: turn.errorCode } } } : {};
    return { success: false, text: turn.error, ...code };
  }
  // Stopped by iAs shutting down (a task's turn has no Stop button): what it said so far goes with it.
  if (turn.stopped) return interruptedRun(turn.reply.trim());
  // Skills it may use that it did not have: the run went on without them (the model is told
  // nothing new, as for any skill it is not given), and the owner is told which and why.
  if (missing && (missing.deleted.length > 0 || missing.off.length > 0)) {
    addNotice(turn, turnMessage('task-skills-missing', missing));
  }
  // The owner reads only this: how the run was answered goes with it (e.g. without skills).
  const notices = (turn.notices ?? []).map((n) => `\n\n${iasNote('en', n)}`).join('');
  const reply = turn.reply.trim();
  const outcome: TaskRunOutcome = { success: true, text: `${reply || '(no reply)'}${notices}` };
  // A code only where iAs says something in it: a plain reply is the model's words alone.
  const codes = turn.noticeCodes ?? [];
  if (reply === '' || codes.length > 0) {
    outcome.code = { code: 'run-answered', params: { reply, notices: codes } };
  }
  return outcome;
}
