/**
 * One skill call from any source, end to end: arguments checked, risk decided (review pinning
 * included), an audit row written at the start and completed at the end, the approval gate for
 * high-risk calls, and the executor. What comes back is what the model may see.
 */
import type { AuditRepo } from '../store/audit-repo.js';
import type { AuditSource } from '../store/audit-types.js';
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
    if (!skill) {
      const error = `unknown tool "${request.name}"`;
      const auditId = audit.start({ ...base, risk: 'low' });
      audit.finish(auditId, { status: 'failed', durationMs: 0, error });
      return { status: 'error', result: { success: false, error, durationMs: 0 }, auditId };
    }
    const risk = effectiveRisk(skill, this.options.skillSettings);
    const auditId = audit.start({ ...base, skillHash: skill.hash, risk });
    // A call that runs nothing: its audit row says why, and so does the answer.
    const failed = (error: string): SkillCallOutcome => {
      audit.finish(auditId, { status: 'failed', durationMs: elapsed(), error });
      return { status: 'error', result: { success: false, error, durationMs: elapsed() }, auditId, risk };
    };
    const invalid = checkArguments(skill, request.params);
    if (invalid) return failed(invalid);
    const params = request.params as Record<string, unknown>;
    // Read once for the checks and a run that follows at once; an approved run reads them again.
    const env = this.options.config?.env(skill) ?? {};
    const missing = this.options.config?.missing(skill, env) ?? [];
    if (missing.length > 0) return failed(notConfiguredMessage(skill, missing));
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
      this.finishRun(
        auditId,
        result,
        elapsed(),
        request.ownerAtTerminal && risk === 'high' ? 'owner-at-terminal' : 'none',
      );
      return { status: result.success ? 'done' : 'error', result, auditId, risk };
    }

    if (this.options.highRiskPaused?.()) {
      const error = `${skill.name} did not run: high-risk skills are paused by the owner`;
      audit.finish(auditId, { status: 'refused', durationMs: elapsed(), error, approvalOutcome: 'paused' });
      return { status: 'refused', result: { success: false, error, durationMs: elapsed() }, auditId, risk };
    }
    const gate = this.options.gate;
    if (!gate) {
      const error = `${skill.name} needs the owner's approval, and no approval channel is set up`;
      audit.finish(auditId, { status: 'refused', durationMs: elapsed(), error, approvalOutcome: 'cancelled' });
      return { status: 'refused', result: { success: false, error, durationMs: elapsed() }, auditId, risk };
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
      audit.finish(auditId, {
        status: 'refused',
        durationMs: elapsed(),
        error: words,
        approvalId: decision.approvalId,
        approvalOutcome: decision.status,
      });
      const status: CallStatus =
        decision.status === 'rejected' ? 'refused' : decision.status === 'expired' ? 'unconfirmed' : 'cancelled';
      return {
        status,
        result: { success: false, error: words, durationMs: elapsed() },
        auditId,
        approvalId: decision.approvalId,
        risk,
      };
    }
    // Exactly what was approved: the stored params, the approved skill version.
    const result = await executeSkill(decision.skill, decision.params, runOptions(decision.skill));
    gate.finish(decision.approvalId, result);
    this.finishRun(auditId, result, elapsed(), 'approved', decision.approvalId);
    return { status: result.success ? 'done' : 'error', result, auditId, approvalId: decision.approvalId, risk };
  }

  /** Completes the audit row of a call that ran. */
  private finishRun(
    auditId: number,
    result: SkillResult,
    durationMs: number,
    outcome: string,
    approvalId?: string,
  ): void {
    this.options.audit.finish(auditId, {
      status: result.success ? 'done' : 'failed',
      durationMs,
      exitCode: result.exitCode ?? null,
      resultSummary: summary(result),
      error: result.error ?? null,
      approvalOutcome: outcome,
      ...(approvalId ? { approvalId } : {}),
    });
  }
}
