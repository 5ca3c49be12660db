/**
 * Which approval a toast asking for one is about, and when that approval is answered (approved,
 * refused, cancelled, expired: here, in WeChat or anywhere else), so that the toast goes at once
 * instead of asking on about a call already decided. The request's notification names its approval
 * by id: a toast goes with that approval and no other, even one of the same skill.
 */
import type { ApprovalInfo, ApprovalMessageCode } from '../../shared/contract.js';
import { isOpen } from './ApprovalsProvider.js';

/** The id of the approval a notification asks for (none for other news). */
export function askedApproval(code: ApprovalMessageCode | undefined): string | undefined {
  return code?.code === 'approval-needed' ? code.params.approvalId : undefined;
}

/** True when `approval` (from an approval event) is the one asked about, no longer open. */
export function isAnswered(askedId: string, approval: ApprovalInfo): boolean {
  return approval.id === askedId && !isOpen(approval);
}
