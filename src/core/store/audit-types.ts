/** The shapes of the audit log: one row per skill call. */
import type { Risk } from '../skills/types.js';

export type AuditStatus = 'running' | 'done' | 'failed' | 'interrupted' | 'refused';
export type AuditSource = 'chat' | 'job' | 'schedule' | 'cli';
/** 'none' for calls that needed no approval; other values may be added by the gate. */
export type AuditApprovalOutcome =
  'none' | 'approved' | 'rejected' | 'expired' | 'cancelled' | 'unconfirmed' | (string & Record<never, never>);

/** What start() records when a call begins. */
export interface AuditEntry {
  skill: string;
  /** The skill version (hash of its folder). */
  skillHash?: string | null;
  source: AuditSource;
  /** The conversation or job that asked. */
  requestedBy?: string | null;
  /** Stored as JSON (capped); any JSON-serialisable value. */
  params?: unknown;
  risk: Risk;
  approvalId?: string | null;
  approvalOutcome?: AuditApprovalOutcome;
  /** Defaults to now. */
  startedAt?: number;
}

/** What finish() records when a call ends. */
export interface AuditFinish {
  status: Exclude<AuditStatus, 'running'>;
  durationMs: number;
  exitCode?: number | null;
  /** Capped by the repository. */
  resultSummary?: string | null;
  /** Capped by the repository. */
  error?: string | null;
  /** Left as it was when omitted. */
  approvalOutcome?: AuditApprovalOutcome;
  /** Left as it was when omitted. */
  approvalId?: string | null;
  /** Defaults to now. */
  finishedAt?: number;
}

export interface AuditRow {
  id: number;
  startedAt: number;
  finishedAt: number | null;
  skill: string;
  skillHash: string | null;
  source: AuditSource;
  requestedBy: string | null;
  /** The parameters as stored (parsed back from JSON). */
  params: unknown;
  risk: Risk;
  approvalId: string | null;
  approvalOutcome: AuditApprovalOutcome;
  status: AuditStatus;
  durationMs: number | null;
  exitCode: number | null;
  resultSummary: string | null;
  error: string | null;
}

export interface AuditFilter {
  skill?: string;
  status?: AuditStatus;
  source?: AuditSource;
  /** started_at ≥ from (ms). */
  from?: number;
  /** started_at < to (ms). */
  to?: number;
  /** Words that must all appear (as substrings, case-insensitive) in skill, params, result or error. */
  text?: string;
  /** Page size: default 50, at most 500. Ignored by the exports. */
  limit?: number;
  /** The nextCursor of the previous page. Ignored by the exports. */
  cursor?: string;
}

export interface AuditPage {
  rows: AuditRow[];
  /** Present when there may be more rows: pass it as `cursor` for the next page. */
  nextCursor?: string;
}
