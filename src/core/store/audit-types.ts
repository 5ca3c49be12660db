/**
 * The shapes of the audit log: one row per skill call. The row, the filter and the page are the
 * contract's own (src/shared), so the UI sees exactly what the store returns.
 */
import type { AuditPageInfo, AuditQuery, AuditRowInfo, AuditSource, AuditStatus } from '../../shared/contract.js';
import type { Risk } from '../skills/types.js';
import type { ToolErrorCode } from '../../shared/tool-errors.js';

export type { AuditSource, AuditStatus };

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
  /**
   * Why the call did not run, when iAs decided it (the gate, or arguments or settings it lacked):
   * the error said in the reader's language.
   */
  errorCode?: ToolErrorCode | null;
  /** Left as it was when omitted. */
  approvalOutcome?: AuditApprovalOutcome;
  /** Left as it was when omitted. */
  approvalId?: string | null;
  /** Defaults to now. */
  finishedAt?: number;
}

/** A stored call, as read back (params parsed from JSON). */
export type AuditRow = AuditRowInfo & { approvalOutcome: AuditApprovalOutcome };

/** A query: filters (every one optional), a page size (default 50, at most 500) and a cursor. */
export type AuditFilter = AuditQuery;

/** A page, newest first; `nextCursor` when there may be more. */
export type AuditPage = AuditPageInfo;

/**
 * A change of the audit log made by this process, told as `changed` once the write's synchronous
 * work is done: a row added (running, or whole at its end), or a running one ended.
 */
export interface AuditChange {
  /** The row; none when many rows ended at once (calls left behind, interrupted at start-up). */
  id?: number;
  /** A row added, rather than one that ended. */
  added: boolean;
  /** The row is running (awaiting its approval, or its result). */
  running: boolean;
}
