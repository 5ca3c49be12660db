/** The chat side of the contract: conversations, and turns whose events stream as `chat` events. */
import { randomUUID } from 'node:crypto';
import type { ChatEvent, ChatMessage, IasApi, IasEvent } from '../../shared/contract.js';
import type { AgentEvent } from '../agent/agent.js';
import { CODE_IN_CHAT_ERRORS } from '../approval/code-in-chat-errors.js';
import { conversationTitle } from '../agent/conversation-title.js';
import { markCutOffTurns } from '../agent/cut-off-turns.js';
import { MAX_MESSAGE_CHARS, messageTooLong } from '../../shared/message-size.js';
import { ProviderNotConfiguredError } from '../agent/providers.js';
import { apiError } from './api-error.js';
import type { Runtime } from '../runtime.js';
import type { BackgroundJob } from '../store/background-jobs-repo.js';
import type { StoredMessage } from '../store/conversations-repo.js';
import type { ToolErrorCode } from '../../shared/tool-errors.js';

type ChatMethods = Pick<
  IasApi,
  | 'listConversations'
  | 'getConversation'
  | 'getMessages'
  | 'sendMessage'
  | 'stopTurn'
  | 'renameConversation'
  | 'deleteConversation'
>;

function toChatEvent(event: AgentEvent): ChatEvent {
  switch (event.type) {
    case 'delta':
    case 'reasoning':
      return { kind: event.type, text: event.text };
    case 'moved':
      return { kind: 'moved', to: event.to, text: event.text };
    case 'tool-call':
      return { kind: 'tool-call', id: event.id, name: event.name, arguments: event.arguments };
    case 'tool-result':
      return {
        kind: 'tool-result',
        id: event.id,
        name: event.name,
        status: event.status,
        result: event.result,
        ...(event.code ? { code: event.code } : {}),
      };
    case 'background-result':
      return {
        kind: 'background-result',
        id: event.id,
        name: event.name,
        status: event.status,
        result: event.result,
        ...(event.code ? { code: event.code } : {}),
      };
    case 'retry':
      return { kind: 'retry', message: event.message, delayMs: event.delayMs, messageCode: event.messageCode };
    case 'notice':
      return { kind: 'notice', message: event.message, messageCode: event.messageCode };
    case 'error':
      return { kind: 'error', message: event.message, messageCode: event.messageCode };
  }
}

/** The tool messages of calls gone on in the background, with how far each got (its job's record). */
export function withBackgroundJobs(messages: StoredMessage[], jobs: BackgroundJob[]): ChatMessage[] {
  if (jobs.length === 0) return messages;
  const byId = new Map(jobs.map((job) => [job.id, job]));
  // Tool messages stored before they named their job: the call id names it, unless the model
  // reused that id for another call sent to the background in this conversation.
  const unnamed = (m: StoredMessage) => m.role === 'tool' && !m.job && m.content.startsWith(STILL_RUNNING);
  const uses = new Map<string | undefined, number>();
  for (const m of messages.filter(unnamed)) uses.set(m.toolCallId, (uses.get(m.toolCallId) ?? 0) + 1);
  const jobOf = (m: StoredMessage): BackgroundJob | undefined => {
    if (m.role === 'tool' && m.job) return byId.get(m.job);
    return unnamed(m) && m.toolCallId && uses.get(m.toolCallId) === 1 ? byId.get(m.toolCallId) : undefined;
  };
  return messages.map((message) => {
    const job = jobOf(message);
    if (!job) return message;
    if (job.status === 'running') return { ...message, background: { status: 'running' } };
    // A result is stored as JSON text (see BackgroundJobsRepo.finish).
    if (job.result === null) return { ...message, background: { status: 'interrupted' } };
    const result = JSON.parse(job.result) as unknown;
    // How it ended, when its job kept it (not on jobs from before): what the model is told cannot always tell.
    const ended = job.callStatus ? { callStatus: job.callStatus } : {};
    const why = job.resultCode ? { code: JSON.parse(job.resultCode) as ToolErrorCode } : {};
    return { ...message, background: { status: 'ended', result, ...ended, ...why } };
  });
}

/** How the tool message of a call gone on in the background begins (see Agent.startTool). */
const STILL_RUNNING = '{"status":"running in background"';

export function chatApi(runtime: Runtime, emit: (event: IasEvent) => void): ChatMethods & { close(): Promise<void> } {
  const { conversations } = runtime.store;
  /** The turn in progress in each conversation, and how to stop it. */
  const turns = new Map<string, { turnId: string; controller: AbortController }>();
  const turnOf = new Map<string, string>();
  const running = new Set<Promise<void>>();
  const agent = runtime.agent({
    onEvent: (event) => {
      const turnId = turnOf.get(event.conversationId) ?? 'background';
      emit({ type: 'chat', conversationId: event.conversationId, turnId, event: toChatEvent(event) });
    },
  });

  return {
    async listConversations(page) {
      return page ? conversations.list(page.limit, page.after) : conversations.list();
    },
    async getConversation(conversationId) {
      return conversations.get(conversationId) ?? null;
    },
    async getMessages(conversationId, page) {
      // A turn cut off by another iAs process that stopped (`ias chat` killed) says so as it is read,
      // and so do the calls it left going on in the background.
      markCutOffTurns(conversations, runtime.store.atomically, [conversationId]);
      runtime.store.jobs.interruptLeft(conversationId);
      const query = typeof page === 'number' ? { limit: page } : page;
      const read = query ? conversations.page(conversationId, query) : undefined;
      const messages = read ? read.messages : conversations.messages(conversationId);
      const found = withBackgroundJobs(messages, runtime.store.jobs.ofConversation(conversationId));
      // Read after the messages: a turn that ended meanwhile is told again by its last write.
      const last = found.length - 1;
      if (last >= 0 && query?.before === undefined && conversations.turnOwner(conversationId))
        found[last] = { ...found[last]!, underWay: true };
      const [first, ...rest] = found;
      return first && (read?.first ?? true) ? [{ ...first, first: true }, ...rest] : found;
    },
    async sendMessage({ conversationId, text }) {
      // Before a new conversation takes the text as its title (the agent refuses both too).
      if (messageTooLong(text)) throw apiError('message-too-long', { max: MAX_MESSAGE_CHARS });
      const held = runtime.gate.holdsCode(text);
      if (held) throw apiError(CODE_IN_CHAT_ERRORS[held], {});
      if (conversationId && !conversations.get(conversationId))
        throw apiError('no-conversation', { id: conversationId });
      // A turn under way there: this window's, or another's (WeChat's agent, `ias chat`, the app).
      if (conversationId && (turns.has(conversationId) || conversations.turnUnderWay(conversationId)))
        throw apiError('reply-in-progress', {});
      // No model it can use (the settings changed since the page was read): refused before a new
      // conversation or the message is stored, saying why, so the owner keeps the text and can mend it.
      try {
        runtime.provider();
      } catch (err) {
        if (!(err instanceof ProviderNotConfiguredError)) throw err;
        throw apiError('no-usable-model', { message: err.message, messageCode: err.messageCode });
      }
      const id = conversationId ?? randomUUID();
      if (!conversationId) conversations.create(id, conversationTitle(text));
      const turnId = randomUUID();
      const controller = new AbortController();
      turns.set(id, { turnId, controller });
      turnOf.set(id, turnId);
      const work = agent
        .send(text, { conversationId: id, signal: controller.signal })
        .then(
          (turn) => {
            const done: ChatEvent = { kind: 'done', reply: turn.reply, rounds: turn.rounds };
            if (turn.stopped) done.stopped = true;
            if (turn.error) done.error = turn.error;
            if (turn.error && turn.errorCode) done.errorCode = turn.errorCode;
            emit({ type: 'chat', conversationId: id, turnId, event: done });
          },
          (err: unknown) => {
            const message = err instanceof Error ? err.message : String(err);
            // No model to talk to: said in the UI's language.
            const code = err instanceof ProviderNotConfiguredError ? { errorCode: err.messageCode } : {};
            emit({
              type: 'chat',
              conversationId: id,
              turnId,
              event: { kind: 'done', reply: '', rounds: 0, error: message, ...code },
            });
          },
        )
        .finally(() => {
          turns.delete(id);
          running.delete(work);
        });
      running.add(work);
      return { conversationId: id, turnId };
    },
    async stopTurn(turnId) {
      for (const turn of turns.values()) if (turn.turnId === turnId) turn.controller.abort();
    },
    async renameConversation(conversationId, title) {
      if (!conversations.rename(conversationId, title.trim()))
        throw apiError('no-conversation', { id: conversationId });
    },
    async deleteConversation(conversationId) {
      turns.get(conversationId)?.controller.abort();
      conversations.delete(conversationId);
    },
    async close() {
      for (const turn of turns.values()) turn.controller.abort();
      await Promise.allSettled([...running, ...agent.running]);
    },
  };
}
