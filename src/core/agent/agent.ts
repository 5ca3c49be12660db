/**
 * The agent loop: one turn of a conversation. Streams the reply, offers the enabled skills as
 * tools (one snapshot per turn), runs up to 5 rounds of tool calls, then forces a reply without
 * tools (declared all the same to a server that refuses a history of calls without them, see
 * ServerMends; calls made then are not run). A tool call gets 8 s; past that it goes on in the
 * background and its result joins the next turn. Invalid calls go back to the model as errors and
 * run nothing; calls of a reply cut at the output limit are not made. A reply cut short (output
 * limit, content filter), or one of thinking alone, says so. A server that sends no byte of its
 * reply for 15 s is said to be still awaited (a notice, once a turn).
 */
import { randomUUID } from 'node:crypto';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { SkillCaller } from '../approval/call-skill.js';
import type { AuditSource } from '../store/audit-types.js';
import type { BackgroundJobsRepo } from '../store/background-jobs-repo.js';
import type { ConversationsRepo } from '../store/conversations-repo.js';
import type { Skill } from '../skills/types.js';
import type { ToolErrorCode } from '../../shared/tool-errors.js';
import { DEFAULT_TIME_ZONE } from '../builtins/datetime.js';
import { AfterCommit } from './after-commit.js';
import { buildCatalogue } from './catalogue.js';
import { callIdsIn, withOwnIds } from './call-ids.js';
import { fitToBudget, historyOf } from './history.js';
import { ProviderRequests } from './provider-request.js';
import { providerKey, type ProviderConfig } from './providers.js';
import type { ServerMends } from './server-mends.js';
import { systemPrompt } from './system-prompt.js';
import { settleCutOffTurn } from './cut-off-turns.js';
import { RoundReply, type ReplyPlace } from './round-reply.js';
import { addNotice, failureLine, setError, storeLines } from './turn-lines.js';
import {
  ToolCalls,
  type EndedBackgroundCall,
  type EndedCallStatus,
  type ToolCallRecord,
  type ToolCallStatus,
} from './tool-calls.js';
import { TurnsInProgress } from './turns-in-progress.js';
import { MessageRefusedError } from './message-refused.js';
import { messageTooLong } from '../../shared/message-size.js';
import { MessageTooLongError } from './message-size.js';
import { TurnUnderWayError } from './turn-under-way.js';
import { ConversationDeletedError } from './conversation-deleted.js';
import { conversationTitle } from './conversation-title.js';
import { codeOf, turnMessage, type MessageCode, type TurnMessage } from './turn-messages.js';

export type { EndedBackgroundCall, EndedCallStatus, ToolCallRecord, ToolCallStatus };

export type AgentEvent =
  | { type: 'delta'; conversationId: string; text: string }
  | { type: 'reasoning'; conversationId: string; text: string }
  /**
   * All that streamed so far of the reply under way (this request's) as text was thinking (`to:
   * 'reasoning'`: a lone `</think>` came), or what streamed as reasoning was text (`to: 'text'`).
   */
  | { type: 'moved'; conversationId: string; to: 'reasoning' | 'text'; text: string }
  | { type: 'tool-call'; conversationId: string; id: string; name: string; arguments: string }
  | {
      type: 'tool-result';
      conversationId: string;
      id: string;
      name: string;
      status: ToolCallStatus;
      result: unknown;
      /** Why it did not run, by its code, when iAs said it (see shared/tool-errors.ts). */
      code?: ToolErrorCode;
    }
  | {
      type: 'background-result';
      conversationId: string;
      id: string;
      name: string;
      status: EndedCallStatus;
      result: unknown;
      /** Why it did not run, by its code, when iAs said it (see shared/tool-errors.ts). */
      code?: ToolErrorCode;
    }
  | { type: 'retry'; conversationId: string; message: string; delayMs: number; messageCode: MessageCode }
  /** Something the owner should know about how this turn is answered (e.g. a model without tools). */
  | { type: 'notice'; conversationId: string; message: string; messageCode: MessageCode }
  | { type: 'error'; conversationId: string; message: string; messageCode: MessageCode };

export interface TurnResult {
  conversationId: string;
  reply: string;
  reasoning: string;
  rounds: number;
  toolCalls: ToolCallRecord[];
  /** A provider failure, as a person can read it. */
  error?: string;
  /** The failure's code and parameters (see turn-messages), to say it in another language. */
  errorCode?: MessageCode;
  /** How the turn was answered, worth knowing (e.g. a model that cannot use tools). */
  notices?: string[];
  /** Each notice's code and parameters, in the same order. */
  noticeCodes?: MessageCode[];
  stopped?: boolean;
}

export interface AgentOptions {
  provider: () => ProviderConfig;
  conversations: ConversationsRepo;
  jobs: BackgroundJobsRepo;
  caller: SkillCaller;
  /** The skills offered as tools this turn (enabled ones; the background policy's allowlist). */
  skills: () => Skill[];
  source?: AuditSource;
  /** Who asks for the calls (audit rows, approvals), when not the conversation (a task run now). */
  requestedBy?: string;
  /** The owner's time zone, for the system prompt: a name, or where to read it each turn. */
  timeZone?: string | (() => string);
  toolTimeoutMs?: number;
  maxToolRounds?: number;
  historyBudgetTokens?: number;
  retries?: number;
  /** The longest retry-after we wait for before giving up. */
  maxRetryAfterMs?: number;
  /** How long a request waits for the server's answer to begin before it times out (default 120 s). */
  timeoutMs?: number;
  /** After how long without any byte of the reply the owner is told it is still awaited (default 15 s). */
  waitNoticeAfterMs?: number;
  onEvent?: (event: AgentEvent) => void;
  /** The store's transaction: writes made at one moment commit together. */
  atomically: <T>(fn: () => T) => T;
  /** What servers were learnt to want (see ServerMends); shared by the agents of one runtime. */
  mends?: ServerMends;
  /** The turns under way, stopped at shutdown; shared by the agents of one runtime. */
  turns?: TurnsInProgress;
  /** Why the owner's message must not go to the model (it holds an approval code), or undefined. */
  refuseMessage?: (text: string) => string | undefined;
}

export class Agent {
  /** Asks the provider (with retries, and the mends each server was learnt to want). */
  private readonly requests: ProviderRequests;
  /** The turn's tool calls, and those gone on in the background. */
  private readonly tools: ToolCalls;
  /** The tool calls' commits, and what the turn keeps in memory of each once it went through. */
  private readonly commits: AfterCommit;

  /** The turns under way (see TurnsInProgress). */
  private readonly turns: TurnsInProgress;

  constructor(private readonly options: AgentOptions) {
    this.requests = new ProviderRequests(options);
    this.turns = options.turns ?? new TurnsInProgress();
    this.commits = new AfterCommit(options.atomically);
    this.tools = new ToolCalls(
      { ...options, turns: this.turns, atomically: <T>(fn: () => T): T => this.commits.run(fn) },
      (event) => this.emit(event),
    );
  }

  /** Background calls still running, so a caller can wait for them (tests, shutdown). */
  get running(): Set<Promise<void>> {
    return this.tools.running;
  }

  /** Whether conversation `id` is there to go on with (its owner may have deleted it). */
  hasConversation(id: string): boolean {
    return this.options.conversations.get(id) !== undefined;
  }

  /** Stops the calls still running in the background (an approval they wait for is cancelled). */
  stopBackground(): void {
    this.tools.stopBackground();
  }

  /**
   * Waits until this agent's calls gone on in the background have ended (run once approved,
   * refused, expired, failed). Counted among the turns under way: stopping them (iAs shutting
   * down) stops these calls too, and then `stopped` is true. `ended`: the background calls that
   * ended since the last wait, the skill and how each ended (a scheduled run's agent only: see
   * ToolCalls.keepEnded). `stopSignal` stops them too, as the owner's Stop stops a turn.
   */
  async awaitBackground(stopSignal?: AbortSignal): Promise<{ stopped: boolean; ended: EndedBackgroundCall[] }> {
    return this.turns.run(stopSignal, async (signal) => {
      const stop = () => this.tools.stopBackground();
      signal.addEventListener('abort', stop, { once: true });
      if (signal.aborted) stop();
      try {
        while (this.running.size > 0) await Promise.allSettled([...this.running]);
      } finally {
        signal.removeEventListener('abort', stop);
      }
      return { stopped: signal.aborted, ended: this.tools.takeEnded() };
    });
  }

  /** The owner's time zone now (a setting changed since this agent was made counts). */
  private timeZone(): string {
    const zone = this.options.timeZone;
    return (typeof zone === 'function' ? zone() : zone) ?? DEFAULT_TIME_ZONE;
  }

  private emit(event: AgentEvent): void {
    this.options.onEvent?.(event);
  }

  /**
   * One turn: the user's message in, the assistant's reply out (with everything stored). A turn
   * that fails on iAs's side (a result that cannot be stored, the database busy past its wait)
   * stores a line saying so, as best it can, and throws its error. Refused (TurnUnderWayError),
   * with nothing stored, while another turn is under way in the conversation. `onBegun` is told the
   * conversation once the owner's message is stored in it, so that a caller keeps it even when the
   * turn then throws (a new conversation's id is known only from the turn). A message past
   * MAX_MESSAGE_CHARS is refused (MessageTooLongError), with nothing stored.
   */
  async send(
    text: string,
    options: { conversationId?: string; signal?: AbortSignal; onBegun?: (conversationId: string) => void } = {},
  ): Promise<TurnResult> {
    const { conversations } = this.options;
    // Refused before anything is stored or sent (MessageTooLongError, MessageRefusedError).
    if (messageTooLong(text)) throw new MessageTooLongError();
    const refused = this.options.refuseMessage?.(text);
    if (refused !== undefined) throw new MessageRefusedError(refused);
    const conversationId = options.conversationId ?? randomUUID();
    const config = this.options.provider();
    const current: ChatCompletionMessageParam[] = [];
    // The user's message (in a new conversation, or after the background results it brings) in
    // one commit, which also reads the turn's skills and names this process the turn's owner.
    const { earlier, skills } = this.options.atomically(() => {
      if (!conversations.get(conversationId)) {
        // Deleted since the caller chose it (from the app, or another iAs process).
        if (options.conversationId) throw new ConversationDeletedError(options.conversationId);
        conversations.create(conversationId, conversationTitle(text));
      }
      // The turn before, cut off when its iAs stopped, says so before this one begins.
      settleCutOffTurn(conversations, conversationId);
      // One turn at a time in a conversation (whichever agent or iAs process runs it): refused
      // before anything is stored, as its owner's message would come between a call and its result.
      if (conversations.turnUnderWay(conversationId)) throw new TurnUnderWayError(conversationId);
      const before = historyOf(conversations.messages(conversationId), providerKey(config));
      // Results of background calls that finished since the last turn join this one (and calls an
      // iAs process killed since then left running, as interrupted).
      this.options.jobs.interruptLeft(conversationId);
      for (const job of this.options.jobs.undelivered(conversationId)) {
        const note = `Background call ${job.skill ?? ''} (${job.id}) ${job.status === 'interrupted' ? 'was interrupted: iAs stopped before it finished' : `finished: ${job.result}`}`;
        conversations.append(conversationId, 'system', note, { note: true });
        current.push({ role: 'system', content: note });
        this.options.jobs.markDelivered(job.id);
      }
      conversations.append(conversationId, 'user', text, {}, Date.now(), 'begins');
      current.push({ role: 'user', content: text });
      return { earlier: before, skills: this.options.skills() };
    });
    try {
      options.onBegun?.(conversationId);
    } catch {
      // The turn has begun: what its caller fails to keep of it cannot leave it under way.
    }
    const turn: TurnResult = { conversationId, reply: '', reasoning: '', rounds: 0, toolCalls: [] };
    const ending = { stored: false };
    // Under way (see turnUnderWay) from the commit that began it until it has stored how it ended.
    return conversations.runTurn(conversationId, async () => {
      try {
        return await this.turns.run(options.signal, (signal) =>
          this.loop(turn, { text, config, earlier, current, skills }, ending, signal),
        );
      } catch (error) {
        if (ending.stored) throw error;
        // Its conversation deleted while it ran: there is nowhere to store how it ended.
        if (this.deleted(conversationId)) {
          const deleted = new ConversationDeletedError(conversationId, error);
          setError(turn, deleted.line);
          this.sayFailure(turn, deleted.line);
          throw deleted;
        }
        this.storeFailure(turn, error);
        throw error;
      }
    });
  }

  /**
   * A turn that failed on iAs's side: its lines, with the failure, end it (as best they can: when
   * the store is what failed, this may fail too, and the turn's own error is what the caller gets).
   */
  private storeFailure(turn: TurnResult, error: unknown): void {
    const line = failureLine(error);
    setError(turn, line);
    try {
      this.options.atomically(() => storeLines(this.options.conversations, turn));
    } catch {
      // Nothing more can be stored: the error itself still reaches the caller.
    }
    this.sayFailure(turn, line);
  }

  /** Whether the conversation is no longer there (when that cannot be read, it is taken to be there). */
  private deleted(conversationId: string): boolean {
    try {
      return this.options.conversations.get(conversationId) === undefined;
    } catch {
      return false;
    }
  }

  /** Tells whoever listens how the turn failed. */
  private sayFailure(turn: TurnResult, line: TurnMessage): void {
    try {
      this.emit({
        type: 'error',
        conversationId: turn.conversationId,
        message: line.message,
        messageCode: codeOf(line),
      });
    } catch {
      // Whoever listens cannot replace the turn's own error with theirs.
    }
  }

  /** The turn after the owner's message: rounds of the model and its tools, until it answers. */
  private async loop(
    turn: TurnResult,
    start: {
      text: string;
      config: ProviderConfig;
      earlier: ChatCompletionMessageParam[];
      current: ChatCompletionMessageParam[];
      skills: Skill[];
    },
    ending: { stored: boolean },
    signal: AbortSignal,
  ): Promise<TurnResult> {
    const { conversations } = this.options;
    const { conversationId } = turn;
    const { text, config, earlier, current, skills } = start;
    const provider = providerKey(config);
    const allowed = skills.map((s) => s.name);
    // The tools offered (of the turn's one snapshot of skills): made again only once find_skills
    // has made more of them callable. Their definitions take their share of the context too.
    let catalogue = buildCatalogue(skills, text);
    const toolTokens = catalogue.tokens;
    const system: ChatCompletionMessageParam = { role: 'system', content: systemPrompt(this.timeZone()) };
    const budget = (this.options.historyBudgetTokens ?? 24_000) - toolTokens;

    const found = new Set<string>();
    // The ids of the conversation's calls: each call this turn makes gets one of its own.
    const callIds = callIdsIn(earlier);
    let pinned = 0;
    let toldToolless = false;
    // A server slow to begin its reply is said to be awaited once a turn (its other rounds are as slow).
    let toldWaiting = false;
    const notice = (line: TurnMessage) => {
      addNotice(turn, line);
      this.emit({ type: 'notice', conversationId, message: line.message, messageCode: codeOf(line) });
    };
    const maxRounds = this.options.maxToolRounds ?? 5;
    // Where each round's reply and its calls' results are stored (see RoundReply).
    const { atomically } = this.options;
    const place: ReplyPlace = { conversations, atomically, commits: this.commits, conversationId, provider, current };
    for (;;) {
      const withTools = turn.rounds < maxRounds && skills.length > 0;
      if (found.size > pinned) {
        pinned = found.size;
        catalogue = buildCatalogue(skills, text, found);
      }
      // Fitted again each round: as the turn's calls and results add to it, the oldest turns make room.
      const messages = fitToBudget(system, earlier, current, budget);
      const outcome = await this.requests.complete(
        config,
        messages,
        withTools ? catalogue.tools : undefined,
        {
          onDelta: (text) => this.emit({ type: 'delta', conversationId, text }),
          onReasoning: (text) => this.emit({ type: 'reasoning', conversationId, text }),
          onMoved: (to, text) => this.emit({ type: 'moved', conversationId, to, text }),
          onRetry: (failure, delayMs) =>
            this.emit({
              type: 'retry',
              conversationId,
              message: failure.message,
              delayMs,
              messageCode: codeOf(failure),
            }),
          ...(toldWaiting
            ? {}
            : {
                onWaiting: (line: TurnMessage) => {
                  toldWaiting = true;
                  notice(line);
                },
              }),
        },
        signal,
        withTools || catalogue.tools.length === 0 ? undefined : catalogue.tools,
      );
      const reply = outcome.reply;
      turn.reasoning += reply.reasoning;
      const answered = outcome.error === undefined && !outcome.stopped;
      if (withTools && !outcome.toolsSent && answered && !toldToolless) {
        toldToolless = true;
        notice(turnMessage('model-without-tools', { model: config.model }));
      }
      // A reply stopped at the output limit (finish_reason "length") may end inside a call's
      // arguments: its calls are not made.
      const cutShort = answered && reply.finishReason === 'length';
      // Calls are taken only from a reply to a request that offered tools.
      const toolCalls = withTools && outcome.toolsSent && !cutShort ? withOwnIds(reply.toolCalls, callIds) : [];
      if (cutShort) {
        const names = [...new Set(reply.toolCalls.map((c) => c.name))].join(', ');
        notice(turnMessage('reply-too-long', names ? { tools: names } : {}));
      }
      // Azure (and Gemini, DeepSeek) end a reply their content filter flags this way.
      const filtered = answered && reply.finishReason === 'content_filter';
      if (filtered) notice(turnMessage('reply-filtered', {}));
      // A reply that ended inside its thinking (its `</think>` never came) answered nothing: the
      // thinking stays thinking, never shown as the answer, and the owner is told.
      // One with nothing at all would end the turn in silence: the owner is told.
      if (answered && !cutShort && !filtered && reply.toolCalls.length === 0 && !reply.content.trim())
        notice(turnMessage(reply.reasoning.trim() ? 'reply-only-thinking' : 'reply-empty', {}));
      if (answered && !cutShort && toolCalls.length === 0 && reply.toolCalls.length > 0 && !reply.content.trim()) {
        // A reply of calls alone, where none could run: the turn would end in silence otherwise.
        const names = [...new Set(reply.toolCalls.map((c) => c.name))].join(', ');
        notice(
          turn.rounds >= maxRounds
            ? turnMessage('tools-after-last-round', { tools: names, rounds: String(maxRounds) })
            : turnMessage('tools-not-offered', { tools: names }),
        );
      }
      const round = new RoundReply(place, reply, toolCalls, answered);
      if (!answered) {
        if (outcome.error !== undefined) setError(turn, outcome.error);
        if (outcome.stopped) turn.stopped = true;
        // Tool calls of a reply cut short never run: the reply is kept without them.
        round.storeLast(turn, []);
        ending.stored = true;
        turn.reply = reply.content;
        if (outcome.error !== undefined) {
          const { message } = outcome.error;
          this.emit({ type: 'error', conversationId, message, messageCode: codeOf(outcome.error) });
        }
        return turn;
      }
      if (toolCalls.length === 0) {
        round.storeLast(turn, round.calls);
        ending.stored = true;
        turn.reply = reply.content;
        return turn;
      }
      turn.rounds++;
      round.sendNext();
      const calls = toolCalls.map((call) =>
        this.tools.start(call, { catalogue, found, conversationId, allowedSkills: allowed, keep: round.keep }, signal),
      );
      round.storeWithStarts(calls);
      // Every call of the round ends before the turn goes on, or fails: none writes after it.
      const ended = await Promise.allSettled(calls.map((c) => c.run()));
      const failed = ended.find((e) => e.status === 'rejected');
      if (failed) throw failed.reason;
      turn.toolCalls.push(...ended.map((e) => (e as PromiseFulfilledResult<ToolCallRecord>).value));
      if (signal.aborted) {
        turn.stopped = true;
        this.options.atomically(() => storeLines(conversations, turn));
        ending.stored = true;
        return turn;
      }
    }
  }
}
