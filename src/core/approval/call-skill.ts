/**
 * One skill call from any source, end to end: arguments checked, risk decided (review pinning
 * included), an audit row written at the start and completed at the end, the approval gate for
 * high-risk calls, and the executor. What comes back is what the model may see.
 */
import type { AuditRepo } from '../store/audit-repo.js';
import type { AuditFinish, AuditSource } from '../store/audit-types.js';
import type { SkillSettingsRepo } from '../store/skill-settings-repo.js';
import { checkArguments, executeSkill, precheckCall, type ExecuteOptions } from '../skills/executor.js';
import type { Risk, Skill, SkillResult } from '../skills/types.js';
import type { ApprovalGate } from './gate.js';
import { refusedForModel, unconfirmedForModel } from './messages.js';
import { effectiveRisk } from './review.js';
import { notConfiguredMessage, type SkillConfigStore } from '../skills/skill-config.js';

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

/** A call checked and recorded as started (its audit row is written); nothing has run yet. */
export interface StartedCall {
  auditId: number;
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
}

export interface SkillCallerOptions {
  /** The skill by name: one snapshot per agent turn, or the registry's current one. */
  getSkill: (name: string) => Skill | undefined;
  audit: AuditRepo;
  skillSettings: SkillSettingsRepo;
  gate?: ApprovalGate;
  execute?: Omit<ExecuteOptions, 'signal' | 'env' | 'call'>;
  /** Each skill's own settings; a skill that lacks required ones answers what to set and runs nothing. */
  config?: SkillConfigStore;
  /** The owner paused high-risk skills: none runs and nobody is asked until resumed. */
  highRiskPaused?: () => boolean;
  /** The store's transaction: a call's audit completion and its caller's record commit together. */
  atomically: <T>(fn: () => T) => T;
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
   * The synchronous first part of a call: the skill looked up, its risk decided, the audit row
   * written, the arguments and settings checked. Inside the caller's transaction, the row commits
   * with what the caller stores at that moment; the call runs only when `run` is called.
   */
  begin(request: SkillCallRequest): StartedCall {
    const { audit } = this.options;
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const skill = this.options.getSkill(request.name);
    const base = {
      skill: request.name,
      source: request.source,
      requestedBy: request.requestedBy ?? null,
      params: request.params,
    };
    const ended = (auditId: number, outcome: SkillCallOutcome): StartedCall => ({
      auditId,
      run: () => Promise.resolve(outcome),
    });
    if (!skill) {
      const error = `unknown tool "${request.name}"`;
      const auditId = audit.start({ ...base, risk: 'low' });
      return ended(
        auditId,
        this.settle(
          request,
          { status: 'failed', durationMs: 0, error },
          {
            status: 'error',
            result: { success: false, error, durationMs: 0 },
            auditId,
          },
        ),
      );
    }
    const risk = effectiveRisk(skill, this.options.skillSettings);
    const auditId = audit.start({ ...base, skillHash: skill.hash, risk });
    // A call that runs nothing: its audit row says why, and so does the answer.
    const failed = (error: string): SkillCallOutcome =>
      this.settle(
        request,
        { status: 'failed', durationMs: elapsed(), error },
        {
          status: 'error',
          result: { success: false, error, durationMs: elapsed() },
          auditId,
          risk,
        },
      );
    const invalid = checkArguments(skill, request.params);
    if (invalid) return ended(auditId, failed(invalid));
    // Read once for the checks and a run that follows at once; an approved run reads them again.
    const env = this.options.config?.env(skill) ?? {};
    const missing = this.options.config?.missing(skill, env) ?? [];
    if (missing.length > 0) return ended(auditId, failed(notConfiguredMessage(skill, missing)));
    return {
      auditId,
      run: () => this.run(request, skill, risk, auditId, env, elapsed, failed),
    };
  }

  private async run(
    request: SkillCallRequest,
    skill: Skill,
    risk: Risk,
    auditId: number,
    env: Record<string, string>,
    elapsed: () => number,
    failed: (error: string) => SkillCallOutcome,
  ): Promise<SkillCallOutcome> {
    const params = request.params as Record<string, unknown>;
    const runOptions = (run: Skill, runEnv = this.options.config?.env(run) ?? {}): ExecuteOptions => ({
      ...this.options.execute,
      env: runEnv,
      call: { source: request.source, requestedBy: request.requestedBy, allowedSkills: request.allowedSkills },
      signal: request.signal,
    });
    const refused = await precheckCall(skill, params, runOptions(skill, env));
    if (refused) return failed(refused);

    if (risk === 'low' || request.ownerAtTerminal) {
      const result = await executeSkill(skill, params, runOptions(skill, env));
      const outcome = request.ownerAtTerminal && risk === 'high' ? 'owner-at-terminal' : 'none';
      return this.settleRun(request, auditId, result, elapsed(), outcome, { risk });
    }

    const refusal = (error: string, approvalOutcome: string): SkillCallOutcome =>
      this.settle(
        request,
        { status: 'refused', durationMs: elapsed(), error, approvalOutcome },
        {
          status: 'refused',
          result: { success: false, error, durationMs: elapsed() },
          auditId,
          risk,
        },
      );
    if (this.options.highRiskPaused?.()) {
      return refusal(`${skill.name} did not run: high-risk skills are paused by the owner`, 'paused');
    }
    const gate = this.options.gate;
    if (!gate) {
      return refusal(`${skill.name} needs the owner's approval, and no approval channel is set up`, 'cancelled');
    }
    const decision = await gate.request({
      skill,
      params,
      source: request.source,
      requestedBy: request.requestedBy,
      signal: request.signal,
    });
    if (decision.status !== 'approved') {
      const words =
        decision.status === 'rejected'
          ? refusedForModel(skill.name)
          : decision.status === 'expired'
            ? unconfirmedForModel(skill.name)
            : `${skill.name} did not run: ${decision.reason}`;
      const status: CallStatus =
        decision.status === 'rejected' ? 'refused' : decision.status === 'expired' ? 'unconfirmed' : 'cancelled';
      return this.settle(
        request,
        {
          status: 'refused',
          durationMs: elapsed(),
          error: words,
          approvalId: decision.approvalId,
          approvalOutcome: decision.status,
        },
        {
          status,
          result: { success: false, error: words, durationMs: elapsed() },
          auditId,
          approvalId: decision.approvalId,
          risk,
        },
      );
    }
    // Exactly what was approved: the stored params, the approved skill version.
    const result = await executeSkill(decision.skill, decision.params, runOptions(decision.skill));
    gate.finish(decision.approvalId, result);
    return this.settleRun(request, auditId, result, elapsed(), 'approved', {
      risk,
      approvalId: decision.approvalId,
    });
  }

  /** Completes the audit row of a call that ran. */
  private settleRun(
    request: SkillCallRequest,
    auditId: number,
    result: SkillResult,
    durationMs: number,
    approvalOutcome: string,
    extra: { risk: Risk; approvalId?: string },
  ): SkillCallOutcome {
    return this.settle(
      request,
      {
        status: result.success ? 'done' : 'failed',
        durationMs,
        exitCode: result.exitCode ?? null,
        resultSummary: summary(result),
        error: result.error ?? null,
        approvalOutcome,
        ...(extra.approvalId ? { approvalId: extra.approvalId } : {}),
      },
      { status: result.success ? 'done' : 'error', result, auditId, ...extra },
    );
  }

  /** Completes the audit row and, in the same commit, stores what the caller keeps of the outcome. */
  private settle(request: SkillCallRequest, finish: AuditFinish, outcome: SkillCallOutcome): SkillCallOutcome {
    const { audit } = this.options;
    const record = request.recordWith;
    if (!record) {
      audit.finish(outcome.auditId, finish);
      return outcome;
    }
    let failure: { error: unknown } | undefined;
    this.options.atomically(() => {
      audit.finish(outcome.auditId, finish);
      try {
        record(outcome);
      } catch (error) {
        // The audit row is completed all the same: it must not stay "running" for a call that ended.
        failure = { error };
      }
    });
    if (failure) throw failure.error;
    return outcome;
  }
}
