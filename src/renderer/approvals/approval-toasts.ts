/**
 * Which approval a toast asking for one is about, and when that approval is answered (approved,
 * refused, cancelled, expired: here, in WeChat or anywhere else), so that the toast goes at once
 * instead of asking on about a call already decided. The approval's own event (pending) comes
 * before its request's notification; one asked about before any was seen is known by its skill
 * (one approval at a time is pending for the owner).
 */
import type { ApprovalInfo, ApprovalMessageCode } from '../../shared/contract.js';
import { isOpen } from './ApprovalsProvider.js';

export interface AskedApproval {
  skill: string;
  id?: string;
}

/** The pending approval of each skill, as the approval events tell it. */
export type PendingBySkill = Map<string, string>;

/** Keeps `pending` up to date with an approval event. */
export function notePending(pending: PendingBySkill, approval: ApprovalInfo): void {
  if (approval.status === 'pending') pending.set(approval.skillName, approval.id);
  else if (pending.get(approval.skillName) === approval.id) pending.delete(approval.skillName);
}

/** The approval a notification asks for (none for other news). */
export function askedApproval(
  code: ApprovalMessageCode | undefined,
  pending: PendingBySkill,
): AskedApproval | undefined {
  if (code?.code !== 'approval-needed') return undefined;
  const { skill } = code.params;
  const id = pending.get(skill);
  return id ? { skill, id } : { skill };
}

/** True when `approval` (from an approval event) is the one asked about, no longer open. */
export function isAnswered(asked: AskedApproval, approval: ApprovalInfo): boolean {
  if (isOpen(approval)) return false;
  return asked.id ? asked.id === approval.id : asked.skill === approval.skillName;
}
