/**
 * What the gate decides for a call: approved, or a denial whose reason is what the model is told
 * (the seed's words for a refusal or a lapse, the cause for a cancel).
 */
import type { CancelCause } from '../../shared/call-errors.js';
import type { Skill } from '../skills/types.js';
import type { ApprovalChannel } from './channel.js';
import * as say from './messages.js';

/** Why a call did not run when nobody could be asked (no WeChat, no app, no terminal). */
export const NO_CHANNEL = 'no approval channel could reach the owner';

export type GateDecision =
  { status: 'approved'; approvalId: string; skill: Skill; params: Record<string, unknown> } | GateDenial;

/** A call that will not run: refused or let lapse by the owner (`reason`: the seed's words), or cancelled. */
export type GateDenial =
  /** `channel`: the one the owner refused it on; `inApp`: whether that was an in-app card (no code). */
  | { status: 'rejected'; approvalId: string; reason: string; channel: string; inApp: boolean }
  | { status: 'expired'; approvalId: string; reason: string }
  /** `approvalId`: none when the call was stopped before an approval was opened (see stoppedBeforeAsking). */
  | { status: 'cancelled'; approvalId?: string; reason: string; cause: CancelCause };

/**
 * Why each cancel happened, in English (what the model is told after "<skill> did not run: "):
 * never that an approval was asked for, approved or closed (the model never sees that step).
 */
const CANCEL_REASONS: Record<CancelCause, (skill: string) => string> = {
  'shutting-down': () => 'iAs is shutting down',
  'closed-elsewhere': () => 'another iAs process stopped it',
  'skill-removed': (skill) => `the skill ${skill} was removed`,
  'no-channel': () => NO_CHANNEL,
  stopped: () => 'the call was stopped',
  'skill-changed': (skill) => `the skill ${skill} changed before it started; call it again to run its current version`,
};

/** The decision for approval `approvalId` of `skill` refused by the owner on `channel`. */
export const refused = (
  approvalId: string,
  skill: string,
  channel: Pick<ApprovalChannel, 'name' | 'inApp'>,
): GateDenial => ({
  status: 'rejected',
  approvalId,
  reason: say.refusedForModel(skill),
  channel: channel.name,
  inApp: channel.inApp,
});

/** The decision for approval `approvalId` of `skill` let lapse. */
export const lapsed = (approvalId: string, skill: string): GateDenial => ({
  status: 'expired',
  approvalId,
  reason: say.unconfirmedForModel(skill),
});

/** The decision for approval `approvalId` of `skill` cancelled for `cause`. */
export const cancelled = (approvalId: string, cause: CancelCause, skill: string): GateDenial => ({
  status: 'cancelled',
  approvalId,
  reason: CANCEL_REASONS[cause](skill),
  cause,
});

/**
 * The decision for a call of `skill` whose turn was stopped before its approval was opened: nobody
 * is asked and nothing runs, and it reads as one stopped while its approval waited.
 */
export const stoppedBeforeAsking = (skill: string): GateDenial => ({
  status: 'cancelled',
  reason: CANCEL_REASONS.stopped(skill),
  cause: 'stopped',
});
