/**
 * The agent loop: one turn of a conversation. Streams the reply, offers the enabled skills as
 * tools (one snapshot per turn), runs up to 5 rounds of tool calls, then forces a reply without
 * tools (declared all the same to a server that refuses a history of calls without them, see
 * ServerMends; calls made then are not run). A tool call gets 8 s; past that it goes on in the
 * background and its result joins the next turn. Invalid calls go back to the model as errors and
 * run nothing.
 */
import { randomUUID } from 'node:crypto';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { CallStatus, SkillCaller, SkillCallOutcome } from '../approval/call-skill.js';
import type { AuditSource } from '../store/audit-types.js';
import type { BackgroundJobsRepo } from '../store/background-jobs-repo.js';
import type { ConversationsRepo, StoredToolCall } from '../store/conversations-repo.js';
import type { Skill } from '../skills/types.js';
import { buildCatalogue, FIND_SKILLS, findSkills, type Catalogue } from './catalogue.js';
import { fitToBudget, historyOf, toApiMessage } from './history.js';
import { ProviderRequests } from './provider-request.js';
import { providerKey, type ProviderConfig } from './providers.js';
import type { ServerMends } from './server-mends.js';
import type { StreamedToolCall } from './stream.js';
import { systemPrompt } from './system-prompt.js';
import { settleCutOffTurn } from './cut-off-turns.js';
import { addNotice, failureLine, hasLines, setError, storeLines } from './turn-lines.js';
import { TurnsInProgress } from './turns-in-progress.js';
import { codeOf, turnMessage, type MessageCode, type TurnMessage } from './turn-messages.js';

export type ToolCallStatus = Exclude<CallStatus, 'cancelled'> | 'background';

export interface ToolCallRecord {
  id: string;
  name: string;
  arguments: string;
  status: ToolCallStatus;
  /** What the model was given. */
  result: unknown;
}

export type AgentEvent =
  | { type: 'delta'; conversationId: string; text: string }
  | { type: 'reasoning'; conversationId: string; text: string }
  | { type: 'tool-call'; conversationId: string; id: string; name: string; arguments: string }
  | { type: 'tool-result'; conversationId: string; id: string; name: string; status: ToolCallStatus; result: unknown }
  | { type: 'background-result'; conversationId: string; id: string; name: string; status: CallStatus; result: unknown }
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
  /** The owner's time zone, for the system prompt: a name, or where to read it each turn. */
  timeZone?: string | (() => string);
  toolTimeoutMs?: number;
  maxToolRounds?: number;
  historyBudgetTokens?: number;
  retries?: number;
  /** The longest retry-after we wait for before giving up. */
  maxRetryAfterMs?: number;
  onEvent?: (event: AgentEvent) => void;
  /** The store's transaction: writes made at one moment commit together. */
  atomically: <T>(fn: () => T) => T;
  /** What servers were learnt to want (see ServerMends); shared by the agents of one runtime. */
  mends?: ServerMends;
  /** The turns under way, stopped at shutdown; shared by the agents of one runtime. */
  turns?: TurnsInProgress;
}

const BACKGROUND_NOTE =
  'This call is still running in the background. Its result will arrive in a later message; the user may keep chatting meanwhile.';

export class Agent {
  /** Asks the provider (with retries, and the mends each server was learnt to want). */
  private readonly requests: ProviderRequests;
  /** Background calls still running, so a caller can wait for them (tests, shutdown). */
  readonly running = new Set<Promise<void>>();
  /** How to stop each background call still running. */
  private readonly stoppers = new Set<AbortController>();

  /** The turns under way (see TurnsInProgress). */
  private readonly turns: TurnsInProgress;

  constructor(private readonly options: AgentOptions) {
    this.requests = new ProviderRequests(options);
    this.turns = options.turns ?? new TurnsInProgress();
  }

  /** Stops the calls still running in the background (an approval they wait for is cancelled). */
  stopBackground(): void {
    for (const controller of this.stoppers) controller.abort();
  }

  /** The owner's time zone now (a setting changed since this agent was made counts). */
  private timeZone(): string {
    const zone = this.options.timeZone;
    return (typeof zone === 'function' ? zone() : zone) ?? 'Asia/Shanghai';
  }

  private emit(event: AgentEvent): void {
    this.options.onEvent?.(event);
  }

  /**
   * One turn: the user's message in, the assistant's reply out (with everything stored). A turn
   * that fails on iAs's side (a result that cannot be stored, the database busy past its wait)
   * stores a line saying so, as best it can, and throws its error.
   */
  async send(text: string, options: { conversationId?: string; signal?: AbortSignal } = {}): Promise<TurnResult> {
    const { conversations } = this.options;
    const conversationId = options.conversationId ?? randomUUID();
    const config = this.options.provider();
    const current: ChatCompletionMessageParam[] = [];
    // The user's message (in a new conversation, or after the background results it brings) in
    // one commit, which also reads the turn's skills and names this process the turn's owner.
    const { earlier, skills } = this.options.atomically(() => {
      if (!conversations.get(conversationId)) {
        if (options.conversationId) throw new Error(`no conversation ${options.conversationId}`);
        conversations.create(conversationId, text.trim().slice(0, 40));
      }
      // The turn before, cut off when its iAs stopped, says so before this one begins.
      settleCutOffTurn(conversations, conversationId);
      const before = historyOf(conversations.messages(conversationId), providerKey(config));
      // Results of background calls that finished since the last turn join this one.
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
    const turn: TurnResult = { conversationId, reply: '', reasoning: '', rounds: 0, toolCalls: [] };
    const ending = { stored: false };
    try {
      return await this.turns.run(options.signal, (signal) =>
        this.loop(turn, { text, config, earlier, current, skills }, ending, signal),
      );
    } catch (error) {
      if (!ending.stored) this.storeFailure(turn, error);
      throw error;
    }
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
    // The tool definitions take their share of the context too.
    const toolTokens = buildCatalogue(skills, text).tokens;
    let messages = fitToBudget(
      { role: 'system', content: systemPrompt(this.timeZone()) },
      earlier,
      current,
      (this.options.historyBudgetTokens ?? 24_000) - toolTokens,
    );

    const found = new Set<string>();
    let toldToolless = false;
    const maxRounds = this.options.maxToolRounds ?? 5;
    for (;;) {
      const withTools = turn.rounds < maxRounds && skills.length > 0;
      const catalogue = buildCatalogue(skills, text, found);
      const outcome = await this.requests.complete(
        config,
        messages,
        withTools ? catalogue.tools : undefined,
        {
          onDelta: (text) => this.emit({ type: 'delta', conversationId, text }),
          onReasoning: (text) => this.emit({ type: 'reasoning', conversationId, text }),
          onRetry: (failure, delayMs) =>
            this.emit({
              type: 'retry',
              conversationId,
              message: failure.message,
              delayMs,
              messageCode: codeOf(failure),
            }),
        },
        signal,
        withTools || catalogue.tools.length === 0 ? undefined : catalogue.tools,
      );
      const reply = outcome.reply;
      turn.reasoning += reply.reasoning;
      const notice = (line: TurnMessage) => {
        addNotice(turn, line);
        this.emit({ type: 'notice', conversationId, message: line.message, messageCode: codeOf(line) });
      };
      const answered = outcome.error === undefined && !outcome.stopped;
      if (withTools && !outcome.toolsSent && answered && !toldToolless) {
        toldToolless = true;
        notice(turnMessage('model-without-tools', { model: config.model }));
      }
      // Calls are taken only from a reply to a request that offered tools.
      const toolCalls = withTools && outcome.toolsSent ? reply.toolCalls : [];
      if (answered && toolCalls.length === 0 && reply.toolCalls.length > 0 && !reply.content.trim()) {
        // A reply of calls alone, where none could run: the turn would end in silence otherwise.
        const names = [...new Set(reply.toolCalls.map((c) => c.name))].join(', ');
        notice(
          turn.rounds >= maxRounds
            ? turnMessage('tools-after-last-round', { tools: names, rounds: String(maxRounds) })
            : turnMessage('tools-not-offered', { tools: names }),
        );
      }
      const stored: StoredToolCall[] = toolCalls.map((c) => ({
        id: c.id,
        name: c.name,
        arguments: c.arguments,
        ...(c.extra ? { extra: c.extra } : {}),
      }));
      // What this provider wants back with the reply, kept with it (for it alone).
      const wantedBack = {
        ...(reply.reasoning && reply.reasoningField ? { reasoningField: reply.reasoningField } : {}),
        // The blocks of a reply cut short may be unsigned or belong to calls that never ran.
        ...(reply.reasoningDetails && answered ? { reasoningDetails: reply.reasoningDetails } : {}),
      };
      const forProvider =
        Object.keys(wantedBack).length > 0 || stored.some((c) => c.extra) ? { ...wantedBack, from: provider } : {};
      const storeReply = (calls = stored, ends?: 'ends') => {
        if (reply.content || calls.length > 0 || reply.reasoning) {
          const extra = {
            ...(calls.length ? { toolCalls: calls } : {}),
            ...(reply.reasoning ? { reasoning: reply.reasoning } : {}),
            ...forProvider,
          };
          conversations.append(conversationId, 'assistant', reply.content, extra, Date.now(), ends);
        } else if (ends) conversations.endTurn(conversationId);
      };
      // The turn's last reply, and the lines shown to the owner about how it went, in one commit
      // (whose last write ends the turn).
      const storeLast = (calls: StoredToolCall[]) => {
        if (!hasLines(turn)) storeReply(calls, 'ends');
        else {
          this.options.atomically(() => {
            storeReply(calls);
            storeLines(conversations, turn);
          });
        }
        ending.stored = true;
      };
      if (!answered) {
        if (outcome.error !== undefined) setError(turn, outcome.error);
        if (outcome.stopped) turn.stopped = true;
        // Tool calls of a reply cut short never run: the reply is kept without them.
        storeLast([]);
        turn.reply = reply.content;
        if (outcome.error !== undefined) {
          const { message } = outcome.error;
          this.emit({ type: 'error', conversationId, message, messageCode: codeOf(outcome.error) });
        }
        return turn;
      }
      if (toolCalls.length === 0) {
        storeLast(stored);
        turn.reply = reply.content;
        return turn;
      }
      turn.rounds++;
      messages = [
        ...messages,
        toApiMessage(
          {
            id: 0,
            conversationId,
            role: 'assistant',
            content: reply.content,
            createdAt: 0,
            toolCalls: stored,
            reasoning: reply.reasoning,
            ...forProvider,
          },
          provider,
        ),
      ];
      // The reply goes in the first commit that needs it: the start of a call that may change
      // something, or else the first result. Each result is stored as its call ends (with the
      // call's audit row), in that order.
      // (Marked stored only once the write that made it went through whole.)
      let replyStored = false;
      const keep = (record: ToolCallRecord, job?: string) => {
        if (!replyStored) storeReply();
        const content = typeof record.result === 'string' ? record.result : JSON.stringify(record.result);
        conversations.append(conversationId, 'tool', content, {
          toolCallId: record.id,
          name: record.name,
          ...(job ? { job } : {}),
        });
        replyStored = true;
        messages.push({ role: 'tool', tool_call_id: record.id, content });
      };
      const calls = toolCalls.map((call) =>
        this.startTool(call, { catalogue, found, conversationId, allowedSkills: allowed, keep }, signal),
      );
      // Calls that may change something are on record, with the reply, before any of them runs.
      const early = calls.filter((c) => c.recordsStart);
      if (early.length > 0) {
        this.options.atomically(() => {
          storeReply();
          for (const c of early) c.recordStart();
        });
        replyStored = true;
      }
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

  /**
   * One tool call, checked: one that cannot run is answered (and its answer stored) when run; any
   * other goes to the skill caller, within the time limit, or past it to the background.
   */
  private startTool(call: StreamedToolCall, turn: ToolTurn, signal?: AbortSignal): StartedTool {
    const { catalogue, conversationId } = turn;
    this.emit({ type: 'tool-call', conversationId, id: call.id, name: call.name, arguments: call.arguments });
    // Stored inside the commit that ends the call; shown once that commit went through.
    const record = (status: ToolCallStatus, result: unknown, job?: string): ToolCallRecord => {
      const made = { id: call.id, name: call.name, arguments: call.arguments, status, result };
      turn.keep(made, job);
      return made;
    };
    const shown = (made: ToolCallRecord): ToolCallRecord => {
      const { status, result } = made;
      this.emit({ type: 'tool-result', conversationId, id: call.id, name: call.name, status, result });
      return made;
    };
    const answered = (status: ToolCallStatus, result: unknown): StartedTool => ({
      recordsStart: false,
      recordStart: () => undefined,
      run: async () => shown(this.options.atomically(() => record(status, result))),
    });
    let params: unknown;
    try {
      params = call.arguments.trim() === '' ? {} : JSON.parse(call.arguments);
    } catch (err) {
      return answered('error', {
        success: false,
        error: `invalid arguments: not valid JSON (${(err as Error).message}); nothing was run`,
      });
    }
    if (call.name === FIND_SKILLS && catalogue.hidden.length > 0) {
      const query =
        typeof (params as { query?: unknown })?.query === 'string' ? (params as { query: string }).query : '';
      const matches = findSkills(catalogue.hidden, query);
      for (const m of matches) turn.found.add(m.name);
      return answered('done', {
        success: true,
        data: matches.map((m) => ({ name: m.name, description: m.description })),
        note: matches.length ? 'These tools are callable from your next step.' : 'No skill matches; try other words.',
      });
    }
    if (!catalogue.callable.has(call.name)) {
      return answered('error', {
        success: false,
        error: `unknown tool "${call.name}"; nothing was run${catalogue.hidden.length ? '. Use find_skills to look for other skills.' : ''}`,
      });
    }

    // Ended in time, its result is the tool message (stored with its audit row); past the limit,
    // the background job's result is (and the tool message says it is still running).
    let state: { at: 'waiting' } | { at: 'ended'; record: ToolCallRecord } | { at: 'background'; job: string } = {
      at: 'waiting',
    };
    const controller = new AbortController();
    const started = this.options.caller.begin({
      name: call.name,
      params,
      source: this.options.source ?? 'chat',
      requestedBy: conversationId,
      allowedSkills: turn.allowedSkills,
      signal: controller.signal,
      recordWith: (outcome) => {
        const result = forModel(outcome.status, outcome.result);
        if (state.at === 'background') this.options.jobs.finish(state.job, result);
        else state = { at: 'ended', record: record(outcome.status === 'cancelled' ? 'error' : outcome.status, result) };
      },
    });
    const run = () => {
      const onAbort = () => controller.abort();
      signal?.addEventListener('abort', onAbort, { once: true });
      const running = started.run();
      return new Promise<ToolCallRecord>((resolve, reject) => {
        const timer = setTimeout(() => {
          if (state.at !== 'waiting') return;
          let made: { job: string; record: ToolCallRecord };
          try {
            made = this.options.atomically(() => {
              const job = this.options.jobs.start(call.id, 'tool-call', conversationId, call.name);
              const stillRunning = { status: 'running in background', note: BACKGROUND_NOTE };
              return { job, record: record('background', stillRunning, job) };
            });
          } catch {
            // It cannot be stored as a background job: the turn waits for the call after all.
            return;
          }
          // Past the limit: the call goes on in the background; a stopped turn no longer stops it.
          signal?.removeEventListener('abort', onAbort);
          state = { at: 'background', job: made.job };
          this.followInBackground(call, made.job, conversationId, running, controller);
          resolve(shown(made.record));
        }, this.options.toolTimeoutMs ?? 8000);
        running.then(
          () => {
            if (state.at === 'background') return;
            clearTimeout(timer);
            signal?.removeEventListener('abort', onAbort);
            if (state.at === 'ended') resolve(shown(state.record));
            else reject(new Error(`${call.name} ended without its result being stored`));
          },
          (error: unknown) => {
            if (state.at === 'background') return;
            clearTimeout(timer);
            signal?.removeEventListener('abort', onAbort);
            reject(error);
          },
        );
      });
    };
    return { recordsStart: started.recordsStart, recordStart: started.recordStart, run };
  }

  /** A call past its time limit: its result (stored as it ends) is announced when it comes. */
  private followInBackground(
    call: StreamedToolCall,
    job: string,
    conversationId: string,
    running: Promise<SkillCallOutcome>,
    controller: AbortController,
  ) {
    this.stoppers.add(controller);
    const settled = running
      .then(
        (outcome) => {
          const result = forModel(outcome.status, outcome.result);
          this.emit({
            type: 'background-result',
            conversationId,
            id: call.id,
            name: call.name,
            status: outcome.status,
            result,
          });
        },
        (err: unknown) => {
          const result = { success: false, error: (err as Error).message };
          this.options.jobs.finish(job, result);
          this.emit({
            type: 'background-result',
            conversationId,
            id: call.id,
            name: call.name,
            status: 'error',
            result,
          });
        },
      )
      // Nobody awaits a background call: what goes wrong while ending it must not end the process.
      .catch(() => undefined);
    this.running.add(settled);
    void settled.finally(() => {
      this.running.delete(settled);
      this.stoppers.delete(controller);
    });
  }
}

/** A tool call checked and not yet run (see StartedCall). */
interface StartedTool {
  recordsStart: boolean;
  recordStart(): void;
  run(): Promise<ToolCallRecord>;
}

/** What a round's tool calls share. */
interface ToolTurn {
  catalogue: Catalogue;
  /** Hidden skills found with find_skills this turn: callable from the next round. */
  found: Set<string>;
  conversationId: string;
  allowedSkills: readonly string[];
  /** Stores a call's result as the tool message, in the order results come (with its job, past the time limit). */
  keep: (record: ToolCallRecord, job?: string) => void;
}

/** Refusals reach the model in the gate's exact words; other results as JSON without timings. */
function forModel(status: CallStatus, result: { success: boolean; error?: string; durationMs?: number }): unknown {
  if ((status === 'refused' || status === 'unconfirmed') && result.error) return result.error;
  const { durationMs: _durationMs, ...rest } = result;
  return rest;
}
