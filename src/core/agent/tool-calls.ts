/**
 * The tool calls of a turn: each checked (invalid arguments, an unknown tool and find_skills are
 * answered at once, running nothing), then run through the skill caller within its time limit; past
 * it, the call goes on in the background, the model is told so, and its result is stored and
 * announced when it comes.
 */
import type { CallStatus, SkillCallOutcome } from '../approval/call-skill.js';
import type { AgentEvent, AgentOptions } from './agent.js';
import { FIND_SKILLS, findSkills, type Catalogue } from './catalogue.js';
import type { StreamedToolCall } from './stream.js';
import { toolErrorText, type ToolErrorCode } from '../../shared/tool-errors.js';

export type ToolCallStatus = EndedCallStatus | 'background';

/** How an ended call is shown (chat, `--json`, the app's card). */
export type EndedCallStatus = Exclude<CallStatus, 'cancelled'>;

/**
 * A call whose approval was cancelled (its turn stopped, iAs shut down) was given no approval and
 * did not run: refused, as its audit row says. The model is still told the cancel's own words.
 */
const shownStatus = (status: CallStatus): EndedCallStatus => (status === 'cancelled' ? 'refused' : status);

export interface ToolCallRecord {
  id: string;
  name: string;
  arguments: string;
  status: ToolCallStatus;
  /** What the model was given. */
  result: unknown;
  /** Why it did not run, by its code, when iAs said it: its card says it in the UI's language. */
  code?: ToolErrorCode;
}

/** What the tool calls need of the agent's options. */
type ToolCallsOptions = Pick<
  AgentOptions,
  'caller' | 'jobs' | 'atomically' | 'source' | 'requestedBy' | 'toolTimeoutMs' | 'turns'
>;

const BACKGROUND_NOTE =
  'This call is still running in the background. Its result will arrive in a later message; the user may keep chatting meanwhile.';

export class ToolCalls {
  /** Background calls still running, so a caller can wait for them (tests, shutdown). */
  readonly running = new Set<Promise<void>>();
  /** How to stop each background call still running. */
  private readonly stoppers = new Set<AbortController>();
  /**
   * Background calls ended since `takeEnded` was last called: the skill and how it ended. Kept only
   * by a scheduled run's agent, which waits for its calls and tells their ends (see task-runner): a
   * chat's agent lives as long as iAs and is never asked, so it keeps none.
   */
  private ended: EndedBackgroundCall[] = [];

  constructor(
    private readonly options: ToolCallsOptions,
    private readonly emit: (event: AgentEvent) => void,
  ) {}

  /** Stops the calls still running in the background (an approval they wait for is cancelled). */
  stopBackground(): void {
    for (const controller of this.stoppers) controller.abort();
  }

  /** The background calls that have ended since the last look, in the order they ended. */
  takeEnded(): EndedBackgroundCall[] {
    return this.ended.splice(0);
  }

  private keepEnded(call: EndedBackgroundCall): void {
    if (this.options.source === 'schedule') this.ended.push(call);
  }

  /**
   * One tool call, checked: one that cannot run is answered (and its answer stored) when run; any
   * other goes to the skill caller, within the time limit, or past it to the background.
   */
  start(call: StreamedToolCall, turn: ToolTurn, signal?: AbortSignal): StartedTool {
    const { catalogue, conversationId } = turn;
    this.emit({ type: 'tool-call', conversationId, id: call.id, name: call.name, arguments: call.arguments });
    // Stored inside the commit that ends the call; shown once that commit went through.
    const record = (status: ToolCallStatus, result: unknown, job?: string, code?: ToolErrorCode): ToolCallRecord => {
      const made: ToolCallRecord = { id: call.id, name: call.name, arguments: call.arguments, status, result };
      if (code) made.code = code;
      turn.keep(made, job);
      return made;
    };
    const shown = (made: ToolCallRecord): ToolCallRecord => {
      const { status, result, code } = made;
      this.emit({
        type: 'tool-result',
        conversationId,
        id: call.id,
        name: call.name,
        status,
        result,
        ...(code ? { code } : {}),
      });
      return made;
    };
    const answered = (status: ToolCallStatus, result: unknown, code?: ToolErrorCode): StartedTool => ({
      recordsStart: false,
      recordStart: () => undefined,
      run: async () => shown(this.options.atomically(() => record(status, result, undefined, code))),
    });
    const source = this.options.source ?? 'chat';
    const requestedBy = this.options.requestedBy ?? conversationId;
    /**
     * A call answered with an error of iAs's, told the model in English, with its code. It runs
     * nothing, and is in the audit log all the same (`params`: what the model sent).
     */
    const refused = (refusal: { message: string; code: ToolErrorCode }, params: unknown): StartedTool => {
      let made: ToolCallRecord | undefined;
      const started = this.options.caller.refuse(
        {
          name: call.name,
          params,
          source,
          requestedBy,
          recordWith: (outcome) => {
            made = record(
              shownStatus(outcome.status),
              forModel(outcome.status, outcome.result),
              undefined,
              refusal.code,
            );
          },
        },
        refusal,
      );
      return {
        recordsStart: false,
        recordStart: () => undefined,
        run: async () => {
          await started.run();
          return shown(made!);
        },
      };
    };
    let params: unknown;
    try {
      params = call.arguments.trim() === '' ? {} : JSON.parse(call.arguments);
    } catch (err) {
      return refused(toolErrorText('tool-args-not-json', { detail: (err as Error).message }), call.arguments);
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
      return refused(toolErrorText('tool-unknown', { name: call.name, findable: catalogue.hidden.length > 0 }), params);
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
      source,
      requestedBy,
      allowedSkills: turn.allowedSkills,
      signal: controller.signal,
      recordWith: (outcome) => {
        const result = forModel(outcome.status, outcome.result);
        if (state.at === 'background') {
          this.options.jobs.finish(state.job, result, shownStatus(outcome.status), undefined, outcome.errorCode);
        } else
          state = { at: 'ended', record: record(shownStatus(outcome.status), result, undefined, outcome.errorCode) };
      },
    });
    const run = () => {
      const onAbort = () => controller.abort();
      signal?.addEventListener('abort', onAbort, { once: true });
      const running = started.run();
      return new Promise<ToolCallRecord>((resolve, reject) => {
        const timer = setTimeout(() => {
          // A stopped call is ending (a script that ignores the stop is killed soon after): the turn
          // waits for it rather than let it go on in the background.
          if (state.at !== 'waiting' || controller.signal.aborted) return;
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
          this.keepEnded({ name: call.name, status: shownStatus(outcome.status) });
          this.emit({
            type: 'background-result',
            conversationId,
            id: call.id,
            name: call.name,
            status: shownStatus(outcome.status),
            result,
            ...(outcome.errorCode ? { code: outcome.errorCode } : {}),
          });
        },
        (err: unknown) => {
          const result = { success: false, error: (err as Error).message };
          this.options.jobs.finish(job, result, 'error');
          this.keepEnded({ name: call.name, status: 'error' });
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
    // Counted among the turns under way: shutting down stops it too (an approval it waits for is
    // cancelled, a script is ended) and waits until it has stored how it ended.
    void this.options.turns?.run(undefined, (stop) => {
      stop.addEventListener('abort', () => controller.abort(), { once: true });
      if (stop.aborted) controller.abort();
      return settled;
    });
  }
}

/** A call that went on in the background and has ended: its skill, and how it ended. */
export interface EndedBackgroundCall {
  name: string;
  status: EndedCallStatus;
}

/** A tool call checked and not yet run (see StartedCall). */
export interface StartedTool {
  recordsStart: boolean;
  recordStart(): void;
  run(): Promise<ToolCallRecord>;
}

/** What a round's tool calls share. */
export interface ToolTurn {
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
