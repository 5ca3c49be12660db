/**
 * A round's reply as the conversation keeps it: the assistant message, with the calls it makes
 * (under their own ids), its reasoning and what its provider wants back with it (for it alone),
 * stored in the first commit that needs it; and each call's result, stored as the call ends. The
 * turn's next request gets the reply and each result once the commit that stored it went through.
 */
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { ConversationsRepo, StoredToolCall } from '../store/conversations-repo.js';
import type { AfterCommit } from './after-commit.js';
import type { TurnResult } from './agent.js';
import { detailsWithOwnIds } from './call-ids.js';
import { toApiMessage } from './history.js';
import type { StreamedReply, StreamedToolCall } from './stream.js';
import type { StartedTool, ToolCallRecord } from './tool-calls.js';
import { hasLines, storeLines } from './turn-lines.js';

/** Where a turn's replies go (one for the turn, shared by its rounds). */
export interface ReplyPlace {
  conversations: ConversationsRepo;
  /** The store's transaction (see AgentOptions.atomically). */
  atomically: <T>(fn: () => T) => T;
  /** The tool calls' commits (see AfterCommit). */
  commits: AfterCommit;
  conversationId: string;
  /** The provider's key (see providerKey): the reply's parts wanted back go to it alone. */
  provider: string;
  /** The turn's messages so far, sent with its next request. */
  current: ChatCompletionMessageParam[];
}

export class RoundReply {
  /** The calls the reply makes, as stored with it. */
  readonly calls: StoredToolCall[];
  /** What this provider wants back with the reply, kept with it (for it alone). */
  private readonly forProvider: {
    reasoningField?: 'reasoning_content';
    reasoningDetails?: Record<string, unknown>[];
    from?: string;
  };
  /** Marked stored only once the write that made it went through whole. */
  private stored = false;

  /** `toolCalls`: the calls of `reply` that are made, under their own ids (see withOwnIds). */
  constructor(
    private readonly place: ReplyPlace,
    private readonly reply: StreamedReply,
    toolCalls: StreamedToolCall[],
    answered: boolean,
  ) {
    this.calls = toolCalls.map((c) => ({
      id: c.id,
      name: c.name,
      arguments: c.arguments,
      ...(c.extra ? { extra: c.extra } : {}),
    }));
    const wantedBack = {
      ...(reply.reasoning && reply.reasoningField ? { reasoningField: reply.reasoningField } : {}),
      // The blocks of a reply cut short may be unsigned or belong to calls that never ran.
      ...(reply.reasoningDetails && answered
        ? { reasoningDetails: detailsWithOwnIds(reply.reasoningDetails, reply.toolCalls, toolCalls) }
        : {}),
    };
    this.forProvider =
      Object.keys(wantedBack).length > 0 || this.calls.some((c) => c.extra)
        ? { ...wantedBack, from: place.provider }
        : {};
  }

  /** Stores the reply with `calls` (when it has anything to store); `ends`: its write ends the turn. */
  private store(calls = this.calls, ends?: 'ends'): void {
    const { reply } = this;
    const { conversations, conversationId } = this.place;
    if (reply.content || calls.length > 0 || reply.reasoning) {
      const extra = {
        ...(calls.length ? { toolCalls: calls } : {}),
        ...(reply.reasoning ? { reasoning: reply.reasoning } : {}),
        ...this.forProvider,
      };
      conversations.append(conversationId, 'assistant', reply.content, extra, Date.now(), ends);
    } else if (ends) conversations.endTurn(conversationId);
  }

  /**
   * The turn's last reply (with `calls`), and the lines shown to the owner about how it went, in
   * one commit (whose last write ends the turn).
   */
  storeLast(turn: TurnResult, calls: StoredToolCall[]): void {
    if (!hasLines(turn)) this.store(calls, 'ends');
    else {
      this.place.atomically(() => {
        this.store(calls);
        storeLines(this.place.conversations, turn);
      });
    }
  }

  /** The reply of calls, added to the turn's next request. */
  sendNext(): void {
    const { reply } = this;
    const { conversationId, provider } = this.place;
    this.place.current.push(
      toApiMessage(
        {
          id: 0,
          conversationId,
          role: 'assistant',
          content: reply.content,
          createdAt: 0,
          toolCalls: this.calls,
          reasoning: reply.reasoning,
          ...this.forProvider,
        },
        provider,
      ),
    );
  }

  /**
   * Stores a call's result as the tool message (see ToolTurn.keep), with the reply first if it is
   * not stored yet. The reply goes in the first commit that needs it: the start of a call that may
   * change something (see storeWithStarts), or else the first result. Each result is stored as its
   * call ends (with the call's audit row), in that order.
   */
  readonly keep = (record: ToolCallRecord, job?: string): void => {
    if (!this.stored) this.store();
    const { conversations, conversationId } = this.place;
    const content = typeof record.result === 'string' ? record.result : JSON.stringify(record.result);
    conversations.append(conversationId, 'tool', content, {
      toolCallId: record.id,
      name: record.name,
      ...(job ? { job } : {}),
      ...(record.status === 'background' ? {} : { callStatus: record.status }),
      ...(record.code ? { resultCode: record.code } : {}),
    });
    // A commit that fails while the turn goes on (a call past its time limit that cannot be
    // stored as a background job, then kept when it ends) leaves the reply to store and the
    // result unsent.
    this.place.commits.then(() => {
      this.stored = true;
      this.place.current.push({ role: 'tool', tool_call_id: record.id, content });
    });
  };

  /** Calls that may change something are on record, with the reply, before any of them runs. */
  storeWithStarts(calls: StartedTool[]): void {
    const early = calls.filter((c) => c.recordsStart);
    if (early.length > 0) {
      this.place.atomically(() => {
        this.store();
        for (const c of early) c.recordStart();
      });
      this.stored = true;
    }
  }
}
