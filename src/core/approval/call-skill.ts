/**
 * One skill call from any source, end to end: arguments checked, risk decided (review pinning
 * included), an audit row (written before the call runs when it may change anything, else once
 * when it ends), the approval gate for high-risk calls, and the executor. A call's end commits
 * with what its caller keeps of it. What comes back is what the model may see.
 */
import path from 'node:path';
import type { AuditRepo } from '../store/audit-repo.js';
import type { AuditEntry, AuditFinish, AuditSource } from '../store/audit-types.js';
import type { SkillProcessesRepo } from '../store/skill-processes-repo.js';
import type { SkillSettingsRepo } from '../store/skill-settings-repo.js';
import { trackedProcess } from '../skills/leftover-processes.js';
import { argumentsProblem, executeSkill, precheckCall, type ExecuteOptions } from '../skills/executor.js';
import { hideSecrets, secretValues } from '../skills/hide-secrets.js';
import { unchangedOnDisk } from '../skills/load.js';
import type { Risk, Skill, SkillResult } from '../skills/types.js';
import { effectFreeBuiltins } from '../builtins/index.js';
import { TERMINAL_CHANNEL } from './channel.js';
import { stoppedBeforeAsking, type GateDenial } from './gate-decisions.js';
import type { ApprovalGate } from './gate.js';
import { refusedForModel, tooLongToApprove, unconfirmedForModel } from './messages.js';
import { effectiveRisk } from './review.js';
import type { CallErrorCode } from '../../shared/call-errors.js';
import { toolErrorText, type ToolErrorCode } from '../../shared/tool-errors.js';
import { noChannelForModel, pausedForModel } from '../../shared/refusals-for-model.js';
import { notConfigured, type SkillConfigStore } from '../skills/skill-config.js';
import { SkillSecretRefusedError } from '../skills/skill-secret-refusal.js';

/** A run refused as a secret setting of the skill is kept where another user could change it. */
const SECRET_REFUSED: CallErrorCode = { code: 'call-secret-refused' };

export type CallStatus = 'done' | 'error' | 'refused' | 'unconfirmed' | 'cancelled';

export interface SkillCallRequest {
  name: string;
  params: unknown;
  source: AuditSource;
  /** The conversation or job that asked. */
  requestedBy?: string;
  signal?: AbortSignal;
  /**
   * The owner is the one calling, at this computer's terminal (`ias skills run`): no approval.
   * Never set on behalf of a model.
   */
  ownerAtTerminal?: boolean;
  /** The skills the caller may use (its turn's tools), for skills that create work of their own. */
  allowedSkills?: readonly string[];
  /**
   * What the caller keeps of the outcome (the agent's tool message), stored in the same commit
   * that completes the call's audit row. Called once, as the call ends. Should it fail, the audit
   * row is completed all the same and the call rejects with its error.
   */
  recordWith?: (outcome: SkillCallOutcome) => void;
}

/** A call looked up and checked; nothing has run and nothing is written yet. */
export interface StartedCall {
  /**
   * The call may change something, so its audit row must be written before it runs:
   * `recordStart` writes it (inside the caller's transaction, with what the caller stores at that
   * moment), and `run` does so if it was not done. A call that changes nothing, or cannot run, is
   * written once, when it ends.
   */
  recordsStart: boolean;
  recordStart(): void;
  /** Runs the call; one that cannot run (unknown, bad arguments, settings missing) ends at once. */
  run(): Promise<SkillCallOutcome>;
}

export interface SkillCallOutcome {
  status: CallStatus;
  /** What the caller (and the model) may see. */
  result: SkillResult;
  auditId: number;
  approvalId?: string;
  risk?: Risk;
  /** Why it did not run, by its code, when iAs said it (for the call's card to say it in the UI's language). */
  errorCode?: ToolErrorCode;
}

export interface SkillCallerOptions {
  /** The skill by name: one snapshot per agent turn, or the registry's current one. */
  getSkill: (name: string) => Skill | undefined;
  audit: AuditRepo;
  skillSettings: SkillSettingsRepo;
  gate?: ApprovalGate;
  /** How skills run: the script cache folder, and the built-ins and services they are given. */
  execute: Omit<ExecuteOptions, 'signal' | 'env' | 'call'>;
  /** Each skill's own settings; a skill that lacks required ones answers what to set and runs nothing. */
  config?: SkillConfigStore;
  /** The owner paused high-risk skills: none runs and nobody is asked until resumed. */
  highRiskPaused?: () => boolean;
  /** The store's transaction: a call's audit completion and its caller's record commit together. */
  atomically: <T>(fn: () => T) => T;
  /** Where the process groups of running calls are kept, so that one left behind can be ended. */
  processes?: SkillProcessesRepo;
}

const SUMMARY_CHARS = 2000;

function summary(result: SkillResult): string | null {
  if (result.data === undefined) return null;
  const text = typeof result.data === 'string' ? result.data : JSON.stringify(result.data);
  return text.length > SUMMARY_CHARS ? `${text.slice(0, SUMMARY_CHARS)}…` : text;
}

export class SkillCaller {
  constructor(private readonly options: SkillCallerOptions) {}

  async call(request: SkillCallRequest): Promise<SkillCallOutcome> {
    return this.begin(request).run();
  }

  /**
   * A call answered before its skill is looked up, running nothing: the model's arguments are no
   * JSON (`request.params` is then their text), or its turn offers no tool of that name (unknown,
   * switched off, not found yet). Its audit row is written all the same, saying why, at the risk
   * the skill of that name, if any, would have run at.
   */
  refuse(request: SkillCallRequest, refusal: { message: string; code: ToolErrorCode }): StartedCall {
    const clock = performance.now();
    const skill = this.options.getSkill(request.name);
    const risk = skill ? effectiveRisk(skill, this.options.skillSettings) : 'low';
    const record = this.record(
      { ...this.entryBase(request), risk, ...(skill ? { skillHash: skill.hash } : {}) },
      request,
    );
    return runsNothingCall(record, clock, refusal.message, refusal.code);
  }

  /** The synchronous first part of a call: the skill looked up, its risk decided, the arguments and settings checked. */
  begin(request: SkillCallRequest): StartedCall {
    const clock = performance.now();
    const elapsed = () => Math.round(performance.now() - clock);
    const skill = this.options.getSkill(request.name);
    const base = this.entryBase(request);
    const runsNothing = (record: CallRecord, error: string, errorCode?: ToolErrorCode) =>
      runsNothingCall(record, clock, error, errorCode);
    if (!skill) return runsNothing(this.record({ ...base, risk: 'low' }, request), `unknown tool "${request.name}"`);
    const risk = effectiveRisk(skill, this.options.skillSettings);
    // The owner at the terminal is the approval of a high-risk call: said from its start.
    const atTerminal = request.ownerAtTerminal && risk === 'high' ? { approvalOutcome: 'owner-at-terminal' } : {};
    const record = this.record({ ...base, skillHash: skill.hash, risk, ...atTerminal }, request);
    const problem = argumentsProblem(skill, request.params);
    if (problem) {
      const invalid = toolErrorText('tool-args-invalid', { skill: skill.name, problem });
      return runsNothing(record, invalid.message, invalid.code);
    }
    // Read once for the checks and a run that follows at once; an approved run reads them again.
    let env: Record<string, string>;
    try {
      env = this.options.config?.env(skill) ?? {};
    } catch (err) {
      if (!(err instanceof SkillSecretRefusedError)) throw err;
      return runsNothing(record, err.message, SECRET_REFUSED);
    }
    const missing = this.options.config?.missing(skill, env) ?? [];
    if (missing.length > 0) {
      const unset = notConfigured(skill, missing);
      return runsNothing(record, unset.message, unset.code);
    }
    const recordsStart = risk === 'high' || !changesNothing(skill);
    return {
      recordsStart,
      recordStart: () => {
        if (recordsStart) record.start();
      },
      run: () => {
        if (recordsStart) record.start();
        return this.run(request, skill, record, env, elapsed).finally(() => record.forgetProcesses());
      },
    };
  }

  /** What every audit row of a call says of its request. */
  private entryBase(request: SkillCallRequest): Omit<AuditEntry, 'risk'> {
    return {
      skill: request.name,
      source: request.source,
      requestedBy: request.requestedBy ?? null,
      params: request.params,
      startedAt: Date.now(),
    };
  }

  private record(entry: AuditEntry, request: SkillCallRequest): CallRecord {
    return new CallRecord(this.options, entry, request.recordWith);
  }

  private async run(
    request: SkillCallRequest,
    skill: Skill,
    record: CallRecord,
    env: Record<string, string>,
    elapsed: () => number,
  ): Promise<SkillCallOutcome> {
    const params = request.params as Record<string, unknown>;
    const risk = record.entry.risk;
    const runOptions = (run: Skill, runEnv = this.options.config?.env(run) ?? {}): ExecuteOptions => ({
      ...this.options.execute,
      env: runEnv,
      call: { source: request.source, requestedBy: request.requestedBy, allowedSkills: request.allowedSkills },
      signal: request.signal,
      onSpawn: (pid, callToken) => record.spawned(pid, callToken),
    });
    const notRun = (
      status: Exclude<CallStatus, 'done'>,
      error: string,
      approval: { approvalOutcome?: string; approvalId?: string; errorCode?: CallErrorCode } = {},
    ): SkillCallOutcome =>
      record.end(
        { status: status === 'error' ? 'failed' : 'refused', durationMs: elapsed(), error, ...approval },
        {
          status,
          result: { success: false, error, durationMs: elapsed() },
          ...(approval.approvalId ? { approvalId: approval.approvalId } : {}),
          ...(approval.errorCode ? { errorCode: approval.errorCode } : {}),
        },
      );
    /** A call the owner refused or let lapse, or one cancelled (stopped, shut down): it did not run. */
    const denied = (decision: GateDenial): SkillCallOutcome => {
      const approval = { approvalId: decision.approvalId, approvalOutcome: decision.status };
      if (decision.status === 'rejected') {
        // Said where it was refused: a y/N at the terminal or the app's card is no WeChat cancel nor wrong codes.
        const code =
          decision.channel === TERMINAL_CHANNEL
            ? 'call-refused-at-terminal'
            : decision.inApp
              ? 'call-refused-in-app'
              : 'call-refused';
        return notRun('refused', refusedForModel(skill.name), { ...approval, errorCode: { code } });
      }
      if (decision.status === 'expired') {
        return notRun('unconfirmed', unconfirmedForModel(skill.name), {
          ...approval,
          errorCode: { code: 'call-unconfirmed' },
        });
      }
      return notRun('cancelled', `${skill.name} did not run: ${decision.reason}`, {
        ...approval,
        errorCode: { code: 'call-cancelled', params: { cause: decision.cause } },
      });
    };
    const refused = await precheckCall(skill, params, runOptions(skill, env));
    if (refused) return notRun('error', refused);

    if (risk === 'low' || request.ownerAtTerminal) {
      const result = hideSecrets(await executeSkill(skill, params, runOptions(skill, env)), secretValues(skill, env));
      return ranWith(
        record,
        result,
        elapsed(),
        request.ownerAtTerminal && risk === 'high' ? 'owner-at-terminal' : 'none',
      );
    }
    // Stopped during the checks above (a built-in's first import, say): nobody is asked, nothing runs.
    if (request.signal?.aborted) return denied(stoppedBeforeAsking(skill.name));
    if (this.options.highRiskPaused?.()) {
      return notRun('refused', pausedForModel(skill.name), {
        approvalOutcome: 'paused',
        errorCode: { code: 'call-paused' },
      });
    }
    const gate = this.options.gate;
    if (!gate) {
      return notRun('refused', noChannelForModel(skill.name), {
        approvalOutcome: 'cancelled',
        errorCode: { code: 'call-no-channel' },
      });
    }
    const unreadable = tooLongToApprove(params);
    if (unreadable) return notRun('error', unreadable);
    const decision = await gate.request({
      skill,
      params,
      source: request.source,
      requestedBy: request.requestedBy,
      signal: request.signal,
    });
    if (decision.status !== 'approved') return denied(decision);
    // Exactly what was approved: the stored params, the approved skill version.
    let approvedRun: ExecuteOptions;
    try {
      approvedRun = runOptions(decision.skill);
    } catch (err) {
      if (!(err instanceof SkillSecretRefusedError)) throw err;
      gate.finish(decision.approvalId, { success: false, error: err.message, durationMs: elapsed() });
      return notRun('error', err.message, {
        approvalId: decision.approvalId,
        approvalOutcome: 'approved',
        errorCode: SECRET_REFUSED,
      });
    }
    // Still the version approved: a file edited since the gate looked (while the owner was told) is
    // not run unapproved. Nothing is awaited from this look until the program has started.
    if (!unchangedOnDisk(decision.skill, path.dirname(decision.skill.dir))) {
      return denied(gate.withdraw(decision.approvalId, skill.name));
    }
    record.approved(decision.approvalId);
    const result = hideSecrets(
      await executeSkill(decision.skill, decision.params, approvedRun),
      secretValues(decision.skill, approvedRun.env ?? {}),
    );
    gate.finish(decision.approvalId, result);
    return ranWith(record, result, elapsed(), 'approved', decision.approvalId);
  }
}

/**
 * A call that runs nothing (`clock`: when it began): its audit row says why, and so does the answer,
 * both by `errorCode`.
 */
function runsNothingCall(record: CallRecord, clock: number, error: string, errorCode?: ToolErrorCode): StartedCall {
  const elapsed = () => Math.round(performance.now() - clock);
  return {
    recordsStart: false,
    recordStart: () => undefined,
    run: async () =>
      record.end(
        { status: 'failed', durationMs: elapsed(), error, ...(errorCode ? { errorCode } : {}) },
        {
          status: 'error',
          result: { success: false, error, durationMs: elapsed() },
          ...(errorCode ? { errorCode } : {}),
        },
      ),
  };
}

/**
 * Skills whose calls change nothing: the text of an instruction skill, an effect-free built-in (by
 * its handler's name: a skill file that names one runs that very handler, nothing else).
 */
function changesNothing(skill: Skill): boolean {
  return skill.kind === 'instructions' || (skill.kind === 'builtin' && effectFreeBuiltins.has(skill.builtin ?? ''));
}

/** Ends a call that ran. */
function ranWith(
  record: CallRecord,
  result: SkillResult,
  durationMs: number,
  approvalOutcome: string,
  approvalId?: string,
): SkillCallOutcome {
  return record.end(
    {
      status: result.success ? 'done' : 'failed',
      durationMs,
      exitCode: result.exitCode ?? null,
      resultSummary: summary(result),
      error: result.error ?? null,
      approvalOutcome,
      ...(approvalId ? { approvalId } : {}),
    },
    { status: result.success ? 'done' : 'error', result, ...(approvalId ? { approvalId } : {}) },
  );
}

/**
 * One call's audit row: written when the call starts (then completed when it ends), or written
 * whole when it ends. Its end commits together with what the caller keeps of the outcome.
 */
class CallRecord {
  private auditId?: number;
  private tracked = false;
  private readonly audit: AuditRepo;
  private readonly atomically: <T>(fn: () => T) => T;
  private readonly processes?: SkillProcessesRepo;

  constructor(
    stores: Pick<SkillCallerOptions, 'audit' | 'atomically' | 'processes'>,
    readonly entry: AuditEntry,
    private readonly keep?: (outcome: SkillCallOutcome) => void,
  ) {
    this.audit = stores.audit;
    this.atomically = stores.atomically;
    this.processes = stores.processes;
  }

  start(): void {
    this.auditId ??= this.audit.start(this.entry);
  }

  /** The owner approved the call (approval `approvalId`): its row says so before it runs. */
  approved(approvalId: string): void {
    if (this.auditId !== undefined) this.audit.approved(this.auditId, 'approved', approvalId);
  }

  /** A process the call started (and its processes' token): kept with the call's row until it ends. */
  spawned(pid: number, callToken?: string): void {
    const tracked = this.auditId === undefined || !this.processes ? undefined : trackedProcess(pid, callToken);
    if (!tracked) return;
    try {
      this.processes!.add(this.auditId!, tracked);
      this.tracked = true;
    } catch {
      // Not kept (the database busy or full): the call runs on under its time limit all the same,
      // only a crash of iAs would leave it behind untracked.
    }
  }

  /** Forgets the call's processes, however it ended (also when it ended by an error). */
  forgetProcesses(): void {
    if (!this.tracked || this.auditId === undefined) return;
    this.tracked = false;
    try {
      this.processes?.remove(this.auditId);
    } catch {
      // Left for the next start, which ends only a leader that is still the process recorded.
    }
  }

  end(finish: AuditFinish, ended: Omit<SkillCallOutcome, 'auditId' | 'risk'>): SkillCallOutcome {
    const keep = this.keep;
    if (!keep) return this.complete(finish, ended);
    let outcome: SkillCallOutcome | undefined;
    let failure: { error: unknown } | undefined;
    try {
      this.atomically(() => {
        outcome = this.complete(finish, ended);
        try {
          // A savepoint: should the caller's record fail, what it wrote goes, and the row stays.
          this.atomically(() => keep(outcome!));
        } catch (error) {
          failure = { error };
        }
      });
    } catch (error) {
      // The commit itself failed (the database busy past its wait, the disk full): the row must
      // still not stay "running" for a call that ended, so it is completed on its own.
      outcome = this.complete(finish, ended);
      failure ??= { error };
    }
    if (failure) throw failure.error;
    return outcome!;
  }

  /** The audit row completed (or written whole), and the outcome that names it. */
  private complete(finish: AuditFinish, ended: Omit<SkillCallOutcome, 'auditId' | 'risk'>): SkillCallOutcome {
    let auditId = this.auditId;
    if (auditId === undefined) {
      auditId = this.audit.record(this.entry, finish);
    } else {
      this.audit.finish(auditId, finish);
    }
    return { ...ended, auditId, risk: this.entry.risk };
  }
}
